import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The public contact form, as a visitor's browser (or a script) posts it. */
const app = await bootApp("route-contact-us");
const { action } = await import("./route");
const { outbox } = await import("~/.server/db/schema");
const { like } = await import("drizzle-orm");
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
