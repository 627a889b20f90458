import { Placeholder } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { sellersUnreadStatement } from "./negotiations.server";

/**
 * The seller's unread count is on every page a seller opens. Its plan walks the seller's projects
 * and each thread's unread range: read as "every message, then keep the seller's", it took 18 ms
 * a page at 200,000 messages in the market, and more with every message anyone sent.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let sellerId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  sellerId = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
});
afterAll(() => t.cleanup());

it.each(["own", "team", "granted"] as const)("finds a seller's (%s reach) unread messages through indexes, never reading every message", async (kind) => {
  const { sql, params } = sellersUnreadStatement(t.db, kind).getQuery();
  const values: Record<string, unknown> = { userId: sellerId, customerId: 1, ids: "[1]" };
  const args = params.map((p) => (p instanceof Placeholder ? values[p.name as string] : p));
  const plan = (await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never })).rows.map((row) => String(row.detail));
  expect(plan.filter((step) => /^SCAN (messages|m|"messages")\b/.test(step) && !/INDEX/.test(step)), plan.join(" ; ")).toEqual([]);
  // each thread counts only what lies past the seller's read marker
  expect(plan.join(" ; ")).toMatch(/SEARCH m USING INDEX messages_buyer_idx \(buyer_id=\? AND project_id=\? AND rowid>\?\)/);
});
