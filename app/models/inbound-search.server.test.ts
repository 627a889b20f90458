import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainTextPage } from "../../tests/support/plain-text-search";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { insertMany } from "~/.server/db/bulk";
import { eq } from "drizzle-orm";
import { inboundItems } from "~/.server/db/schema";
import { listInbound, updateInbound } from "./inbound.server";

/**
 * An inbound table's text search reads a text in most rows walking the kind's order and a rare one
 * from the trigram index (decision 093): either way, the same rows in the same order and the same count.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
type Row = { id: number; name: string; message: string; createdAt: number };
let inquiries: Row[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDatabase();
  const at = Date.UTC(2026, 5, 1);
  // another kind's items first and then the inquiries (the newest ids), each greeting; a word in one
  // of 23; a few at the same moment, ordered by their ids
  const item = (kind: "demo" | "inquiry", i: number) => ({
    kind,
    status: "new" as const,
    name: `Person ${(i * 7919) % 1000}`,
    email: `p${i}@${kind}.test`,
    company: `Company ${i}`,
    // one writes "some" with a long s, which the trigram index folds to an s and `like` does not
    message: `${i % 5 ? "Hello" : "HELLO"}, I would like to know ${i === 10 ? "\u017fome" : "some"} more${i % 23 === 4 ? " about Zebrafin loans" : ""}.`,
    createdAt: new Date(at - (i % 97 === 3 ? i - 1 : i) * DAY),
  });
  await insertMany(t.db, inboundItems, Array.from({ length: 300 }, (_, i) => item("demo", i)));
  await insertMany(t.db, inboundItems, Array.from({ length: 900 }, (_, i) => item("inquiry", i)));
  inquiries = (await t.db.select().from(inboundItems)).filter((r) => r.kind === "inquiry").map((r) => ({ id: r.id, name: r.name, message: r.message, createdAt: r.createdAt.getTime() }));
  await t.client.execute("ANALYZE");
});
afterAll(() => t.cleanup());

/** The statements a read sent, as the database client saw them. */
const statementsOf = async (read: () => Promise<unknown>) => (await statementsSentBy(t.client, read)).map((s) => s.sql);

const newestFirst = (a: Row, b: Row) => b.createdAt - a.createdAt || b.id - a.id;
const byName = (a: Row, b: Row) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id);

describe("an inbound table's text search, deep in its pages", () => {
  it("reads a word in most items walking the kind's order once it has seen it, and a rare one from the trigram index", async () => {
    const pageStatement = async (q: string) => (await statementsOf(() => listInbound(t.db, { kind: "inquiry", filters: { q }, page: 3, pageSize: 10 }))).find((s) => /limit/.test(s))!;
    const gathered = /"inbound_items"\."id" in \(select rowid from inbound_items_fts where inbound_items_fts match \?\)/;
    expect(await pageStatement("Would like")).toMatch(gathered);
    expect(await pageStatement("Would like")).toMatch(/"inbound_items"\."message" like \? escape/);
    expect(await pageStatement("Would like")).not.toMatch(gathered);
    for (const rare of ["Zebrafin loan", "zebrafin loan"]) expect(await pageStatement(rare)).toMatch(gathered);
    // letters beyond ASCII in the text: `like` does not fold them as the index does
    await pageStatement("Hellö");
    expect(await pageStatement("Hellö")).toMatch(gathered);
  });

  it("reads the trigram index once for a page and its count, for a text it finds there, in one statement with the page's rows", async () => {
    for (const [q, page] of [["Zebrafin loan", 2], ["Zebrafin loan", 2], ["Hellö", 1]] as const) {
      const sent = await statementsOf(() => listInbound(t.db, { kind: "inquiry", filters: { q }, page, pageSize: 10 }));
      expect(sent.filter((s) => /inbound_items_fts match \?\)/.test(s)), q).toHaveLength(1);
      // a Worker's page makes one call to D1: a second statement after the first is a second round trip
      expect(sent, q).toHaveLength(1);
    }
  });

  it("shows the last page for a page past it, and counts none for a text in no row", async () => {
    const rare = inquiries.filter((r) => r.message.includes("Zebrafin")).sort(newestFirst).map((r) => r.id);
    const last = Math.ceil(rare.length / 10);
    const found = await listInbound(t.db, { kind: "inquiry", filters: { q: "zebrafin" }, page: last + 3, pageSize: 10 });
    expect([found.page, found.total, found.rows.map((r) => r.item.id)]).toEqual([last, rare.length, rare.slice((last - 1) * 10)]);
    const none = await listInbound(t.db, { kind: "inquiry", filters: { q: "quokka" }, page: 2, pageSize: 10 });
    expect([none.page, none.total, none.rows]).toEqual([1, 0, []]);
  });

  it("finds the same rows in the same order and counts them the same, for a word in nearly every row and a rare one", async () => {
    for (const [q, word] of [["hello", "hello"], ["SOME", "some"], ["zebrafin", "zebrafin"], ["ZEBRAFIN loans", "zebrafin loans"]] as const) {
      const matching = inquiries.filter((r) => r.message.toLowerCase().replaceAll("\u017f", "s").includes(word));
      for (const [sort, desc, order] of [["createdAt", true, newestFirst], ["name", false, byName]] as const) {
        const expected = [...matching].sort(order).map((r) => r.id);
        for (const page of [1, 2, Math.ceil(expected.length / 10)]) {
          // asked twice: the first search learns how densely the text is found, the second reads by it
          for (const time of ["first", "again"]) {
            const found = await listInbound(t.db, { kind: "inquiry", filters: { q }, sort, desc, page, pageSize: 10 });
            const where = `${q} by ${sort}, page ${page}, ${time}`;
            expect(found.total, where).toBe(matching.length);
            expect(found.rows.map((r) => r.item.id), where).toEqual(expected.slice((page - 1) * 10, page * 10));
          }
        }
      }
    }
  });
});

describe("an inbound table's one- and two-letter text", () => {
  /** Any of the kind's seven fields holds the text, ASCII letters in either case and its one letter beyond ASCII lowered or raised, newest first. */
  const inAField = async (kind: string, q: string, status?: string) => {
    const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const fields = ["name", "email", "company", "phone", "company_website", "message", "notes"];
    const anyField = fields.map((f) => `lower(${f}) like ?2 escape '\\' or lower(${f}) like ?4 escape '\\'`).join(" or ");
    const { rows } = await t.client.execute({
      sql: `select id from inbound_items where kind = ?1 and (${anyField}) and (?3 is null or status = ?3) order by created_at desc, id desc`,
      args: [kind, escaped(q.trim().toLowerCase()), status ?? null, escaped(q.trim().toUpperCase())],
    });
    return rows.map((r) => Number(r.id));
  };

  it("finds a text inside one field of the kind's items, in any case (letters beyond ASCII too), never across two, on every page, with a filter, and an edited item by its new text", async () => {
    // each field ends where the next one's first letters make a text in none of them: "xq", "eb", "d+", "8h", "eM", "!o"
    const fields = { name: "Ruth Öhlund Mox", email: "qu-rox@vantage.example", company: "Bay Fund", phone: "+44 20 7946 0958", companyWebsite: "https://wyn.example", message: "Met 50% of_the \\ fund!" };
    const [rox] = await t.db.insert(inboundItems).values({ kind: "inquiry", ...fields }).returning();
    // the same fields in another kind's table: never in the inquiries'
    const [other] = await t.db.insert(inboundItems).values({ kind: "demo", ...fields, name: "Ruth Oyk", email: "oyk@demo.test" }).returning();
    await updateInbound(t.db, { id: rox!.id, kind: "inquiry", status: "new", ownerId: null, notes: "ok to call" });
    const search = (kind: "inquiry" | "demo", q: string, { status, page = 1 }: { status?: "new" | "contacted"; page?: number } = {}) =>
      listInbound(t.db, { kind, filters: { q, status }, page, pageSize: 10 });
    const expectSame = async (kind: "inquiry" | "demo", q: string, status?: "new" | "contacted") => {
      const expected = await inAField(kind, q, status);
      const last = Math.max(1, Math.ceil(expected.length / 10));
      for (const page of [1, 2, last, last + 3]) {
        const found = await search(kind, q, { status, page });
        const shown = Math.min(page, last);
        const where = `${kind} "${q}" (${status ?? "any"}), page ${page}`;
        expect([found.total, found.page], where).toEqual([expected.length, shown]);
        expect(found.rows.map((r) => r.item.id), where).toEqual(expected.slice((shown - 1) * 10, shown * 10));
      }
    };
    for (const q of ["MO", "x", "qu", "-", "@v", "öh", "Öh", "ö", "Ö", "7 ", "%", "_", "\\", "zq", "he", "E", "3", "ok", "yk"]) {
      await expectSame("inquiry", q);
      await expectSame("demo", q);
    }
    for (const q of ["he", "Mo", "zq", "e"]) for (const status of ["new", "contacted"] as const) await expectSame("inquiry", q, status);
    const found = async (q: string, kind: "inquiry" | "demo" = "inquiry") => (await search(kind, q, { status: "new" })).rows.some((r) => [rox!.id, other!.id].includes(r.item.id));
    expect(await Promise.all(["MO", "x", "@V", "HL", "09", "WY", "% ", "f_", "OK"].map((q) => found(q)))).toEqual(Array(9).fill(true));
    expect(await Promise.all(["yk", "OY"].map((q) => found(q)))).toEqual([false, false]);
    expect(await Promise.all(["yk", "OY", "ok"].map((q) => found(q, "demo")))).toEqual([true, true, false]);
    // letters beyond ASCII in any case, as a text of three letters or more finds them in the trigram index
    expect(await Promise.all(["Öh", "öh", "ö"].map((q) => found(q)))).toEqual([true, true, true]);
    // the end of one field and the start of the next are not one text; nor is what would join them
    for (const q of ["xq", "XQ", "eb", "d+", "8h", "eM", "!o", "x\u001f", "\u001fq", "\u001f"]) {
      expect({ q, found: await found(q) }).toEqual({ q, found: false });
      await expectSame("inquiry", q);
    }
    // edited: found by the new text, not the old
    await updateInbound(t.db, { id: rox!.id, kind: "inquiry", status: "contacted", ownerId: null, notes: "jv" });
    await t.db.update(inboundItems).set({ name: "Ruth Wyn", phone: "" }).where(eq(inboundItems.id, rox!.id));
    for (const q of ["ok", "jv", "mo", "09", "yn"]) for (const status of [undefined, "new", "contacted"] as const) await expectSame("inquiry", q, status);
    expect((await search("inquiry", "jv", { status: "contacted" })).rows.map((r) => r.item.id)).toEqual([rox!.id]);
    await t.db.delete(inboundItems).where(eq(inboundItems.id, rox!.id));
    await t.db.delete(inboundItems).where(eq(inboundItems.id, other!.id));
    for (const q of ["jv", "yk"]) expect((await search("inquiry", q)).total).toBe(0);
    await expectSame("demo", "yk");
  });

  it("reads a page and its count in one statement, for a text in few of the kind's items", async () => {
    // (a text in most of them, "he", walks the page's order and reads its count alongside, decision 105)
    for (const [q, page] of [["zq", 1], ["59", 1], ["9", 2], ["0", 2]] as const) {
      expect(await statementsOf(() => listInbound(t.db, { kind: "inquiry", filters: { q, status: "new" }, page, pageSize: 10 })), q).toHaveLength(1);
    }
  });
});

describe("an inbound table's short text found in most of the kind's items", () => {
  it("shows the same rows, order and count whether its matches are gathered or walked in the page's order: first, middle, last page and past it, each sort, a status", async () => {
    /** Any of the seven fields holds the text (`like`, ASCII case folded), in the page's order, and their count: plain SQL over the fields. */
    const expected = (q: string, status: string | undefined, order: string, page: number) =>
      plainTextPage(t.client, { table: "inbound_items", fields: ["name", "email", "company", "phone", "company_website", "message", "notes"], scope: "kind = 'inquiry'", q, status, order, page });
    const sorts = [
      ["createdAt", true, "created_at desc, id desc"],
      ["name", false, "lower(name) asc, id asc"],
      ["id", true, "id desc"],
      ["status", false, "status asc, id asc"],
      // no index of its own to walk: gathered and sorted as before
      ["company", true, "lower(company) desc, id desc"],
    ] as const;
    // every inquiry says "Hello" (or "HELLO") and "like": dense once their first search has sampled them
    for (const q of ["e", "LL", "ke"]) {
      for (const status of [undefined, "new"]) {
        const last = Math.max(1, Math.ceil((await expected(q, status, "id", 1)).total / 25));
        expect(last, q).toBeGreaterThan(3);
        for (const [sort, desc, order] of sorts) {
          for (const page of [1, Math.ceil(last / 2), last, last + 1]) {
            const want = await expected(q, status, order, Math.min(page, last));
            // asked twice: the first search learns how densely the text is found, the second reads by it
            for (const time of ["first", "again"]) {
              const found = await listInbound(t.db, { kind: "inquiry", filters: { q, status }, sort, desc, page, pageSize: 25 });
              expect({ ids: found.rows.map((r) => r.item.id), total: found.total, page: found.page }, `"${q}" (${status ?? "any"}) by ${sort} ${desc}, page ${page}, ${time}`).toEqual({
                ...want,
                page: Math.min(page, last),
              });
            }
          }
        }
      }
    }
  });
});
