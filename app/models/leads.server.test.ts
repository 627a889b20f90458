import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Client } from "@libsql/client";
import { createTestDatabase } from "../../tests/support/db";
import { turnsDuring } from "../../tests/support/turns";
import { schema, type Database } from "~/.server/db";
import { registerOffThreadWriter } from "~/.server/db/off-thread";
import { WriteThreadClient } from "~/.server/db/write-thread";
import { customers, inboundItems, leads } from "~/.server/db/schema";
import { convertLead, createLeadFromInbound, dismissLead, importLeads, listLeads } from "./leads.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

const HEADER = "name,email,company,phone,website,notes";

describe("potential customers", () => {
  it("imports every line of a CSV or none, naming each bad line", async () => {
    const before = (await t.db.select().from(leads)).length;
    const bad = await importLeads(t.db, {
      text: `${HEADER}\nAda Lovelace,ada@example.test,Analytical Ltd,,,\nB,not-an-email,,,,\n"Carl, Jr.",carl@example.test,"Carl ""Co""",+1 555 010 2000,carl.example,hi\n`,
    });
    expect(bad.imported).toBe(0);
    expect(bad.errors.map((e) => e.line)).toEqual([3, 3, 3]);
    expect((await t.db.select().from(leads)).length).toBe(before);

    const good = await importLeads(t.db, {
      text: `${HEADER}\r\nAda Lovelace,ada@example.test,Analytical Ltd,,,\r\n"Carl, Jr.",carl@example.test,"Carl ""Co""",+1 555 010 2000,carl.example,hi\r\n`,
    });
    expect(good).toEqual({ imported: 2, skipped: 0, errors: [] });
    const carl = await t.db.query.leads.findFirst({ where: eq(leads.email, "carl@example.test") });
    // the bare domain kept as the customer form will take it, once converted
    expect(carl).toMatchObject({ source: "import", name: "Carl, Jr.", company: 'Carl "Co"', status: "open", website: "https://carl.example" });
  });

  it("reads and checks a 1,000-line file a step at a time and writes it on Node's write thread: other requests are answered meanwhile", async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `Person ${i},p${i}@steps.example.test,Company ${i} Ltd,+1 555 010 ${String(i).padStart(4, "0")},company${i}.example,Met at the conference`);
    // the Node server's handles: the request's connection, with the write thread registered for long writes
    const db = drizzle(t.client, { schema }) as unknown as Database;
    const thread = new WriteThreadClient(t.url, t.client);
    const onThread = vi.spyOn(thread, "batch");
    registerOffThreadWriter(db, drizzle(thread as unknown as Client, { schema }) as unknown as Database);
    try {
      const { result, turns } = await turnsDuring(() => importLeads(db, { text: `${HEADER}\n${lines.join("\n")}\n`, submissionKey: "steps-key" }));
      expect(result).toEqual({ imported: 1000, skipped: 0, errors: [] });
      // between the file's steps (read, then checked, 250 lines each) and while the thread writes
      expect(turns).toBeGreaterThanOrEqual(6);
      expect(onThread).toHaveBeenCalledTimes(1);
      // the key and the lines in one statement, not one a line: each statement's leads are a new segment of the trigram
      // index, and at 30,000 leads a statement a line was 9-23 s for 1,000
      expect(onThread.mock.calls[0]![0]).toHaveLength(2);
    } finally {
      await thread.close();
    }
    expect(await t.db.$count(leads, like(leads.email, "%@steps.example.test"))).toBe(1000);
    // each found by the search as a lead written one at a time is: a trigram of any field, and a short text
    const found = await listLeads(t.db, { filters: { q: "company417.exa" } });
    expect(found.rows.map((r) => r.lead)).toEqual([expect.objectContaining({ name: "Person 417", phone: "+1 555 010 0417", website: "https://company417.example", notes: "Met at the conference", source: "import", status: "open" })]);
    expect((await listLeads(t.db, { filters: { q: "Company 98 Ltd" } })).total).toBe(1);
  });

  it("writes a file of long lines in statements of at most half a megabyte: D1 binds a text of up to 2 MB", async () => {
    const notes = "n".repeat(4000);
    const lines = Array.from({ length: 300 }, (_, i) => `Long ${i},long${i}@halves.example.test,Long ${i} Ltd,,,${notes}`);
    const batch = vi.spyOn(t.db, "batch");
    try {
      expect(await importLeads(t.db, { text: `${HEADER}\n${lines.join("\n")}\n` })).toMatchObject({ imported: 300, errors: [] });
      const statements = batch.mock.calls[0]![0] as unknown as Array<{ toSQL(): { params: unknown[] } }>;
      // the key, then 1.2 MB of lines in three statements
      expect(statements).toHaveLength(4);
      for (const s of statements.slice(1)) expect(String(s.toSQL().params.find((p) => typeof p === "string" && p.startsWith("[["))).length).toBeLessThanOrEqual(512 * 1024);
    } finally {
      batch.mockRestore();
    }
    const ada = await t.db.query.leads.findFirst({ where: eq(leads.email, "long7@halves.example.test") });
    expect(ada).toMatchObject({ name: "Long 7", company: "Long 7 Ltd", phone: "", website: "", notes, customerId: null, customerName: null, convertedAt: null });
    expect(ada!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses a line whose website is no web address: the customer it is converted into could not be saved", async () => {
    const bad = await importLeads(t.db, { text: `${HEADER}
Wes,wes@example.test,Wes Ltd,,not a website,
Wyn,wyn@example.test,Wyn Ltd,,ftp://wyn.example,
` });
    expect(bad.errors).toEqual([
      { line: 2, reason: "website: Invalid URL." },
      { line: 3, reason: "website: Invalid URL." },
    ]);
  });

  it("converts a lead whose website is a bare domain (an affiliate's, or one imported before) into a customer the customer form can save", async () => {
    const { customerSchema } = await import("~/lib/schemas/customer");
    const [item] = await t.db
      .insert(inboundItems)
      .values({ kind: "affiliate", name: "Pia Partner", email: "pia@partnerbrokers.example", company: "Partner Brokers", companyWebsite: "partnerbrokers.example", message: "Apply" })
      .returning();
    await createLeadFromInbound(t.db, { item: item! });
    const [odd] = await t.db.insert(leads).values({ source: "import", name: "Odd", email: "odd@example.test", company: "Odd Co", website: "see our brochure" }).returning();
    const lead = (await t.db.query.leads.findFirst({ where: eq(leads.inboundItemId, item!.id) }))!;
    for (const [id, website, domain] of [[lead.id, "https://partnerbrokers.example", "partnerbrokers.example"], [odd!.id, "", null]] as const) {
      const done = await convertLead(t.db, { id });
      const customer = (await t.db.query.customers.findFirst({ where: eq(customers.id, (done as { customerId: number }).customerId) }))!;
      expect(customer).toMatchObject({ website, websiteDomain: domain });
      const form = { customerName: customer.name, customerType: customer.customerType, website: customer.website };
      expect(customerSchema([]).safeParse(form).success, customer.name).toBe(true);
    }
  });

  it("skips a line whose e-mail is a lead's, a member's or a customer's already, or twice in the file, and says how many", async () => {
    const { makeUser } = await import("~/seed/factories");
    const member = await makeUser(t.db);
    await t.db.insert(customers).values({ name: "Known Co", attentionEmail: "Known@Customer.test" });
    const first = await importLeads(t.db, { text: `${HEADER}\nLeo,leo@example.test,Leo Ltd,,,\nLeo again,LEO@example.test,Leo Ltd,,,\n` });
    expect(first).toEqual({ imported: 1, skipped: 1, errors: [] });
    const again = await importLeads(t.db, {
      text: `${HEADER}\nLeo,Leo@Example.test,Leo Ltd,,,\nMember,${member.email.toUpperCase()},Their Co,,,\nKnown,known@customer.test,Known Co,,,\nNew,new-${Date.now()}@example.test,New Co,,,\n`,
    });
    expect(again).toEqual({ imported: 1, skipped: 3, errors: [] });
    expect(await t.db.select().from(leads).where(like(leads.email, "%leo@example.test"))).toHaveLength(1);
  });

  it("names a bad line by its number in the file, past blank lines", async () => {
    const bad = await importLeads(t.db, { text: `${HEADER}\nAda Lovelace,ada@example.test,Analytical Ltd,,,\n\n\nB,not-an-email,Bee Co,,,\n` });
    expect(bad.errors.map((e) => e.line)).toEqual([5, 5]);
  });

  it("refuses a file without the header", async () => {
    expect((await importLeads(t.db, { text: "Ada,ada@example.test,X\n" })).errors[0]!.line).toBe(1);
  });

  it("converts a lead into a customer it remembers, marks its demo request converted, and refuses a website already taken", async () => {
    const [item] = await t.db
      .insert(inboundItems)
      .values({ kind: "demo", name: "Dora Demo", email: "dora@example.test", company: "Dora Capital", companyWebsite: "https://www.dora-capital.test", message: "Show me" })
      .returning();
    await createLeadFromInbound(t.db, { item: item! });
    await createLeadFromInbound(t.db, { item: item! });
    const made = await t.db.select().from(leads).where(eq(leads.inboundItemId, item!.id));
    expect(made).toHaveLength(1);

    const result = await convertLead(t.db, { id: made[0]!.id });
    expect(result).toMatchObject({ ok: true });
    const customerId = (result as { customerId: number }).customerId;
    const lead = await t.db.query.leads.findFirst({ where: eq(leads.id, made[0]!.id) });
    expect(lead).toMatchObject({ status: "converted", customerId });
    expect(await t.db.query.customers.findFirst({ where: eq(customers.id, customerId) })).toMatchObject({
      name: "Dora Capital",
      websiteDomain: "dora-capital.test",
      attentionEmail: "dora@example.test",
      onboardingStatus: "invited",
    });
    expect((await t.db.query.inboundItems.findFirst({ where: eq(inboundItems.id, item!.id) }))!.status).toBe("converted");
    expect(await convertLead(t.db, { id: made[0]!.id })).toEqual({ ok: false, reason: "not-open" });

    const [twin] = await t.db.insert(leads).values({ source: "import", name: "T", email: "t@example.test", company: "Twin", website: "dora-capital.test" }).returning();
    expect(await convertLead(t.db, { id: twin!.id })).toEqual({ ok: false, reason: "domain-taken" });
    expect(await convertLead(t.db, { id: 999999 })).toBeNull();
  });
});

describe("the potential customer table", () => {
  it("makes one customer of a lead converted twice at once, with a website or without; the second is told it is no longer open", async () => {
    for (const website of ["twice.example", ""]) {
      const [lead] = await t.db.insert(leads).values({ source: "import", name: "Tw", email: `tw${website ? 1 : 2}@example.test`, company: `Twice ${website || "bare"}`, website }).returning();
      const both = await Promise.all([convertLead(t.db, { id: lead!.id }), convertLead(t.db, { id: lead!.id })]);
      expect(both).toContainEqual({ ok: false, reason: "not-open" });
      expect(await t.db.select().from(customers).where(eq(customers.name, lead!.company))).toHaveLength(1);
    }
  });

  it("searches, filters on status, source and days, sorts and pages on the server", async () => {
    const tag = `l${Date.now().toString(36)}`;
    await importLeads(t.db, {
      text: `${HEADER}\nZed,zed-${tag}@example.test,Zed Co ${tag},,,\nAmy,amy-${tag}@example.test,Amy Co ${tag},,,\nMo,mo-${tag}@example.test,Mo Co ${tag},,,`,
    });
    const rows = await t.db.select().from(leads).where(like(leads.company, `%${tag}`));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    await t.db.update(leads).set({ createdAt: new Date(Date.UTC(2026, 2, 1)) }).where(eq(leads.id, byName.Zed!.id));
    await t.db.update(leads).set({ source: "demo" }).where(eq(leads.id, byName.Mo!.id));
    await dismissLead(t.db, { id: byName.Amy!.id });

    const names = async (query: Parameters<typeof listLeads>[1]) => (await listLeads(t.db, query)).rows.map((r) => r.lead.name);
    expect(await names({ filters: { q: tag }, sort: "name", desc: false })).toEqual(["Amy", "Mo", "Zed"]);
    expect(await names({ filters: { q: tag, status: "open" }, sort: "name", desc: true })).toEqual(["Zed", "Mo"]);
    expect(await names({ filters: { q: tag, source: "import" }, sort: "name" , desc: false})).toEqual(["Amy", "Zed"]);
    expect(await names({ filters: { q: tag, from: "2026-03-01", to: "2026-03-01" } })).toEqual(["Zed"]);
    expect(await names({ filters: { q: tag, status: "nonsense" }, sort: "not-a-column", desc: false })).toHaveLength(3);
    const page = await listLeads(t.db, { filters: { q: tag }, sort: "name", desc: false, pageSize: 2, page: 2 });
    expect([page.total, page.rows.map((r) => r.lead.name)]).toEqual([3, ["Zed"]]);
    // any field in any case, a note changed afterwards included; text below a trigram too
    await t.db.update(leads).set({ notes: `Met ${tag} at the fair` }).where(eq(leads.id, byName.Mo!.id));
    expect(await names({ filters: { q: `MET ${tag} AT` } })).toEqual(["Mo"]);
    expect(await names({ filters: { q: `AMY-${tag}@` } })).toEqual(["Amy"]);
    expect(await names({ filters: { q: "%" } })).toEqual([]);
    expect((await listLeads(t.db, { filters: { q: "ze" } })).rows.map((r) => r.lead.name)).toContain("Zed");
  });
});

describe("converting a potential customer named as a customer we have", () => {
  it("is refused, naming that customer, in any case, and writes nothing; a deleted customer's name is free", async () => {
    const [named] = await t.db.insert(customers).values({ name: "Lead Twin Holdings" }).returning();
    const [lead] = await t.db.insert(leads).values({ source: "import", name: "Lu", email: "lu@lead-twin.example.test", company: "LEAD twin holdings" }).returning();
    expect(await convertLead(t.db, { id: lead!.id })).toEqual({ ok: false, reason: "name-taken", message: `Lead Twin Holdings (customer ${named!.id}) has this name already.` });
    expect(await t.db.query.leads.findFirst({ where: eq(leads.id, lead!.id) })).toMatchObject({ status: "open", customerId: null });
    expect(await t.db.select().from(customers).where(like(customers.name, "%twin holdings"))).toHaveLength(1);

    await t.db.update(customers).set({ anonymisedAt: new Date() }).where(eq(customers.id, named!.id));
    expect(await convertLead(t.db, { id: lead!.id })).toMatchObject({ ok: true });
  });

  it("two of the same company converted at once make one customer: the other is refused by name", async () => {
    const made = await t.db
      .insert(leads)
      .values(["ro", "rita"].map((who) => ({ source: "import" as const, name: who, email: `${who}@race-name.example.test`, company: "Race Name Capital" })))
      .returning();
    const both = await Promise.all(made.map((lead) => convertLead(t.db, { id: lead.id })));
    expect(both.filter((r) => r?.ok)).toHaveLength(1);
    expect(both.find((r) => !r?.ok)).toMatchObject({ ok: false, reason: "name-taken" });
    expect(await t.db.select().from(customers).where(eq(customers.name, "Race Name Capital"))).toHaveLength(1);
    const rows = await t.db.query.leads.findMany({ where: like(leads.email, "%@race-name.example.test") });
    expect(rows.map((r) => r.status).sort()).toEqual(["converted", "open"]);
  });
});
