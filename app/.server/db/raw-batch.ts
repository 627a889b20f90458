import type { Database } from "./index";
import type { Statement } from "./insert-statement";

type D1Client = { prepare(sql: string): { bind(...values: unknown[]): unknown }; batch(statements: unknown[]): Promise<unknown> };
type LibsqlClient = { batch(statements: Array<{ sql: string; args: unknown[] }>): Promise<unknown> };

/**
 * Statements built already, run in one batch (one transaction) on the client under the drizzle
 * handle, as drizzle's own `db.batch` would run them: on D1 (a request's session too, so that its
 * bookmark moves on) each prepared and bound; on libsql (and the write thread's client) as
 * `{sql, args}`. Null when the handle has no such client (a transaction's), to be run through
 * drizzle instead.
 */
export function runBatch(db: Database, statements: Statement[]): Promise<unknown> | null {
  const client = (db as unknown as { $client?: Partial<D1Client & LibsqlClient> }).$client;
  if (typeof client?.batch !== "function") return null;
  if (typeof client.prepare === "function") {
    const d1 = client as D1Client;
    return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
  }
  return (client as LibsqlClient).batch(statements.map((s) => ({ sql: s.sql, args: s.params })));
}
