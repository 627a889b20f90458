import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainTextPage } from "../../tests/support/plain-text-search";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { insertMany } from "~/.server/db/bulk";
import { eq, inArray, sql } from "drizzle-orm";
import { customers, leads } from "~/.server/db/schema";
import { LEAD_SOURCES } from "~/lib/inbound";
import { createCustomerFromLead, listLeads } from "./leads.server";

/**
 * The potential customers' text search gathers its matches from the trigram index once a page
 * (decision 097): the page's ids carry their count. The same rows, order and count as before, on
 * every page, with or without a filter, and the last page for a page past it.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
type Row = { id: number; company: string; status: string; createdAt: number };
let all: Row[] = [];
const STATUSES = ["open", "dismissed", "open", "converted"] as const;

/** The customers some converted leads became: two go by one name in different cases, so that their leads tie on it. */
const CUSTOMER_NAMES = ["Harbor Credit", "Zenith Fund", "harbor credit", "Apex Lending"];

beforeAll(async () => {
  t = await createTestDatabase();
  const at = Date.UTC(2026, 5, 1);
  const became = await t.db
    .insert(customers)
    .values(CUSTOMER_NAMES.map((name) => ({ name })))
    .returning({ id: customers.id });
  // every sort has ties (the same value, or the same in another case), which the ids break; a phone and a website on
  // some leads alone, and neither a 9 nor a 0 in them: "9" and "0" stay in few of the newest leads
  await insertMany(
    t.db,
    leads,
    Array.from({ length: 600 }, (_, i) => ({
      source: LEAD_SOURCES[(i >> 1) % 4]!,
      status: STATUSES[i % 4]!,
      name: i % 10 === 7 ? ["Kim Ray", "kim ray", "KIM RAY"][i % 3]! : `Lead ${i}`,
      email: i % 10 === 7 ? `kim.ray@${i % 2 ? "Lead" : "lead"}.test` : `l${i}@lead.test`,
      company: `Lead Co ${(i * 7919) % 600}`,
      phone: i % 3 === 0 ? `+44 ${(i % 4) + 1}${(i % 7) + 1}` : "",
      // in the oldest 240 alone: a text in few of the newest leads, always gathered
      notes: i < 240 ? "Qv met" : "",
      website: i % 4 === 1 ? `https://${["Alpha", "beta", "ALPHA", "Beta"][(i >> 2) % 4]}.example` : "",
      // half the converted leads became a customer, some the same one
      customerId: i % 8 === 3 ? became[(i >> 3) % 4]!.id : null,
      // a few at the same moment, ordered by their ids
      createdAt: new Date(at - (i % 37 === 3 ? i - 1 : i) * 60_000),
    })),
  );
  all = (await t.db.select().from(leads)).map((r) => ({ id: r.id, company: r.company, status: r.status, createdAt: r.createdAt.getTime() }));
  await t.client.execute("ANALYZE");
});
afterAll(() => t.cleanup());

/** The statements a read sent, as the database client saw them. */
const statementsOf = async (read: () => Promise<unknown>) => (await statementsSentBy(t.client, read)).map((s) => s.sql);

/** The customer a lead became, by name as the table sorts it (plain SQL beside the lead's own fields). */
const CUSTOMER_NAME = "(select lower(c.name) from customers c where c.id = leads.customer_id)";

const newestFirst = (a: Row, b: Row) => b.createdAt - a.createdAt || b.id - a.id;
const byCompany = (a: Row, b: Row) => (a.company.toLowerCase() < b.company.toLowerCase() ? -1 : a.company.toLowerCase() > b.company.toLowerCase() ? 1 : a.id - b.id);

describe("the potential customers' text search", () => {
  it("reads the trigram index once for a page and its count, in one statement with the page's rows", async () => {
    for (const sort of ["createdAt", "convertedCustomer"]) {
      // a text in few of the newest leads ("Lead Co 1…" is in one in six: walked, decision 124)
      const sent = await statementsOf(() => listLeads(t.db, { filters: { q: "co 59", status: "open" }, sort, page: 1, pageSize: 2 }));
      expect(sent.filter((s) => /leads_fts match/.test(s)), sort).toHaveLength(1);
      // a Worker's page makes one call to D1: a second statement after the first is a second round trip
      expect(sent, sort).toHaveLength(1);
    }
  });

  it("finds the same rows in the same order and counts them the same, on every page and past the last", async () => {
    for (const [q, status] of [["lead co 1", "open"], ["LEAD CO 1", undefined], ["co 59", "converted"], ["nobody", "open"]] as const) {
      const matching = all.filter((r) => r.company.toLowerCase().includes(q.toLowerCase()) && (!status || r.status === status));
      for (const [sort, desc, order] of [["createdAt", true, newestFirst], ["company", false, byCompany]] as const) {
        const expected = [...matching].sort(order).map((r) => r.id);
        const last = Math.max(1, Math.ceil(expected.length / 10));
        for (const page of [1, 2, last, last + 5]) {
          const found = await listLeads(t.db, { filters: { q, status }, sort, desc, page, pageSize: 10 });
          const shown = Math.min(page, last);
          const where = `${q} (${status ?? "any"}) by ${sort}, page ${page}`;
          expect(found.total, where).toBe(matching.length);
          expect(found.page, where).toBe(shown);
          expect(found.rows.map((r) => r.lead.id), where).toEqual(expected.slice((shown - 1) * 10, shown * 10));
        }
      }
    }
  });
});

describe("the potential customers' one- and two-letter text", () => {
  /** Any of the six fields holds the text, its letters in either case (beyond ASCII too, as the trigram index folds them), newest first. */
  const inAField = async (q: string, status?: string) => {
    const text = q.trim().toLowerCase();
    const fields = ["name", "email", "company", "phone", "website", "notes"];
    const { rows } = await t.client.execute({ sql: `select id, ${fields.join(", ")} from leads where (?1 is null or status = ?1) order by created_at desc, id desc`, args: [status ?? null] });
    return rows.filter((r) => fields.some((f) => String(r[f]).toLowerCase().includes(text))).map((r) => Number(r.id));
  };

  it("finds a text inside one field, in any case (letters beyond ASCII too), never across two, on every page, with a filter, and an edited lead by its new text", async () => {
    // each field ends where the next one's first letters make a text in none of them: "xq", "eb", "d+", "8h", "eM"
    const [rox] = await t.db
      .insert(leads)
      .values({ source: "demo", name: "Ruth Öhlund Mox", email: "qu-rox@vantage.example", company: "Bay Fund", phone: "+44 20 7946 0958", website: "https://wyn.example", notes: "Met 50% of_the \\ fund" })
      .returning();
    const search = async (q: string, { status, page = 1 }: { status?: string; page?: number } = {}) =>
      listLeads(t.db, { filters: { q, status }, page, pageSize: 10 });
    const expectSame = async (q: string, status?: string) => {
      const expected = await inAField(q, status);
      const last = Math.max(1, Math.ceil(expected.length / 10));
      for (const page of [1, 2, last, last + 3]) {
        const found = await search(q, { status, page });
        const shown = Math.min(page, last);
        const where = `"${q}" (${status ?? "any"}), page ${page}`;
        expect([found.total, found.page], where).toEqual([expected.length, shown]);
        expect(found.rows.map((r) => r.lead.id), where).toEqual(expected.slice((shown - 1) * 10, shown * 10));
      }
    };
    for (const q of ["MO", "mO", "x", "X", "qu", "-", "@v", "öh", "Ö", "ö", "Öh", "ÖH", "7 ", "%", "_", "\\", "zq", "le", "E", "3"]) await expectSame(q);
    for (const q of ["le", "Mo", "zq", "e"]) for (const status of ["open", "dismissed"]) await expectSame(q, status);
    const found = async (q: string) => (await search(q, { status: "open" })).rows.some((r) => r.lead.id === rox!.id);
    expect(await Promise.all(["MO", "x", "@V", "HL", "09", "WY", "% ", "f_"].map(found))).toEqual([true, true, true, true, true, true, true, true]);
    // letters beyond ASCII in any case, as a text of three letters or more finds them in the trigram index ("Öhl", "öhl")
    expect(await Promise.all(["Öh", "öh", "ÖH", "ö", "Ö", "Öhl", "öhl"].map(found))).toEqual([true, true, true, true, true, true, true]);
    // the end of one field and the start of the next are not one text; nor is what would join them
    for (const q of ["xq", "XQ", "eb", "d+", "8h", "eM", "x\u001f", "\u001fq", "\u001f"]) {
      expect({ q, found: await found(q) }).toEqual({ q, found: false });
      await expectSame(q);
    }
    // edited: found by the new text, not the old
    await t.db.update(leads).set({ name: "Ruth Wyn", notes: "", phone: "", email: "jv@pyke.example" }).where(eq(leads.id, rox!.id));
    expect(await Promise.all(["mo", "hl", "qu", "09", "yn", "JV", "yk"].map(found))).toEqual([false, false, false, false, true, true, true]);
    for (const q of ["yn", "mo", "jv"]) await expectSame(q);
    await t.db.delete(leads).where(eq(leads.id, rox!.id));
    expect(await found("yk")).toBe(false);
    await expectSame("yk");
  });

  it("reads a page and its count in one statement, for a text in few leads", async () => {
    // (a page past the last, as "zq"'s second, reads again for the last: only such a link pays that; a text in most
    // leads, "le", walks the page's order and reads its count alongside, decision 105; so does one with a filter of few
    // leads by Received, decision 125: sorted by name here)
    for (const [q, page] of [["zq", 1], ["59", 1], ["9", 2], ["0", 2]] as const) {
      expect(await statementsOf(() => listLeads(t.db, { filters: { q, status: "open" }, sort: "name", page, pageSize: 10 })), q).toHaveLength(1);
    }
  });
});

describe("the potential customers' short text found in most leads", () => {
  /** Any of the six fields holds the text (`like`, ASCII case folded), in the page's order, and their count: plain SQL over the fields. */
  const expected = (q: string, status: string | undefined, order: string, page: number) =>
    plainTextPage(t.client, { table: "leads", fields: ["name", "email", "company", "phone", "website", "notes"], q, status, order, page });
  const sorts = [
    ["createdAt", true, "created_at desc, id desc"],
    ["id", false, "id asc"],
    ["status", false, "status asc, id asc"],
    ["status", true, "status desc, id desc"],
    ["source", false, "source asc, id asc"],
    ["source", true, "source desc, id desc"],
    ["name", false, "lower(name) asc, id asc"],
    ["name", true, "lower(name) desc, id desc"],
    ["email", false, "lower(email) asc, id asc"],
    ["email", true, "lower(email) desc, id desc"],
    ["company", false, "lower(company) asc, id asc"],
    ["company", true, "lower(company) desc, id desc"],
    ["phone", false, "phone asc, id asc"],
    ["phone", true, "phone desc, id desc"],
    ["website", false, "lower(website) asc, id asc"],
    ["website", true, "lower(website) desc, id desc"],
    // the name of the customer each became, those that became none last
    ["convertedCustomer", false, `${CUSTOMER_NAME} asc nulls last, id asc`],
    ["convertedCustomer", true, `${CUSTOMER_NAME} desc nulls last, id desc`],
  ] as const;

  it("shows the same rows, order and count whether its matches are gathered or walked in the page's order: first, middle, last page and past it, each sort, a status", async () => {
    // every lead holds "le" ("Lead …", "…@lead.test") and "co" ("Lead Co …"): dense once their first search has sampled them;
    // "qv" is in the oldest leads alone, few of the newest, and gathered every time
    // and so do texts of three letters or more ("lead", "lead.t"), walked since as the short ones; "qv met" as "qv"
    for (const q of ["le", "LE", "e", "co", "qv", "lead", "LEAD.T", "qv met"]) {
      for (const status of [undefined, "open", "converted"]) {
        const last = Math.max(1, Math.ceil((await expected(q, status, "id", 1)).total / 25));
        expect(last, q).toBeGreaterThan(2);
        for (const [sort, desc, order] of sorts) {
          for (const page of [1, Math.ceil(last / 2), last, last + 1]) {
            const want = await expected(q, status, order, Math.min(page, last));
            // asked twice: the first search learns how densely the text is found, the second reads by it
            for (const time of ["first", "again"]) {
              const found = await listLeads(t.db, { filters: { q, status }, sort, desc, page, pageSize: 25 });
              expect({ ids: found.rows.map((r) => r.lead.id), total: found.total, page: found.page }, `"${q}" (${status ?? "any"}) by ${sort} ${desc}, page ${page}, ${time}`).toEqual({
                ...want,
                page: Math.min(page, last),
              });
            }
          }
        }
      }
    }
  });

  it("finds a text of three letters or more that the trigram index folds in a field beyond ASCII, walked as gathered", async () => {
    // "test" is in every lead ("…@lead.test"); these two are the newest, one writes it with a long s, which the trigram
    // index folds to an s and `like` does not, the other has a letter beyond ASCII and no "test" at all
    const [longS, other] = await t.db
      .insert(leads)
      .values([
        { source: "demo", name: "Ruth Moor", email: "rm@pyke.teſt", company: "Bay Fund" },
        { source: "demo", name: "Åsa Lind", email: "al@pyke.example", company: "Bay Fund" },
      ])
      .returning({ id: leads.id });
    for (const time of ["first", "again"]) {
      const sent = await statementsOf(() => listLeads(t.db, { filters: { q: "TEST" }, sort: "id", desc: true, pageSize: 10 }));
      const found = await listLeads(t.db, { filters: { q: "TEST" }, sort: "id", desc: true, pageSize: 10 });
      const ids = found.rows.map((r) => r.lead.id);
      expect({ time, first: ids[0], other: ids.includes(other!.id) }).toEqual({ time, first: longS!.id, other: false });
      // gathered from the trigram index the first time (one statement), walked in the page's order since (the page and its count)
      expect({ time, statements: sent.length }).toEqual({ time, statements: time === "first" ? 1 : 2 });
    }
    await t.db.delete(leads).where(inArray(leads.id, [longS!.id, other!.id]));
  });

  it("looks a walked lead up in the trigram index only for the two characters the index folds to an ASCII letter", async () => {
    // every character of the Basic Multilingual Plane (FTS5 folds none beyond it to ASCII) between two q's, in an index of
    // its own: an ASCII text finds a row `like` misses only through these (walkedTextMatch's FOLDED_TO_ASCII)
    await t.client.execute("create virtual table fold_probe using fts5(t, tokenize='trigram')");
    const codes = Array.from({ length: 0xffff - 0x7f }, (_, i) => i + 0x80).filter((c) => c < 0xd800 || c > 0xdfff);
    await t.client.execute({ sql: "insert into fold_probe (rowid, t) select value, 'q' || char(value) || 'q' from json_each(?)", args: [JSON.stringify(codes)] });
    const folded: string[] = [];
    for (let a = 0x20; a < 0x7f; a++) {
      const { rows } = await t.client.execute({ sql: "select rowid from fold_probe where fold_probe match ?", args: [`"q${String.fromCharCode(a).replace('"', '""')}q"`] });
      folded.push(...rows.map((r) => `${String.fromCharCode(a)}:${Number(r.rowid).toString(16)}`));
    }
    await t.client.execute("drop table fold_probe");
    expect(folded).toEqual(["K:212a", "S:17f", "k:212a", "s:17f"]);
  });

  it("reads a walked page and its count together, two statements started at once (one call to D1)", async () => {
    await listLeads(t.db, { filters: { q: "le" } });
    const sent = await statementsOf(() => listLeads(t.db, { filters: { q: "le", status: "open" }, page: 2, pageSize: 10 }));
    expect(sent).toHaveLength(2);
    expect(sent.filter((s) => /^select count\(\*\)/.test(s))).toHaveLength(1);
  });
});

describe("the potential customers' text with a filter, by Received", () => {
  it("walks a filter's leads newest first when the text is in many of them, though in few of the newest leads, and shows what the plain query finds", async () => {
    const at = Date.UTC(2026, 3, 1);
    // 4,400 older leads, dismissed and imported, half holding "qzx" and one in a hundred "qzr"; then 500 newer ones, open
    // demo requests, holding neither: both texts are in none of the newest leads
    const before4400 = (await t.db.select({ id: sql<number>`max(${leads.id})` }).from(leads))[0]!.id;
    await insertMany(t.db, leads, [
        ...Array.from({ length: 4_400 }, (_, i) => ({
          source: "import" as const,
          status: "dismissed" as const,
          name: `Mara ${i % 2 ? "Qzxen" : "Olsen"}${i % 100 === 3 ? " Qzr" : ""}`,
          email: `m${i}@olsen.example`,
          company: `Olsen Co ${i % 7}`,
          createdAt: new Date(at - 86_400_000 * 3 - (i % 53 === 5 ? i - 1 : i) * 60_000),
        })),
        ...Array.from({ length: 500 }, (_, i) => ({ source: "demo" as const, name: `Newer ${i}`, email: `n${i}@newer.example`, company: "Newer Co", createdAt: new Date(at - i * 60_000) })),
    ]);
    const to = new Date(at - 86_400_000 * 2).toISOString().slice(0, 10);
    const fields = ["name", "email", "company", "phone", "website", "notes"].map((f) => `lower(${f}) like ?1`).join(" or ");
    /** The page and count in plain SQL: any field holds the text, the filters, newest first. */
    const plain = async (q: string, { status, source, before }: { status?: string; source?: string; before?: number }, page: number) => {
      const where = `(${fields}) and (?2 is null or status = ?2) and (?3 is null or source = ?3) and (?4 is null or created_at < ?4)`;
      const args = [`%${q}%`, status ?? null, source ?? null, before ?? null];
      const ids = await t.client.execute({ sql: `select id from leads where ${where} order by created_at desc, id desc limit 25 offset ${(page - 1) * 25}`, args });
      const count = await t.client.execute({ sql: `select count(*) as n from leads where ${where}`, args });
      return { ids: ids.rows.map((r) => Number(r.id)), total: Number(count.rows[0]!.n) };
    };
    const before = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
    // [text, filters, its plain form, statements once learnt: 2 walked (the page and its count), 1 gathered]
    const cases: Array<[string, Parameters<typeof listLeads>[1]["filters"] & object, Parameters<typeof plain>[1], number]> = [
      ["qzx", { status: "dismissed" }, { status: "dismissed" }, 2],
      ["QZX", { source: "import" }, { source: "import" }, 2],
      ["qzx", { to }, { before }, 2],
      ["qzxen", { status: "dismissed", source: "import", to }, { status: "dismissed", source: "import", before }, 2],
      // in one in a hundred of the filter's newest: gathered from the trigram index, a walk would read them all
      ["qzr", { status: "dismissed" }, { status: "dismissed" }, 1],
      ["qzx", { status: "open" }, { status: "open" }, 2],
    ];
    for (const [q, filters, asPlain, statements] of cases) {
      const { total } = await plain(q.toLowerCase(), asPlain, 1);
      for (const page of [1, 3, 41]) {
        // counted up to the page's reach (decision 104); a page past the last shows the last
        const reach = Math.max(1_000, page * 25);
        const shown = total > reach ? page : Math.min(page, Math.max(1, Math.ceil(total / 25)));
        const { ids } = await plain(q.toLowerCase(), asPlain, shown);
        for (const time of ["first", "again"]) {
          const found = await listLeads(t.db, { filters: { ...filters, q }, page });
          const where = `"${q}" ${JSON.stringify(filters)} page ${page}, ${time}`;
          expect({ ids: found.rows.map((r) => r.lead.id), page: found.page, total: found.total, more: found.more }, where).toEqual({ ids, page: shown, total: Math.min(total, reach), more: total > reach });
        }
      }
      const sent = await statementsOf(() => listLeads(t.db, { filters: { ...filters, q } }));
      expect({ q, filters, statements: sent.length }).toEqual({ q, filters, statements });
    }
    await t.db.delete(leads).where(sql`${leads.id} > ${before4400}`);
  });
});

describe("the potential customers sorted by the customer each became", () => {
  /** Every lead in the table's order by its customer's name as it is now (plain SQL), and as the table shows them. */
  const inOrder = async (q: string | undefined, desc: boolean) => {
    const direction = desc ? "desc" : "asc";
    const text = q ? "and (name like ?1 or email like ?1 or company like ?1 or phone like ?1 or website like ?1 or notes like ?1)" : "";
    const { rows } = await t.client.execute({
      sql: `select id from leads where 1 ${text} order by ${CUSTOMER_NAME} ${direction} nulls last, id ${direction}`,
      args: q ? [`%${q}%`] : [],
    });
    const shown = [];
    for (let page = 1; page <= Math.ceil(rows.length / 100); page++) {
      shown.push(...(await listLeads(t.db, { filters: { q }, sort: "convertedCustomer", desc, page, pageSize: 100 })).rows.map((r) => r.lead.id));
    }
    return { expected: rows.map((r) => Number(r.id)), shown };
  };
  const expectInOrder = async (when: string) => {
    for (const q of [undefined, "le"]) {
      for (const desc of [false, true]) {
        // twice: the text's first search is gathered, the next walked
        for (const time of ["first", "again"]) {
          const { expected, shown } = await inOrder(q, desc);
          expect(shown, `${when}: ${q ?? "no text"}, ${desc ? "Z to A" : "A to Z"}, ${time}`).toEqual(expected);
        }
      }
    }
  };

  it("follows the customer's name as it is now: a lead converted, its customer renamed, a lead pointed at another, a customer deleted", async () => {
    await expectInOrder("as made");
    const [lead] = await t.db.select().from(leads).where(sql`${leads.status} = 'open' and ${leads.customerId} is null`).limit(1);
    const converted = await createCustomerFromLead(t.db, { lead: { ...lead!, company: "Mid Market Partners" } });
    expect(converted).toMatchObject({ ok: true });
    await expectInOrder("converted");
    const customerId = converted.ok ? converted.customerId : 0;
    await t.db.update(customers).set({ name: "Aaron Capital" }).where(eq(customers.id, customerId));
    await expectInOrder("renamed");
    const [zenith] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.name, "Zenith Fund"));
    await t.db.update(leads).set({ customerId: zenith!.id }).where(eq(leads.id, lead!.id));
    await expectInOrder("pointed at another");
    // an admin's delete of a customer without deals: its leads keep no customer (the foreign key sets theirs to null)
    await t.db.delete(customers).where(eq(customers.id, customerId));
    await t.db.delete(customers).where(eq(customers.id, zenith!.id));
    await expectInOrder("deleted");
    const [restored] = await t.db.insert(customers).values({ name: "Zenith Fund" }).returning({ id: customers.id });
    await t.db.update(leads).set({ customerId: restored!.id }).where(sql`${leads.status} = 'converted' and ${leads.customerId} is null and ${leads.id} % 8 = 4`);
    await t.db.update(leads).set({ status: "open", customerId: null, convertedAt: null }).where(eq(leads.id, lead!.id));
    await expectInOrder("made again");
  });
});

describe("the potential customers' short text in more leads than it counts", () => {
  it("says there are more than it counted for a text in most leads (gathered or walked alike), pages on past the cap, and counts a rare text and the last pages exactly", async () => {
    const at = Date.UTC(2026, 4, 1);
    // 1,100 more leads, every one holding "le" and "vw", one in fifty "kj": 1,700 hold "le", more than the 1,000 a short text is counted up to
    const made = await t.db
      .insert(leads)
      .values(
        Array.from({ length: 1_100 }, (_, i) => ({
          source: "import" as const,
          status: (["open", "dismissed"] as const)[i % 2]!,
          name: `Vwen ${i % 50 ? "Lea" : "Kjw"}`,
          email: `v${i}@lead.test`,
          company: `Vw Co`,
          createdAt: new Date(at - i * 60_000),
        })),
      )
      .returning({ id: leads.id });
    const expected = (q: string, status: string | undefined, page: number) =>
      plainTextPage(t.client, { table: "leads", fields: ["name", "email", "company", "phone", "website", "notes"], q, status, order: "created_at desc, id desc", page });
    expect((await expected("le", undefined, 1)).total).toBe(1_700);
    // the count shown: the matches up to the cap, or up to the page's end past it; exact on the last pages
    const cases: Array<[string, string | undefined, number, { total: number; more: boolean }]> = [
      ["le", undefined, 1, { total: 1_000, more: true }],
      ["LE", undefined, 2, { total: 1_000, more: true }],
      ["le", undefined, 41, { total: 1_025, more: true }],
      ["e", undefined, 67, { total: 1_675, more: true }],
      ["le", undefined, 68, { total: 1_700, more: false }],
      ["le", undefined, 70, { total: 1_700, more: false }],
      ["vw", undefined, 1, { total: 1_000, more: true }],
      ["vw", "open", 1, { total: 550, more: false }],
      ["le", "dismissed", 1, { total: 700, more: false }],
      ["le", "open", 1, { total: 850, more: false }],
      ["kj", undefined, 1, { total: 22, more: false }],
      // a text of three letters or more alike: "vwen" in every one of the 1,100, ".test" in all 1,700, "kjw" in 22
      ["vwen", undefined, 1, { total: 1_000, more: true }],
      ["VWEN", "open", 1, { total: 550, more: false }],
      [".test", undefined, 41, { total: 1_025, more: true }],
      ["lead.test", undefined, 68, { total: 1_700, more: false }],
      ["kjw", undefined, 1, { total: 22, more: false }],
    ];
    for (const [q, status, page, shown] of cases) {
      const last = Math.ceil(shown.total / 25);
      const want = await expected(q, status, shown.more ? page : Math.min(page, last));
      // asked twice: the first search learns how densely the text is found, the second reads by it
      for (const time of ["first", "again"]) {
        const found = await listLeads(t.db, { filters: { q, status }, page, pageSize: 25 });
        expect({ ids: found.rows.map((r) => r.lead.id), total: found.total, more: found.more, page: found.page }, `"${q}" (${status ?? "any"}) page ${page}, ${time}`).toEqual({
          ids: want.ids,
          page: shown.more ? page : Math.min(page, last),
          ...shown,
        });
      }
    }
    // a text in most leads with a filter that keeps few of the newest (none of the 1,100 is converted): by Received, walked
    // in the converted leads' own index, newest first (decision 125); by another sort, gathered, not walked: walked, its
    // last page read every lead (decision 124); the same rows and count either way
    expect(await statementsOf(() => listLeads(t.db, { filters: { q: "le" } }))).toHaveLength(2);
    for (const q of ["le", "lead"]) {
      for (const [sort, statements] of [["createdAt", 2], ["name", 1]] as const) {
        const order = sort === "name" ? "lower(name) desc, id desc" : "created_at desc, id desc";
        const want = await plainTextPage(t.client, { table: "leads", fields: ["name", "email", "company", "phone", "website", "notes"], q, status: "converted", order, page: 2 });
        for (const time of ["first", "again"]) {
          // (the first search learns the pair anew: an earlier test's walked it, before the 1,100 were the newest)
          const found = await listLeads(t.db, { filters: { q, status: "converted" }, sort, page: 2 });
          const sent = await statementsOf(() => listLeads(t.db, { filters: { q, status: "converted" }, sort, page: 2 }));
          expect({ q, sort, time, statements: sent.length, ids: found.rows.map((r) => r.lead.id), total: found.total }).toEqual({ q, sort, time, statements, ...want });
        }
      }
    }
    // under every sort alike
    for (const sort of ["name", "convertedCustomer", "id"]) {
      const found = await listLeads(t.db, { filters: { q: "le" }, sort, desc: false });
      expect({ sort, total: found.total, more: found.more }).toEqual({ sort, total: 1_000, more: true });
    }
    // no text is counted exactly, as before
    const found = await listLeads(t.db, {});
    expect({ more: found.more, total: found.total }).toEqual({ more: false, total: 1_700 });
    await t.db.delete(leads).where(inArray(leads.id, made.map((m) => m.id)));
  });
});
