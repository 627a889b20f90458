import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The admin's customer edit forms, as a browser posts them. */
const app = await bootApp("route-admin-customer-edit");
const { action } = await import("./route");
const { customers } = await import("~/.server/db/schema");
const { CHANGED_MEANWHILE, deleteOrAnonymiseCustomer, findCustomer } = await import("~/models/customer-accounts.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

describe("the criteria form of a deleted (anonymised) customer", () => {
  it("posted from a page opened before the delete is refused (404), the criteria the delete cleared left cleared", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Stale Criteria LLC", customerType: "buyer" }).returning();
    const done = await deleteOrAnonymiseCustomer(services, { actor: admin.user, customerId: customer!.id });
    expect(done).toEqual({ ok: true });
    const posted = await responseOf(
      action({
        request: postRequest(`/admin/customers/edit/${customer!.id}`, admin.cookie, { intent: "criteria", investmentCriteria: "Senior secured loans in Ohio, contact jane@stale.example" }),
        context,
        params: { id: String(customer!.id) },
      }),
    );
    expect(posted.status).toBe(404);
    expect((await findCustomer(services.db, { customerId: customer!.id }))!.preferences).toEqual({});
  });
});

describe("a customer renamed to another customer's name", () => {
  it("is refused (409) with the name's field error naming that customer, and nothing is saved", async () => {
    const [taken, renamed] = await services.db
      .insert(customers)
      .values([
        { name: "Keystone Lending", customerType: "buyer" },
        { name: "Cornerstone Lending", customerType: "buyer", comments: "as it was" },
      ])
      .returning();
    const post = (fields: Record<string, string>) =>
      responseOf(action({ request: postRequest(`/admin/customers/edit/${renamed!.id}`, admin.cookie, { intent: "customer", customerType: "buyer", ...fields }), context, params: { id: String(renamed!.id) } }));
    const refused = await post({ customerName: "KEYSTONE lending", comments: "changed" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error.customerName).toEqual([`Keystone Lending (customer ${taken!.id}) has this name already.`]);
    expect(await findCustomer(services.db, { customerId: renamed!.id })).toMatchObject({ name: "Cornerstone Lending", comments: "as it was" });
    // its own name in another case is its own
    expect((await post({ customerName: "CORNERSTONE Lending" })).status).toBe(302);
    expect((await findCustomer(services.db, { customerId: renamed!.id }))!.name).toBe("CORNERSTONE Lending");
  });
});

describe("two admins editing one customer", () => {
  it("keeps what the other saved meanwhile: the older page writes only what its admin changed, and a field both changed is refused (409)", async () => {
    const [customer] = await services.db
      .insert(customers)
      .values({ name: "Two Tabs Credit", customerType: "buyer", contactPerson: "Alex Garcia", smsAllowance: 100, comments: "" })
      .returning();
    const id = customer!.id;
    // both pages opened on the customer as it was
    const opened = { customerName: "Two Tabs Credit", customerType: "buyer", contactPerson: "Alex Garcia", attentionEmail: "", attentionPhone: "", website: "", type: "", size: "", headquarters: "", smsAllowance: "100", comments: "" };
    const save = (changes: Record<string, string>) =>
      responseOf(
        action({
          request: postRequest(`/admin/customers/edit/${id}`, admin.cookie, { intent: "customer", ...opened, ...changes, opened: JSON.stringify(opened) }),
          context,
          params: { id: String(id) },
        }),
      );
    // the second tab: no more texts, and why
    expect((await save({ smsAllowance: "0", comments: "Do not text." })).status).toBe(302);
    // the first tab, opened before, changes the contact person only: the allowance and the note stay
    expect((await save({ contactPerson: "Alex J. Garcia" })).status).toBe(302);
    expect(await findCustomer(services.db, { customerId: id })).toMatchObject({ contactPerson: "Alex J. Garcia", smsAllowance: 0, comments: "Do not text." });
    // a note both wrote, differently: refused on that field, nothing written
    const clash = await save({ comments: "Call on Mondays." });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { result: { error: Record<string, string[]> } }).result.error.comments).toEqual([CHANGED_MEANWHILE]);
    expect((await findCustomer(services.db, { customerId: id }))!.comments).toBe("Do not text.");
  });
});

describe("a customer converted from a potential customer with long notes", () => {
  it("keeps the notes whole as its comments, and saves from this form with them (a demo request's message runs to 4,000 characters)", async () => {
    const { leads } = await import("~/.server/db/schema");
    const { convertLead } = await import("~/models/leads.server");
    const notes = `We manage a book of senior secured loans. ${"Details of the portfolio follow. ".repeat(150)}`.slice(0, 4000).trim();
    expect(notes.length).toBeGreaterThan(3900);
    const [lead] = await services.db.insert(leads).values({ source: "demo", name: "Long Notes", email: "long@notes.example.test", company: "Long Notes Capital", notes }).returning();
    const converted = await convertLead(services.db, { id: lead!.id });
    expect(converted).toMatchObject({ ok: true });
    const id = converted!.ok ? converted!.customerId : 0;
    expect((await findCustomer(services.db, { customerId: id }))!.comments).toBe(notes);
    // the edit form as the page fills it, the contact person changed
    const fields = { intent: "customer", customerName: "Long Notes Capital", customerType: "buyer", contactPerson: "Lena Long", attentionEmail: "long@notes.example.test", comments: notes };
    const saved = await responseOf(action({ request: postRequest(`/admin/customers/edit/${id}`, admin.cookie, fields), context, params: { id: String(id) } }));
    expect(saved.status).toBe(302);
    expect(await findCustomer(services.db, { customerId: id })).toMatchObject({ contactPerson: "Lena Long", comments: notes });
  });
});
