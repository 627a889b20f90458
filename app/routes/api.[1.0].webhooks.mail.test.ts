import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../tests/support/app";
import { expectApiHeaders } from "../../tests/support/api-headers";

/** The mail provider's signed events, as its servers post them: no cookie, no Origin. */
process.env.MAIL_WEBHOOK_SECRET = "route-test-mail-webhook-secret";
process.env.SMS_WEBHOOK_SECRET = "route-test-sms-webhook-secret";
const app = await bootApp("route-mail-webhook");
const route = await import("./api.[1.0].webhooks.mail");
const smsRoute = await import("./api.[1.0].webhooks.sms");
const { signWebhookBody } = await import("~/.server/signed-webhook");
const { outbox } = await import("~/.server/db/schema");
const { isSuppressed } = await import("~/models/suppressions.server");
const { context, services } = app;
afterAll(() => app.cleanup());

async function postEvents(payload: unknown) {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = await signWebhookBody(process.env.MAIL_WEBHOOK_SECRET!, timestamp, body);
  const request = new Request(`${ORIGIN}/api/1.0/webhooks/mail`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Timestamp": timestamp, "X-Signature": signature },
    body,
  });
  const response = await route.action({ request, context, params: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sentTo = async (recipient: string) =>
  (await services.db.insert(outbox).values({ channel: "email", recipient, body: "x", status: "sent", nextAttemptAt: new Date() }).returning())[0]!.id;

describe("POST /api/1.0/webhooks/mail", () => {
  it("applies a batch's bounce when the batch also carries events it does not act on (opens, deferrals)", async () => {
    const bounced = await sentTo("bounced-in-batch@example.test");
    const opened = await sentTo("opened-in-batch@example.test");
    const answer = await postEvents({
      events: [
        { type: "opened", outboxId: opened },
        { type: "bounced", outboxId: bounced },
        { type: "deferred", messageId: `outbox-${opened}` },
      ],
    });
    expect(answer).toEqual({ status: 200, body: { data: { received: 3, suppressed: 1, unknown: 0, ignored: 2 } } });
    expect((await isSuppressed(services.db, { channel: "email", address: "bounced-in-batch@example.test" }))?.reason).toBe("bounced");
    expect(await isSuppressed(services.db, { channel: "email", address: "opened-in-batch@example.test" })).toBeNull();
  });

  it("acknowledges a lone event of a kind it does not act on, and suppresses no one", async () => {
    const id = await sentTo("clicked@example.test");
    expect(await postEvents({ type: "clicked", outboxId: id })).toEqual({ status: 200, body: { data: { received: 1, suppressed: 0, unknown: 0, ignored: 1 } } });
    expect(await isSuppressed(services.db, { channel: "email", address: "clicked@example.test" })).toBeNull();
  });

  it("still refuses a body that is no events, with 400", async () => {
    for (const payload of [{ events: [] }, { events: [{ outboxId: 1 }] }, { type: "" }, { type: 7 }, ["bounced"]]) {
      expect((await postEvents(payload)).status).toBe(400);
    }
  });
});

describe("GET of the providers' webhooks", () => {
  it("answers 405 with Allow: POST, as the CMS webhook does, not the router's 400 for a route without a loader", async () => {
    for (const [path, mod] of [["/api/1.0/webhooks/mail", route], ["/api/1.0/webhooks/sms", smsRoute]] as const) {
      const response = await Promise.resolve().then(() => mod.loader({ request: new Request(`${ORIGIN}${path}`), context, params: {} }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(await response.json()).toEqual({ error: "Method not allowed" });
    }
  });
});

describe("the mail webhook's refusals", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    responseOf(route.action({ request: new Request(`${ORIGIN}/api/1.0/webhooks/mail`, { method: "POST", headers, body }), context, params: {} }));

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

  it("answer a bad signature (401) and a signed body that is not JSON (400) with the API's headers", async () => {
    await expectApiHeaders(await post("{}", { "X-Timestamp": String(Date.now()), "X-Signature": "00" }));
    const timestamp = String(Date.now());
    const signature = await signWebhookBody(process.env.MAIL_WEBHOOK_SECRET!, timestamp, "not json");
    const notJson = await post("not json", { "X-Timestamp": timestamp, "X-Signature": signature });
    expect(notJson.status).toBe(400);
    await expectApiHeaders(notJson);
  });
});

describe("the providers' webhooks, mail and SMS alike", () => {
  const routes = [["/api/1.0/webhooks/mail", route, "MAIL_WEBHOOK_SECRET"], ["/api/1.0/webhooks/sms", smsRoute, "SMS_WEBHOOK_SECRET"]] as const;
  const post = (path: string, mod: typeof route | typeof smsRoute, init: RequestInit) =>
    responseOf(mod.action({ request: new Request(`${ORIGIN}${path}`, init), context, params: {} }));

  it("refuse another method than POST (405), a bad signature (401) and a signed body that is not JSON (400), each with its message", async () => {
    for (const [path, mod, secret] of routes) {
      const put = await post(path, mod, { method: "PUT", body: "{}" });
      expect(put.status).toBe(405);
      expect(put.headers.get("Allow")).toBe("POST");
      expect(await put.json()).toEqual({ error: "Method not allowed" });
      const forged = await post(path, mod, { method: "POST", headers: { "X-Timestamp": String(Date.now()), "X-Signature": "00" }, body: "{}" });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toEqual({ error: "Invalid signature" });
      const timestamp = String(Date.now());
      const signature = await signWebhookBody(process.env[secret]!, timestamp, "not json");
      const notJson = await post(path, mod, { method: "POST", headers: { "X-Timestamp": timestamp, "X-Signature": signature }, body: "not json" });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ error: "The body must be JSON" });
    }
  });
});
