import type { Database } from "./index";

export type D1Client = { prepare(sql: string): { bind(...values: unknown[]): unknown }; batch(statements: unknown[]): Promise<unknown> };
export type LibsqlClient = { batch(statements: Array<{ sql: string; args: unknown[] }>): Promise<unknown> };

/**
 * The driver's client under a drizzle handle, told apart by what it offers (drizzle names neither
 * kind): D1's (a request's session too) prepares statements, libsql's and the write thread's take
 * `{sql, args}`. Null for a handle without one (a transaction's).
 */
export function clientOf(db: Database): { kind: "d1"; client: D1Client } | { kind: "libsql"; client: LibsqlClient } | null {
  const client = (db as unknown as { $client?: Partial<D1Client & LibsqlClient> }).$client;
  if (typeof client?.batch !== "function") return null;
  if (typeof client.prepare === "function") return { kind: "d1", client: client as D1Client };
  return { kind: "libsql", client: client as LibsqlClient };
}
