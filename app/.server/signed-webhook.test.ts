import { describe, expect, it } from "vitest";
import { isSignedWebhook, signWebhookBody, SIGNATURE_MAX_AGE_MS } from "./signed-webhook";

describe("inbound SMS signatures", () => {
  const body = JSON.stringify({ from: "+12125550100", text: "STOP" });
  const now = 1_800_000_000_000;
  const timestamp = String(now);

  it("accepts the provider's signature and refuses anything else", async () => {
    const signature = await signWebhookBody("secret", timestamp, body);
    expect(await isSignedWebhook("secret", { timestamp, signature, body, now })).toBe(true);
    expect(await isSignedWebhook("secret", { timestamp, signature: signature.toUpperCase(), body, now })).toBe(true);
    expect(await isSignedWebhook("other", { timestamp, signature, body, now })).toBe(false);
    expect(await isSignedWebhook("secret", { timestamp, signature, body: body.replace("STOP", "HELLO"), now })).toBe(false);
    expect(await isSignedWebhook("secret", { timestamp: String(now + 1), signature, body, now })).toBe(false);
    expect(await isSignedWebhook(undefined, { timestamp, signature, body, now })).toBe(false);
    expect(await isSignedWebhook("secret", { timestamp, signature: null, body, now })).toBe(false);
  });

  it("refuses a replay once the signature is stale", async () => {
    const signature = await signWebhookBody("secret", timestamp, body);
    expect(await isSignedWebhook("secret", { timestamp, signature, body, now: now + SIGNATURE_MAX_AGE_MS + 1 })).toBe(false);
  });
});
