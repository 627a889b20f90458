import { readSignedClaim, signClaim } from "./crypto";

/** How long the link in an e-mail lets a buyer give feedback without signing in. */
export const FEEDBACK_TOKEN_DAYS = 30;

/** `{projectId}.{buyerId}.{expires}` and its HMAC, base64url: it names one buyer and one project. */
export async function feedbackToken(secret: string, projectId: number, buyerId: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + FEEDBACK_TOKEN_DAYS * 86_400;
  return signClaim(`feedback:${secret}`, `${projectId}.${buyerId}.${expires}`);
}

/** The buyer and project a token names; null when it is malformed, tampered with or expired. */
export async function readFeedbackToken(secret: string, token: string, now = Date.now()) {
  const claim = await readSignedClaim(`feedback:${secret}`, token);
  const match = claim ? /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})$/.exec(claim) : null;
  if (!match) return null;
  const [, projectId, buyerId, expires] = match.map(Number) as [number, number, number, number];
  if (expires * 1000 < now) return null;
  return { projectId, buyerId };
}
