import { Placeholder } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { inboxStatement, sellersUnreadStatement } from "./negotiations.server";

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

async function planOf(statement: { getQuery(): { sql: string; params: unknown[] } }) {
  const { sql, params } = statement.getQuery();
  const values: Record<string, unknown> = { userId: sellerId, customerId: 1, ids: "[1]", limit: 26, offset: 0 };
  const args = params.map((p) => (p instanceof Placeholder ? values[p.name as string] : p));
  return (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((row) => String(row.detail));
}
const readsEveryMessage = (step: string) => /^SCAN (messages|m|n|"messages")\b/.test(step) && !/INDEX/.test(step);

it.each(["own", "team", "granted"] as const)("finds a seller's (%s reach) unread messages through indexes, never reading every message", async (kind) => {
  const plan = await planOf(sellersUnreadStatement(t.db, kind));
  expect(plan.filter(readsEveryMessage), plan.join(" ; ")).toEqual([]);
  // their own projects' unread from the markers that have any (migration 0058), not thread by thread,
  // and as the projects' seller (0072), not each marker's project looked up
  expect(plan.join(" ; "), plan.join(" ; ")).toMatch(/SEARCH r USING COVERING INDEX thread_reads_seller_unread_idx \(user_id=\? AND unread>\?\)/);
  expect(plan.join(" ; ")).not.toMatch(/projects_seller_of_idx/);
  // the threads where they are the buyer, from their markers as the buyer (migration 0069), not their messages
  expect(plan.join(" ; ")).toMatch(/SEARCH r USING (COVERING )?INDEX thread_reads_buyer_unread_idx \(user_id=\?/);
  // a team's threads count only what lies past the seller's read marker
  if (kind !== "own") expect(plan.join(" ; ")).toMatch(/SEARCH m USING INDEX messages_buyer_idx \(buyer_id=\? AND project_id=\? AND rowid>\?\)/);
});

it.each(["buyer", "own", "team", "granted"] as const)("lists a page of the inbox (%s) from indexes, never grouping every message", async (reader) => {
  const plan = await planOf(inboxStatement(t.db, reader));
  expect(plan.filter(readsEveryMessage), plan.join(" ; ")).toEqual([]);
  // a seller's own threads: their markers walked latest first (migration 0065), not every thread found and sorted
  if (reader !== "buyer") expect(plan.join(" ; "), plan.join(" ; ")).toMatch(/CO-ROUTINE \(subquery-\d+\) ; SEARCH r USING COVERING INDEX thread_reads_latest_idx \(user_id=\? AND last_message_id>\?\) ; CORRELATED SCALAR SUBQUERY \d+ ; SEARCH p /);
});

it("lists the admin's newest threads by walking the newest messages, each checked for a later one in its thread", async () => {
  const plan = (await planOf(inboxStatement(t.db, "admin"))).join(" ; ");
  // the walk goes by message id, newest first, and stops at the page's end: no grouping, and the
  // one sort is of the page's own rows
  expect(plan).toMatch(/^CO-ROUTINE page ; SCAN m ; /);
  expect(plan.match(/TEMP B-TREE/g) ?? [], plan).toHaveLength(1);
  expect(plan).toMatch(/SEARCH n USING COVERING INDEX messages_buyer_idx \(buyer_id=\? AND project_id=\? AND rowid>\?\)/);
});
