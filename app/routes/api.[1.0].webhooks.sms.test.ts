import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../tests/support/app";
import { expectApiHeaders } from "../../tests/support/api-headers";

/** The SMS provider's inbound messages, as its servers post them: no cookie, no Origin. */
process.env.SMS_WEBHOOK_SECRET = "route-test-sms-webhook-secret";
const app = await bootApp("route-sms-webhook");
const route = await import("./api.[1.0].webhooks.sms");
const { signWebhookBody } = await import("~/.server/signed-webhook");
const { context } = app;
afterAll(() => app.cleanup());

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  responseOf(route.action({ request: new Request(`${ORIGIN}/api/1.0/webhooks/sms`, { method: "POST", headers, body }), context, params: {} }));
const signed = async (body: string) => {
  const timestamp = String(Date.now());
  return post(body, { "Content-Type": "application/json", "X-Timestamp": timestamp, "X-Signature": await signWebhookBody(process.env.SMS_WEBHOOK_SECRET!, timestamp, body) });
};

describe("the SMS webhook's answers", () => {
  it("carry the API's headers when it takes a STOP", async () => {
    const response = await signed(JSON.stringify({ from: "+15555550123", text: "STOP" }));
    expect(response.status).toBe(200);
    await expectApiHeaders(response);
  });

  it("answer a body over 256 KiB with 413 and the API's headers (no-store)", async () => {
    const response = await post("x".repeat(300 * 1024), { "Content-Type": "application/json" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The request is too large." });
    await expectApiHeaders(response);
  });

  it("answer a body that is not UTF-8 with 400 and the API's headers", async () => {
    const response = await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { "Content-Type": "application/json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request could not be read." });
    await expectApiHeaders(response);
  });

  it("answer a bad signature (401) and a signed body that is no message (400) with the API's headers", async () => {
    await expectApiHeaders(await post("{}", { "X-Timestamp": String(Date.now()), "X-Signature": "00" }));
    for (const body of ["not json", JSON.stringify({ from: "no number", text: "STOP" })]) {
      const response = await signed(body);
      expect(response.status).toBe(400);
      await expectApiHeaders(response);
    }
  });
});
