import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "~/.server/db";
import { applyMigrations } from "~/.server/db/migrate-node";
import { openNodeDatabase } from "~/.server/db/open-node";

/**
 * An EXPLAIN QUERY PLAN on a connection of its own, closed after it. On the test's own client an
 * EXPLAIN of a write stayed in libsql's statement cache (patches/@libsql+client) unfinished: that
 * connection's next batch could not commit ("SQL statements in progress"), and its next write saw
 * SQLITE_BUSY_SNAPSHOT.
 */
export async function explained(url: string, statement: { sql: string; args: unknown[] }) {
  const client = createClient({ url });
  try {
    return await client.execute({ sql: statement.sql, args: statement.args as never });
  } finally {
    client.close();
  }
}

/** The statements `read` sent through `client`, in order, as the client saw them (a test of how many a page costs, or of their plans). */
export async function statementsSentBy(client: Client, read: () => Promise<unknown>) {
  const sent: Array<{ sql: string; args: unknown[] }> = [];
  const execute = client.execute.bind(client);
  client.execute = ((statement: { sql: string; args?: unknown[] }) => (sent.push({ sql: statement.sql, args: statement.args ?? [] }), execute(statement as never))) as typeof client.execute;
  try {
    await read();
  } finally {
    client.execute = execute;
  }
  return sent;
}

/** A real SQLite (libsql) file, migrated like production, removed after the test file. */
export async function createTestDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-test-"));
  const url = `file:${path.join(dir, "test.db")}`;
  const client = await openNodeDatabase(url, path.resolve(__dirname, "../../migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    client,
    /** For a second connection to the same file. */
    url,
    cleanup() {
      client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database migrated as it was before `migration` (its number, e.g. "0072"), to be filled with rows
 * of that time; `upgrade()` then applies every migration since, as a deployment would.
 */
export async function databaseBefore(migration: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `before-${migration}-`));
  const all = path.resolve(__dirname, "../../migrations");
  const before = path.join(dir, "migrations");
  fs.mkdirSync(before);
  for (const f of fs.readdirSync(all).filter((f) => f.endsWith(".sql") && f < migration)) fs.copyFileSync(path.join(all, f), path.join(before, f));
  const client = createClient({ url: `file:${path.join(dir, "test.db")}` });
  await applyMigrations(client, before);
  return {
    client,
    run: (sql: string, ...args: Array<string | number | null>) => client.execute({ sql, args }),
    upgrade: () => applyMigrations(client, all),
    cleanup() {
      client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
