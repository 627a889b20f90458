import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "./crypto";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const keyOf = (secret: string) => `unsubscribe:${secret}`;
const alertsKeyOf = (secret: string) => `unsubscribe-alerts:${secret}`;

/** `{claim}.{HMAC}`, base64url: nothing is stored, the MAC is the proof. */
async function sign(key: string, claim: string) {
  return `${toBase64Url(encoder.encode(claim))}.${toBase64Url(await hmacSha256(key, claim))}`;
}

/** The claim a token signed under `key` carries; null when it is malformed, too long or tampered with. */
async function readSigned(key: string, token: string) {
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
  if (!claim || claim.length > 320) return null;
  return timingSafeEqual(mac, await hmacSha256(key, claim)) ? claim : null;
}

/**
 * `{address}` and its HMAC, base64url. It never expires (an unsubscribe link must
 * work however old the e-mail), and nothing is stored: the MAC is the proof.
 */
export async function unsubscribeToken(secret: string, address: string) {
  return sign(keyOf(secret), address.trim().toLowerCase());
}

/** The address a token names; null when it is malformed or tampered with. */
export async function readUnsubscribeToken(secret: string, token: string) {
  return readSigned(keyOf(secret), token);
}

/** What an alerts link stops: one saved search, or every saved-search alert of a member (a digest's header). */
export type AlertsClaim = { searchId: number } | { userId: number };
const ALERTS_CLAIM = /^(search|member):([1-9]\d{0,11})$/;

/** A saved-search alerts link's token: like the address token, under its own key, so neither reads as the other. */
export async function alertsUnsubscribeToken(secret: string, claim: AlertsClaim) {
  return sign(alertsKeyOf(secret), "searchId" in claim ? `search:${claim.searchId}` : `member:${claim.userId}`);
}

/** The search or member an alerts token names; null when it is malformed or tampered with. */
export async function readAlertsUnsubscribeToken(secret: string, token: string): Promise<AlertsClaim | null> {
  const parsed = ALERTS_CLAIM.exec((await readSigned(alertsKeyOf(secret), token)) ?? "");
  if (!parsed) return null;
  const id = Number(parsed[2]);
  return parsed[1] === "search" ? { searchId: id } : { userId: id };
}
