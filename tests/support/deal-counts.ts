import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";

export type CountedDeals = { ndas: number; negotiations: number; bids: number; lastUpdateBuyer: number | null };

/**
 * A project's deals counted from the records themselves (NDAs, buyers in a thread, offers, the end of
 * the latest page session of anyone but its seller): what the triggers of migrations 0043 and 0050
 * keep on the project, for the tests to compare with.
 */
export async function countedDeals(db: Database, projectId: number): Promise<CountedDeals> {
  const [row] = await db.all<CountedDeals>(sql`select
    (select count(*) from contracts k where k.project_id = p.id) as ndas,
    (select count(distinct m.buyer_id) from messages m where m.project_id = p.id) as negotiations,
    (select count(*) from offers o where o.project_id = p.id) as bids,
    (select max(ps.session_end) from page_sessions ps where ps.project_id = p.id and ps.user_id != p.seller_id) as lastUpdateBuyer
    from projects p where p.id = ${projectId}`);
  return row!;
}
