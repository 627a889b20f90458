import { E2E_SMS_WEBHOOK_SECRET, MAIL_PROVIDER_URL } from "../support/urls";

/** Texts: what the stand-in provider received, and the provider's signed STOP webhook. */
type Received = { channel: string; to: string; text: string };
export const textsTo = async (phone: string) =>
  ((await (await fetch(`${MAIL_PROVIDER_URL}/texts`)).json()) as Received[]).filter((m) => m.to === phone);

/** A zone where it is working hours now, so no text is held for quiet hours whenever the tests run. */
export function daytimeZone(now = Date.now()) {
  const zones = ["Pacific/Honolulu", "America/Los_Angeles", "America/New_York", "Europe/London", "Asia/Dubai", "Asia/Singapore", "Asia/Tokyo"];
  const hourIn = (timeZone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now));
  return zones.find((z) => hourIn(z) >= 9 && hourIn(z) <= 18)!;
}

/** A number nobody else in the run uses: suppressions outlive a test. */
export const uniquePhone = () => `+1 212 ${String(Math.floor(Math.random() * 900) + 100)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
export const e164 = (phone: string) => phone.replace(/[^\d+]/g, "");

export async function signedStop(baseURL: string, from: string, { secret = E2E_SMS_WEBHOOK_SECRET, text = "STOP" } = {}) {
  const body = JSON.stringify({ from, text });
  const timestamp = String(Date.now());
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`)));
  const signature = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return fetch(new URL("/api/1.0/webhooks/sms", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "X-Timestamp": timestamp, "X-Signature": signature },
    body,
  });
}

