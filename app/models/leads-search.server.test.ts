import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainTextPage } from "../../tests/support/plain-text-search";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { insertMany } from "~/.server/db/bulk";
import { eq } from "drizzle-orm";
import { leads } from "~/.server/db/schema";
import { listLeads } from "./leads.server";

/**
 * The potential customers' text search gathers its matches from the trigram index once a page
 * (decision 097): the page's ids carry their count. The same rows, order and count as before, on
 * every page, with or without a filter, and the last page for a page past it.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
type Row = { id: number; company: string; status: string; createdAt: number };
let all: Row[] = [];
const STATUSES = ["open", "dismissed", "open", "converted"] as const;

beforeAll(async () => {
  t = await createTestDatabase();
  const at = Date.UTC(2026, 5, 1);
  await insertMany(
    t.db,
    leads,
    Array.from({ length: 600 }, (_, i) => ({
      source: "import" as const,
      status: STATUSES[i % 4]!,
      name: `Lead ${i}`,
      email: `l${i}@lead.test`,
      company: `Lead Co ${(i * 7919) % 600}`,
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

const newestFirst = (a: Row, b: Row) => b.createdAt - a.createdAt || b.id - a.id;
const byCompany = (a: Row, b: Row) => (a.company.toLowerCase() < b.company.toLowerCase() ? -1 : a.company.toLowerCase() > b.company.toLowerCase() ? 1 : a.id - b.id);

describe("the potential customers' text search", () => {
  it("reads the trigram index once for a page and its count, in one statement with the page's rows", async () => {
    for (const sort of ["createdAt", "convertedCustomer"]) {
      const sent = await statementsOf(() => listLeads(t.db, { filters: { q: "lead co 1", status: "open" }, sort, page: 3, pageSize: 10 }));
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
  /** What the table found before: any of the six fields holds the text, ASCII letters in either case (`like`), newest first. */
  const inAField = async (q: string, status?: string) => {
    const p = `%${q.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const anyField = ["name", "email", "company", "phone", "website", "notes"].map((f) => `${f} like ?1 escape '\\'`).join(" or ");
    const { rows } = await t.client.execute({ sql: `select id from leads where (${anyField}) and (?2 is null or status = ?2) order by created_at desc, id desc`, args: [p, status ?? null] });
    return rows.map((r) => Number(r.id));
  };

  it("finds a text inside one field, in any ASCII case, never across two, on every page, with a filter, and an edited lead by its new text", async () => {
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
    for (const q of ["MO", "mO", "x", "X", "qu", "-", "@v", "öh", "Ö", "7 ", "%", "_", "\\", "zq", "le", "E", "3"]) await expectSame(q);
    for (const q of ["le", "Mo", "zq", "e"]) for (const status of ["open", "dismissed"]) await expectSame(q, status);
    const found = async (q: string) => (await search(q, { status: "open" })).rows.some((r) => r.lead.id === rox!.id);
    expect(await Promise.all(["MO", "x", "@V", "HL", "09", "WY", "% ", "f_"].map(found))).toEqual([true, true, true, true, true, true, true, true]);
    // `like` folds ASCII alone, and the text is lowered first: neither "Öh" nor "öh" finds the "Ö" the lead holds, as before
    expect(await Promise.all(["Öh", "öh"].map(found))).toEqual([false, false]);
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
    // leads, "le", walks the page's order and reads its count alongside, decision 105)
    for (const [q, page] of [["zq", 1], ["59", 1], ["9", 2], ["0", 2]] as const) {
      expect(await statementsOf(() => listLeads(t.db, { filters: { q, status: "open" }, page, pageSize: 10 })), q).toHaveLength(1);
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
    // no index of its own to walk: gathered and sorted as before
    ["company", false, "lower(company) asc, id asc"],
  ] as const;

  it("shows the same rows, order and count whether its matches are gathered or walked in the page's order: first, middle, last page and past it, each sort, a status", async () => {
    // every lead holds "le" ("Lead …", "…@lead.test") and "co" ("Lead Co …"): dense once their first search has sampled them
    for (const q of ["le", "LE", "e", "co"]) {
      for (const status of [undefined, "open", "converted"]) {
        const last = Math.max(1, Math.ceil((await expected(q, status, "id", 1)).total / 25));
        expect(last, q).toBeGreaterThan(3);
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

  it("reads a walked page and its count together, two statements started at once (one call to D1)", async () => {
    await listLeads(t.db, { filters: { q: "le" } });
    const sent = await statementsOf(() => listLeads(t.db, { filters: { q: "le", status: "open" }, page: 2, pageSize: 10 }));
    expect(sent).toHaveLength(2);
    expect(sent.filter((s) => /^select count\(\*\)/.test(s))).toHaveLength(1);
  });
});
