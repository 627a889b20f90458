import { readSignedClaim, signClaim } from "./crypto";

const keyOf = (secret: string) => `unsubscribe:${secret}`;
const alertsKeyOf = (secret: string) => `unsubscribe-alerts:${secret}`;

/**
 * `{address}` and its HMAC, base64url. It never expires (an unsubscribe link must
 * work however old the e-mail), and nothing is stored: the MAC is the proof.
 */
export async function unsubscribeToken(secret: string, address: string) {
  return signClaim(keyOf(secret), address.trim().toLowerCase());
}

/** The address a token names; null when it is malformed or tampered with. */
export async function readUnsubscribeToken(secret: string, token: string) {
  return readSignedClaim(keyOf(secret), token);
}

/** What an alerts link stops: one saved search, or every saved-search alert of a member (a digest's header). */
export type AlertsClaim = { searchId: number } | { userId: number };
const ALERTS_CLAIM = /^(search|member):([1-9]\d{0,11})$/;

/** A saved-search alerts link's token: like the address token, under its own key, so neither reads as the other. */
export async function alertsUnsubscribeToken(secret: string, claim: AlertsClaim) {
  return signClaim(alertsKeyOf(secret), "searchId" in claim ? `search:${claim.searchId}` : `member:${claim.userId}`);
}

/** The search or member an alerts token names; null when it is malformed or tampered with. */
export async function readAlertsUnsubscribeToken(secret: string, token: string): Promise<AlertsClaim | null> {
  const parsed = ALERTS_CLAIM.exec((await readSignedClaim(alertsKeyOf(secret), token)) ?? "");
  if (!parsed) return null;
  const id = Number(parsed[2]);
  return parsed[1] === "search" ? { searchId: id } : { userId: id };
}
