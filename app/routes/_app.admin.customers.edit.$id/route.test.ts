import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The admin's customer edit forms, as a browser posts them. */
const app = await bootApp("route-admin-customer-edit");
const { action } = await import("./route");
const { customers } = await import("~/.server/db/schema");
const { changedMeanwhileTo, deleteOrAnonymiseCustomer, findCustomer } = await import("~/models/customer-accounts.server");
const { eq } = await import("drizzle-orm");
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
    const refused = (await clash.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(refused.result.error.comments).toEqual([changedMeanwhileTo("Do not text.")]);
    expect((await findCustomer(services.db, { customerId: id }))!.comments).toBe("Do not text.");
    // the refused page shows the other's changes, this admin's note as typed, and is opened on the customer as stored
    const { default: Page, loader } = await import("./route");
    const { serverPage } = await import("../../../tests/support/server-page");
    const loaderData = await loader({ request: new Request(`http://localhost/admin/customers/edit/${id}`, { headers: { Cookie: admin.cookie } }), context, params: { id: String(id) } });
    const html = await serverPage(Page, `/admin/customers/edit/${id}`, { loaderData, actionData: refused });
    const shownValue = (name: string) => html.match(new RegExp(`name="${name}"[^>]*value="([^"]*)"|<textarea[^>]*name="${name}"[^>]*>([^<]*)<`))?.slice(1).find((v) => v !== undefined);
    expect(shownValue("contactPerson")).toBe("Alex J. Garcia");
    expect(shownValue("smsAllowance")).toBe("0");
    expect(shownValue("comments")).toBe("Call on Mondays.");
    const reopened = JSON.parse(shownValue("opened")!.replace(/&quot;/g, '"')) as Record<string, string>;
    expect(reopened).toMatchObject({ contactPerson: "Alex J. Garcia", smsAllowance: "0", comments: "Do not text." });
    // saved again from that page, knowingly: this admin's note is written, the other's changes stay
    const again = await responseOf(
      action({ request: postRequest(`/admin/customers/edit/${id}`, admin.cookie, { ...refused.result.initialValue, opened: JSON.stringify(reopened) }), context, params: { id: String(id) } }),
    );
    expect(again.status).toBe(302);
    expect(await findCustomer(services.db, { customerId: id })).toMatchObject({ contactPerson: "Alex J. Garcia", smsAllowance: 0, comments: "Call on Mondays." });
  });

  it("names the other admin's size and customer type as the form shows them, not as stored", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Said As Shown Credit", customerType: "buyer" }).returning();
    const id = customer!.id;
    const opened = { customerName: "Said As Shown Credit", customerType: "buyer", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: "", headquarters: "", smsAllowance: "0", comments: "" };
    await services.db.update(customers).set({ size: 3_000_000, customerType: "broker" }).where(eq(customers.id, id));
    const errorOn = async (field: string, value: string) => {
      const body = { intent: "customer", ...opened, [field]: value, opened: JSON.stringify(opened) };
      const refused = await responseOf(action({ request: postRequest(`/admin/customers/edit/${id}`, admin.cookie, body), context, params: { id: String(id) } }));
      expect(refused.status).toBe(409);
      return ((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[field];
    };
    // "3000000" and "broker" were said: neither is written so anywhere on the page
    expect(await errorOn("size", "2,500,000")).toEqual([changedMeanwhileTo("3,000,000")]);
    expect(await errorOn("customerType", "seller")).toEqual([changedMeanwhileTo("Broker")]);
  });

  it("refused for another reason, the page stays opened on what it showed: saving again keeps what was changed meanwhile", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Stays Opened Credit", customerType: "buyer", headquarters: "Austin" }).returning();
    await services.db.insert(customers).values({ name: "Taken Name Credit", customerType: "buyer" });
    const id = customer!.id;
    const opened = { customerName: "Stays Opened Credit", customerType: "buyer", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: "", headquarters: "Austin", smsAllowance: "0", comments: "" };
    // another admin moves the headquarters; this one renames to a name taken
    await services.db.update(customers).set({ headquarters: "Dallas" }).where(eq(customers.id, id));
    const body = { intent: "customer", ...opened, customerName: "Taken Name Credit", opened: JSON.stringify(opened) };
    const refused = await responseOf(action({ request: postRequest(`/admin/customers/edit/${id}`, admin.cookie, body), context, params: { id: String(id) } }));
    expect(refused.status).toBe(409);
    const { default: Page, loader } = await import("./route");
    const { serverPage } = await import("../../../tests/support/server-page");
    const loaderData = await loader({ request: new Request(`http://localhost/admin/customers/edit/${id}`, { headers: { Cookie: admin.cookie } }), context, params: { id: String(id) } });
    const html = await serverPage(Page, `/admin/customers/edit/${id}`, { loaderData, actionData: await refused.json() });
    const hidden = html.match(/name="opened"[^>]*value="([^"]*)"/)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(hidden!)).toMatchObject({ headquarters: "Austin" });
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

describe("a customer edited from the customers table or from its page", () => {
  it("goes back, saved, to where it was opened from, the table as the admin left it; nowhere else", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Way Back Credit", customerType: "buyer" }).returning();
    const id = customer!.id;
    const save = async (back: string | null) => {
      const url = `/admin/customers/edit/${id}${back === null ? "" : `?${new URLSearchParams({ back })}`}`;
      const body = { intent: "customer", customerName: "Way Back Credit", customerType: "buyer", contactPerson: "", attentionEmail: "", attentionPhone: "", website: "", type: "", size: "", headquarters: "", smsAllowance: "0", comments: "" };
      return (await responseOf(action({ request: postRequest(url, admin.cookie, body), context, params: { id: String(id) } }))).headers.get("Location");
    };
    const table = "/admin/customers?q=way&enabled=yes&sort=customerName&desc=1&page=2";
    expect(await save(table)).toBe(table);
    // from the customer's page, opened from the table: back to that page, which names the table in turn
    const page = `/admin/customers/${id}?${new URLSearchParams({ back: table, q: "ann" })}`;
    expect(await save(page)).toBe(page);
    for (const elsewhere of [null, "https://evil.example/admin/customers", "/admin/users?q=x", `/admin/customers/${id + 1}`]) expect(await save(elsewhere), String(elsewhere)).toBe(`/admin/customers/${id}`);
  });
});
