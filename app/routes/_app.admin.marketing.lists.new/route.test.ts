import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** Saving a recipient list from /admin/marketing/lists/new, as an admin's browser does. */
const app = await bootApp("route-new-list");
afterAll(() => app.cleanup());
const { loader, action } = await import("./route");
const { auditLog, customers, recipientLists } = await import("~/.server/db/schema");
const { and, eq } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");

const page = async () => (await sent(loader({ request: getRequest("/admin/marketing/lists/new?kind=filters&query=", admin.cookie), context, params: {} }))).json();
const save = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/marketing/lists/new", admin.cookie, fields), context, params: {} }));

describe("a list saved from its page", () => {
  it("is saved once however often the same page's form is sent (a resend, a second tab); a page shown again saves another", async () => {
    const name = `Twice ${Date.now()}`;
    const form = { kind: "filters", name, channel: "email", query: "", key: (await page()).submissionKey as string };
    const answers = await Promise.all([save(form), save(form)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(new Set(answers.map((a) => a.headers.get("Location"))).size).toBe(1);
    expect((await save(form)).headers.get("Location")).toBe(answers[0]!.headers.get("Location"));
    const saved = await services.db.select().from(recipientLists).where(eq(recipientLists.name, name));
    expect(saved).toHaveLength(1);
    const audited = await services.db.select().from(auditLog).where(and(eq(auditLog.action, "list.save"), eq(auditLog.subjectId, String(saved[0]!.id))));
    expect(audited).toHaveLength(1);
    expect((await save({ ...form, key: (await page()).submissionKey })).status).toBe(302);
    expect(await services.db.select().from(recipientLists).where(eq(recipientLists.name, name))).toHaveLength(2);
  });

  it("tells the admin how many of the ticked customers are left out as disabled or locked", async () => {
    const rows = await services.db
      .insert(customers)
      .values([true, false, true].map((enabled, i) => ({ name: `Ticked ${i}`, customerType: "buyer" as const, enabled, locked: i === 2 })))
      .returning({ id: customers.id });
    const url = `/admin/marketing/lists/new?kind=selection&${rows.map((r) => `customerId=${r.id}`).join("&")}`;
    const shown = await (await sent(loader({ request: getRequest(url, admin.cookie), context, params: {} }))).json();
    expect({ size: shown.reach?.size, leftOut: shown.leftOut }).toEqual({ size: 1, leftOut: 2 });
  });
});
