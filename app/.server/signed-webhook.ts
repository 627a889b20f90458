import { hmacSha256, timingSafeEqual } from "./crypto";

/**
 * A provider's webhook signature (inbound SMS, mail events): `X-Timestamp` (ms since the epoch)
 * and `X-Signature`, the hex HMAC-SHA256 of "<timestamp>.<raw body>" under
 * the webhook's secret (SMS_WEBHOOK_SECRET, MAIL_WEBHOOK_SECRET). The timestamp is signed too, so a captured request cannot be
 * replayed once it is older than SIGNATURE_MAX_AGE_MS.
 */
export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Timestamp";
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export async function signWebhookBody(secret: string, timestamp: string, body: string) {
  return hex(await hmacSha256(secret, `${timestamp}.${body}`));
}

/** Whether the request is the provider's, compared in constant time; a stale timestamp fails like a wrong signature. */
export async function isSignedWebhook(
  secret: string | undefined,
  { timestamp, signature, body, now = Date.now() }: { timestamp: string | null; signature: string | null; body: string; now?: number },
) {
  if (!secret || !timestamp || !signature || !/^\d{1,15}$/.test(timestamp)) return false;
  const expected = new TextEncoder().encode(await signWebhookBody(secret, timestamp, body));
  const matches = timingSafeEqual(expected, new TextEncoder().encode(signature.trim().toLowerCase()));
  return matches && Math.abs(now - Number(timestamp)) <= SIGNATURE_MAX_AGE_MS;
}
