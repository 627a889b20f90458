import { afterAll, describe, expect, it } from "vitest";
import { expectPastLastShowsLast } from "../../../tests/support/paging";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The admin's potential customers, as an address asks for them and as the import form's action answers it. */
const app = await bootApp("route-potential-customers");
const { action, loader } = await import("./route");
const { customers, leads, outbox } = await import("~/.server/db/schema");
const { makeUser } = await import("~/seed/factories");
const { LEAD_CSV_HEADER } = await import("~/lib/schemas/inbound");
const { eq, inArray, like, or } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const PATH = "/admin/potential-customers";

async function pageKey() {
  const page = await (await sent(loader({ request: new Request(`${ORIGIN}${PATH}`, { headers: { Cookie: admin.cookie } }), context, params: {} }))).json();
  return page.submissionKey;
}

function post(fields: Record<string, string>, text: string | Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new File([text], "leads.csv", { type: "text/csv" }));
  const request = new Request(`${ORIGIN}${PATH}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
  return responseOf(action({ request, context, params: {} }));
}

describe("a potential-customers import sent twice", () => {
  it("imports the file once: the form's key makes the second post import nothing", async () => {
    const csv = `${LEAD_CSV_HEADER}\nAda Twice,ada@twice.example.test,Analytical Ltd,,,\nBea Twice,bea@twice.example.test,Bee Co,,,\n`;
    const imported = () => services.db.select().from(leads).where(like(leads.email, "%@twice.example.test"));
    const key = await pageKey();
    expect(key).toMatch(/\S{16,}/);
    // a double click: both posts at once
    const answers = await Promise.all([post({ intent: "import", key }, csv), post({ intent: "import", key }, csv)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(await imported()).toHaveLength(2);
    // and later, from the same page (the back button, a reload's resend): still once
    expect((await post({ intent: "import", key }, csv)).status).toBe(302);
    expect(await imported()).toHaveLength(2);
    // from a page shown again (a key of its own) the file's people are potential customers already: skipped, not doubled
    expect((await post({ intent: "import", key: await pageKey() }, csv)).status).toBe(302);
    expect(await imported()).toHaveLength(2);
  });

  it("leaves the key free when the file is refused, for the corrected file sent from the same page", async () => {
    const key = await pageKey();
    const bad = await post({ intent: "import", key }, `${LEAD_CSV_HEADER}\nCy Fixed,not-an-email,Cy Co,,,\n`);
    expect(bad.status).toBe(400);
    expect((await post({ intent: "import", key }, `${LEAD_CSV_HEADER}\nCy Fixed,cy@fixed.example.test,Cy Co,,,\n`)).status).toBe(302);
    expect(await services.db.select().from(leads).where(like(leads.email, "%@fixed.example.test"))).toHaveLength(1);
  });
});

describe("a potential-customers file as Excel saves it", () => {
  /** The text in Windows-1252, one byte a character: what Excel on Windows writes as "CSV". */
  const windows1252 = (text: string) => new Uint8Array([...text].map((c) => ({ "\u20ac": 0x80, "\u2019": 0x92 })[c] ?? c.charCodeAt(0)));
  const refusal = async (response: Response) => ((await response.json()) as { importErrors: Array<{ line: number; reason: string }> }).importErrors;

  it("reads a file in Windows-1252, not only UTF-8: its accented letters come in as written", async () => {
    const csv = `${LEAD_CSV_HEADER}\nRen\u00e9e L\u2019Abb\u00e9,renee@latin.example.test,Soci\u00e9t\u00e9 G\u00e9n\u00e9rale,,,Budget 5\u00a0000 \u20ac\n`;
    expect((await post({ intent: "import", key: await pageKey() }, windows1252(csv))).status).toBe(302);
    const [lead] = await services.db.select().from(leads).where(eq(leads.email, "renee@latin.example.test"));
    expect(lead).toMatchObject({ name: "Ren\u00e9e L\u2019Abb\u00e9", company: "Soci\u00e9t\u00e9 G\u00e9n\u00e9rale", notes: "Budget 5\u00a0000 \u20ac" });
  });

  it("says a file separated by semicolons or tabs, or a workbook renamed .csv, is so, not that the header is wrong", async () => {
    const semicolons = await post({ intent: "import", key: await pageKey() }, `name;email;company;phone;website;notes\nAda;ada@semi.example.test;Ada Co;;;\n`);
    expect(semicolons.status).toBe(400);
    expect(await refusal(semicolons)).toEqual([{ line: 1, reason: "The file's columns are separated by semicolons: save it as CSV with commas." }]);
    const tabs = await post({ intent: "import", key: await pageKey() }, `name\temail\tcompany\nAda\tada@tab.example.test\tAda Co\n`);
    expect(await refusal(tabs)).toEqual([{ line: 1, reason: "The file's columns are separated by tabs: save it as CSV with commas." }]);
    const workbook = await post({ intent: "import", key: await pageKey() }, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xe9, 0x00]));
    expect(await refusal(workbook)).toEqual([{ line: 0, reason: "This is not a CSV file: save it as CSV (comma-separated) and upload it again." }]);
  });
});

const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/potential-customers?${query}`, admin.cookie), context, params: {} }))).json();

describe("the potential customers' pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not an empty table over a count of them", async () => {
    await services.db.insert(leads).values(Array.from({ length: 30 }, (_, i) => ({ source: "import" as const, name: `Lead ${i}`, email: `lead-${i}@example.test`, company: "Leads Inc" })));
    for (const filters of ["pageSize=10", "pageSize=10&status=open"]) await expectPastLastShowsLast(open, filters);
  });
});

describe("dismissing a potential customer", () => {
  const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/potential-customers", admin.cookie, fields), context, params: {} }));

  it("clicked twice lands back on the table both times, where the second answered the 404 page; an unknown one is still 404, a converted one is no longer open", async () => {
    const [lead, converted] = await services.db
      .insert(leads)
      .values([
        { source: "import" as const, name: "Twice Dismissed", email: "twice@example.test", company: "Twice Co" },
        { source: "import" as const, name: "Already Converted", email: "converted@example.test", company: "Converted Co", status: "converted" as const },
      ])
      .returning();
    const first = await post({ intent: "dismiss", id: String(lead!.id) });
    expect(first.status).toBe(302);
    const second = await post({ intent: "dismiss", id: String(lead!.id) });
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect((await post({ intent: "dismiss", id: "99999999" })).status).toBe(404);
    expect((await post({ intent: "dismiss", id: String(converted!.id) })).status).toBe(409);
    const rows = await services.db.query.leads.findMany({ where: (l, { inArray }) => inArray(l.id, [lead!.id, converted!.id]), orderBy: (l, { asc }) => [asc(l.id)] });
    expect(rows.map((r) => r.status)).toEqual(["dismissed", "converted"]);
  });
});

describe("converting a potential customer whose e-mail is taken", () => {
  const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/potential-customers", admin.cookie, fields), context, params: {} }));

  it("is refused (409) as the new-customer form refuses it, naming the customer or the account, and writes nothing", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Attention Holdings", attentionEmail: "held@attention.example.test" }).returning();
    const member = await makeUser(services.db, { name: "Bea Buyer", roles: ["ROLE_BUYER"] });
    const [byCustomer, byAccount] = await services.db
      .insert(leads)
      .values([
        { source: "import" as const, name: "Hal Held", email: "held@attention.example.test", company: "Held Again Ltd" },
        { source: "import" as const, name: "Bea Buyer", email: member.email, company: "Buyer Twin Ltd" },
      ])
      .returning();
    const customersOf = () => services.db.select().from(customers).where(or(eq(customers.name, "Held Again Ltd"), eq(customers.name, "Buyer Twin Ltd")));
    const outboxRows = async () => (await services.db.select().from(outbox)).length;
    const before = await outboxRows();

    const refusedByCustomer = await post({ intent: "convert", id: String(byCustomer!.id) });
    expect(refusedByCustomer.status).toBe(409);
    expect(JSON.stringify(await refusedByCustomer.json())).toContain(`Attention Holdings (customer ${customer!.id}) has this attention e-mail already.`);
    const refusedByAccount = await post({ intent: "convert", id: String(byAccount!.id) });
    expect(refusedByAccount.status).toBe(409);
    expect(JSON.stringify(await refusedByAccount.json())).toContain("An account with this e-mail exists already.");

    expect(await customersOf()).toEqual([]);
    expect(await outboxRows()).toBe(before);
    const rows = await services.db.query.leads.findMany({ where: (l, { inArray }) => inArray(l.id, [byCustomer!.id, byAccount!.id]) });
    expect(rows.map((r) => [r.status, r.customerId])).toEqual([["open", null], ["open", null]]);
  });
});

describe("converting a potential customer named as a customer we have", () => {
  const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/potential-customers", admin.cookie, fields), context, params: {} }));

  it("is refused (409) as the new-customer form refuses the name, naming the customer; nothing is written or sent", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Namesake Capital" }).returning();
    const [lead] = await services.db.insert(leads).values({ source: "import", name: "Nia Namesake", email: "nia@namesake.example.test", company: "namesake capital" }).returning();
    const before = (await services.db.select().from(outbox)).length;
    const refused = await post({ intent: "convert", id: String(lead!.id) });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(`Namesake Capital (customer ${customer!.id}) has this name already.`);
    expect(await services.db.select().from(customers).where(like(customers.name, "namesake capital"))).toHaveLength(1);
    expect((await services.db.select().from(outbox)).length).toBe(before);
    expect(await services.db.query.leads.findFirst({ where: eq(leads.id, lead!.id) })).toMatchObject({ status: "open", customerId: null });
  });
});

describe("the potential customers' short text in more leads than it counts", () => {
  it("says there are more than it counted, without a last page, and offers the next (decision 104)", async () => {
    const { serverPage } = await import("../../../tests/support/server-page");
    const { default: Page } = await import("./route");
    const made = await services.db
      .insert(leads)
      .values(Array.from({ length: 1_010 }, (_, i) => ({ source: "import" as const, name: `Qy ${i}`, email: `qy${i}@example.test`, company: "Qy Co" })))
      .returning({ id: leads.id });
    // twice: the text's first search is gathered, the next walked; both show the same line
    for (const time of ["first", "again"]) {
      const data = await open("q=qy");
      expect({ time, total: data.total, more: data.more }).toEqual({ time, total: 1_000, more: true });
      const html = (await serverPage(Page, "/admin/potential-customers?q=qy", { loaderData: data })).replace(/<span>&#8211;<\/span>/g, "-");
      expect(html).toContain("1-25 of more than 1,000 potential customers");
      expect(html).not.toMatch(/Page 1 of/);
      expect(html).toContain('href="/admin/potential-customers?q=qy&amp;page=2"');
    }
    await services.db.delete(leads).where(inArray(leads.id, made.map((m) => m.id)));
  });
});
