import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The public contact form, as a visitor's browser (or a script) posts it. */
const app = await bootApp("route-contact-us");
const { action } = await import("./route");
const { inboundItems, leads, outbox } = await import("~/.server/db/schema");
const { eq, like } = await import("drizzle-orm");
const { context, services } = app;
afterAll(() => app.cleanup());

const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/contact-us", undefined, fields), context, params: {} }));

describe("a contact message's e-mail to the admins", () => {
  it("keeps a name with line breaks on one subject line, so that it cannot add headers to the e-mail", async () => {
    const done = await post({ topic: "general", name: "Mallory\r\nBcc: victim@example.test", email: "mallory@example.test", message: "Please call me about listing a pool." });
    expect(done.status).toBe(302);
    const mails = await services.db.select({ subject: outbox.subject }).from(outbox).where(like(outbox.subject, "%Mallory%"));
    expect(mails.length).toBeGreaterThan(0);
    for (const { subject } of mails) {
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject).toContain("Mallory Bcc: victim@example.test");
    }
  });
});

describe("a message sent twice", () => {
  it("(a double click without JavaScript, or two at once) is kept once, the admins told once and one potential customer made, and both are thanked", async () => {
    const demo = { topic: "demo", name: "Doris Double", email: "doris@example.test", company: "Double Funds", message: "We would like a demo of the marketplace." };
    const [first, second] = await Promise.all([post(demo), post(demo)]);
    const again = await post(demo);
    for (const done of [first!, second!, again]) expect(done.status).toBe(302);
    expect(await services.db.select({ id: inboundItems.id }).from(inboundItems).where(eq(inboundItems.email, "doris@example.test"))).toHaveLength(1);
    expect(await services.db.select({ id: leads.id }).from(leads).where(eq(leads.email, "doris@example.test"))).toHaveLength(1);
    const told = await services.db.select({ recipient: outbox.recipient }).from(outbox).where(like(outbox.subject, "%Doris Double%"));
    expect(told.length).toBe(new Set(told.map((t) => t.recipient)).size);
    // another message of the same visitor is a new one
    expect((await post({ ...demo, message: "And a second question, about brokers." })).status).toBe(302);
    expect(await services.db.select({ id: inboundItems.id }).from(inboundItems).where(eq(inboundItems.email, "doris@example.test"))).toHaveLength(2);
  });
});
