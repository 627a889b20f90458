import { sql } from "drizzle-orm";
import type { Database } from "./index";

/**
 * Keeps the query planner's statistics (sqlite_stat1) current. Without them SQLite chooses an
 * index by rules of thumb: on the demo market it sorted every listing for the search's first page,
 * where the listings' own index gives that page in order (the plans the tests check are those of
 * an analyzed database). `PRAGMA optimize` gathers statistics that are missing or stale, and is
 * D1's recommended way. SQLite before 3.46 (libsql's, on Node) gathers only what the connection's
 * own queries asked for, so a database never analyzed is analyzed once, within a bound.
 */
export async function refreshPlannerStatistics(db: Database) {
  await db.run(sql`PRAGMA optimize`);
  const [analyzed] = await db.all(sql`select 1 from sqlite_master where name = 'sqlite_stat1'`);
  if (analyzed) return;
  // D1 refuses analysis_limit (and its optimize analyzed already); libsql keeps ANALYZE to a sample
  await db.run(sql`PRAGMA analysis_limit = 1000`).catch(() => undefined);
  await db.run(sql`ANALYZE`);
}
