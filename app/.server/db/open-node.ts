import { createClient, type Client } from "@libsql/client";
import { applyMigrations } from "./migrate-node";

/** How long a statement waits for a lock another process holds (a script, a test, a second server). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the Node server's SQLite file. libsql keeps a pool of connections and opens
 * another whenever requests overlap, so settings go in the client's options, which
 * reach every connection: a `PRAGMA busy_timeout` reached only the first one, and a
 * write on any other failed at once with SQLITE_BUSY while another process wrote.
 * libsql's connections enforce foreign keys from the start (open-node.test.ts).
 */
export async function openNodeDatabase(url: string, migrationsDir?: string): Promise<Client> {
  const client = createClient({ url, timeout: BUSY_TIMEOUT_MS });
  // WAL is a property of the file, kept by every connection after this one
  await client.execute("PRAGMA journal_mode = WAL");
  await applyMigrations(client, migrationsDir);
  return client;
}
