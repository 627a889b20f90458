import { sql } from "drizzle-orm";
import type { Database } from "./index";

/**
 * Keeps the query planner's statistics (sqlite_stat1) current. Without them SQLite chooses an
 * index by rules of thumb: on the demo market it sorted every listing for the search's first page,
 * where the listings' own index gives that page in order (the plans the tests check are those of
 * an analyzed database). A database never analyzed is analyzed at once (SQLite before 3.46, libsql's
 * on Node, gathers only what the connection's own queries asked for). After that `PRAGMA optimize`,
 * D1's recommended way, gathers what is missing or stale, in the first minute of each hour (`now`), or
 * whenever `always`: libsql's SQLite takes a table with a partial index for changed on every run and
 * analyzes it whole again (decision 081). Every row is counted, never a sample: a sample of an index's
 * first rows saw one status only and took each for about 1,000 rows, and the search, the analytics and
 * the marketing pages then chose plans 10-100 times slower at the survey's scale (decision 096).
 */
export async function refreshPlannerStatistics(db: Database, { now = Date.now(), always = false }: { now?: number; always?: boolean } = {}) {
  const [analyzed] = await db.all(sql`select 1 from sqlite_master where name = 'sqlite_stat1'`);
  if (analyzed && !always && new Date(now).getUTCMinutes() !== 0) return;
  await db.run(analyzed ? sql`PRAGMA optimize` : sql`ANALYZE`);
}
