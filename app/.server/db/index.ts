import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

export { schema };

/**
 * The database as the app sees it: libsql on Node, D1 on Workers. Both are async
 * SQLite dialects with `batch`, which is what keeps multi-statement writes atomic.
 */
export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema> &
  Pick<LibSQLDatabase<typeof schema>, "batch">;
