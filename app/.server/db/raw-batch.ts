import type { Database } from "./index";
import { clientOf } from "./client-of";
import type { Statement } from "./insert-statement";

/**
 * Statements built already, run in one batch (one transaction) on the client under the drizzle
 * handle, as drizzle's own `db.batch` would run them: on D1 (a request's session too, so that its
 * bookmark moves on) each prepared and bound; on libsql (and the write thread's client) as
 * `{sql, args}`. Null when the handle has no such client (a transaction's), to be run through
 * drizzle instead.
 */
export function runBatch(db: Database, statements: Statement[]): Promise<unknown> | null {
  const driver = clientOf(db);
  if (!driver) return null;
  if (driver.kind === "d1") {
    const d1 = driver.client;
    return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
  }
  return driver.client.batch(statements.map((s) => ({ sql: s.sql, args: s.params })));
}
