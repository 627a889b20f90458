import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "./crypto";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const keyOf = (secret: string) => `unsubscribe:${secret}`;

/**
 * `{address}` and its HMAC, base64url. It never expires (an unsubscribe link must
 * work however old the e-mail), and nothing is stored: the MAC is the proof.
 */
export async function unsubscribeToken(secret: string, address: string) {
  const claim = address.trim().toLowerCase();
  return `${toBase64Url(encoder.encode(claim))}.${toBase64Url(await hmacSha256(keyOf(secret), claim))}`;
}

/** The address a token names; null when it is malformed or tampered with. */
export async function readUnsubscribeToken(secret: string, token: string) {
  const [claimPart, macPart, extra] = token.split(".");
  if (!claimPart || !macPart || extra !== undefined) return null;
  let address: string;
  let mac: Uint8Array;
  try {
    address = decoder.decode(fromBase64Url(claimPart));
    mac = fromBase64Url(macPart);
  } catch {
    return null;
  }
  if (!address || address.length > 320) return null;
  return timingSafeEqual(mac, await hmacSha256(keyOf(secret), address)) ? address : null;
}
