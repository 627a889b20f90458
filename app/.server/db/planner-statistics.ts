import { sql } from "drizzle-orm";
import type { Database } from "./index";

/**
 * Keeps the query planner's statistics (sqlite_stat1) current. Without them SQLite chooses an
 * index by rules of thumb: on the demo market it sorted every listing for the search's first page,
 * where the listings' own index gives that page in order (the plans the tests check are those of
 * an analyzed database). A database never analyzed is analyzed at once, from a sample of each
 * index (SQLite before 3.46, libsql's on Node, gathers only what the connection's own queries asked
 * for). After that `PRAGMA optimize`, D1's recommended way, gathers what is missing or stale, in the
 * first minute of each hour (`now`), or whenever `always`: libsql's SQLite takes a table with a
 * partial index for changed on every run and analyzed it whole again, 35-47 ms every minute at the
 * survey's 100,000 customers, the Node server held meanwhile; within a sample of 1,000 rows an index, 3-6 ms.
 */
export async function refreshPlannerStatistics(db: Database, { now = Date.now(), always = false }: { now?: number; always?: boolean } = {}) {
  const [analyzed] = await db.all(sql`select 1 from sqlite_master where name = 'sqlite_stat1'`);
  if (analyzed && !always && new Date(now).getUTCMinutes() !== 0) return;
  // D1 refuses analysis_limit (its SQLite bounds optimize itself); libsql keeps ANALYZE to a sample
  await db.run(sql`PRAGMA analysis_limit = 1000`).catch(() => undefined);
  await db.run(analyzed ? sql`PRAGMA optimize` : sql`ANALYZE`);
}
