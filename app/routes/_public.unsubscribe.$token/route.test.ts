import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The marketing unsubscribe page, signed out: unsubscribing, and subscribing again with the same signed link (decision 142). */
const app = await bootApp("route-unsubscribe");
const { loader, action } = await import("./route");
const { isSuppressed, suppress } = await import("~/models/suppressions.server");
const { unsubscribeToken } = await import("~/.server/unsubscribe-token");
const { auditLog } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context, services } = app;
afterAll(() => app.cleanup());

const secret = services.env.SESSION_SECRET;
const page = async (token: string) => (await sent(loader({ request: getRequest(`/unsubscribe/${token}`), context, params: { token } }))).json();
const post = (token: string, fields: Record<string, string>) => responseOf(action({ request: postRequest(`/unsubscribe/${token}`, undefined, fields), context, params: { token } }));
const resubscribes = (address: string) => services.db.select().from(auditLog).where(eq(auditLog.subjectId, address));

describe("the unsubscribe page", () => {
  it("lets the address's owner subscribe again with the link that unsubscribed it, and keeps the proof in the audit log", async () => {
    const address = "again@example.com";
    const token = await unsubscribeToken(secret, address);
    expect((await post(token, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    expect(await page(token)).toEqual({ address, unsubscribed: true, kept: null });

    const done = await post(token, { intent: "resubscribe" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ resubscribed: true });
    expect(await isSuppressed(services.db, { channel: "email", address })).toBeNull();
    expect(await page(token)).toEqual({ address, unsubscribed: false, kept: null });
    const [proof, ...more] = await resubscribes(address);
    expect(more).toEqual([]);
    expect(proof).toMatchObject({ action: "email.resubscribe", subjectType: "email-address", actorId: null, detail: expect.stringContaining("signed unsubscribe link") });

    // a second press (another tab) is done already, and records nothing more
    expect((await post(token, { intent: "resubscribe" })).status).toBe(200);
    expect(await resubscribes(address)).toHaveLength(1);
    // a forged link subscribes nobody
    expect((await post(`${token.split(".")[0]}.forged`, { intent: "resubscribe" })).status).toBe(404);
  });

  it("keeps a bounced or complained address stopped whatever its owner presses", async () => {
    for (const reason of ["bounced", "complained"] as const) {
      const address = `${reason}@example.com`;
      await suppress(services.db, { channel: "email", address, reason });
      const token = await unsubscribeToken(secret, address);
      expect(await page(token)).toEqual({ address, unsubscribed: true, kept: expect.any(String) });
      const refused = await post(token, { intent: "resubscribe" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[""]![0]).toMatch(/cannot be subscribed again here/);
      expect((await isSuppressed(services.db, { channel: "email", address }))?.reason).toBe(reason);
      expect(await resubscribes(address)).toEqual([]);
    }
  });
});
