import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "./crypto";

/** How long the link in an e-mail lets a buyer give feedback without signing in. */
export const FEEDBACK_TOKEN_DAYS = 30;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `{projectId}.{buyerId}.{expires}` and its HMAC, base64url: it names one buyer and one project. */
export async function feedbackToken(secret: string, projectId: number, buyerId: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + FEEDBACK_TOKEN_DAYS * 86_400;
  const claim = `${projectId}.${buyerId}.${expires}`;
  const mac = await hmacSha256(`feedback:${secret}`, claim);
  return `${toBase64Url(encoder.encode(claim))}.${toBase64Url(mac)}`;
}

/** The buyer and project a token names; null when it is malformed, tampered with or expired. */
export async function readFeedbackToken(secret: string, token: string, now = Date.now()) {
  const [claimPart, macPart, extra] = token.split(".");
  if (!claimPart || !macPart || extra !== undefined) return null;
  let claim: string;
  let mac: Uint8Array;
  try {
    claim = decoder.decode(fromBase64Url(claimPart));
    mac = fromBase64Url(macPart);
  } catch {
    return null;
  }
  const match = /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})$/.exec(claim);
  if (!match) return null;
  if (!timingSafeEqual(mac, await hmacSha256(`feedback:${secret}`, claim))) return null;
  const [, projectId, buyerId, expires] = match.map(Number) as [number, number, number, number];
  if (expires * 1000 < now) return null;
  return { projectId, buyerId };
}
