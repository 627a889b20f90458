import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, statementsSentBy } from "../../tests/support/db";
import { insertMany } from "~/.server/db/bulk";
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
