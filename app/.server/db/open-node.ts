import { createClient, type Client } from "@libsql/client";
import { applyMigrations } from "./migrate-node";

/** How long a statement waits for a lock another process holds (a script, a test, a second server). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The page cache of each connection, in pages (16 MiB at SQLite's 4 KiB page): a busy project's desk
 * reads some 8 MiB of scattered pages (its sessions, NDAs, thread, audit), which SQLite's default
 * 2 MiB evicts between one reader and the next on every visit (docs/decisions/095).
 */
export const PAGE_CACHE_PAGES = 4096;

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
  // kept in the file's header, so that it reaches every connection the pool opens (a PRAGMA
  // cache_size would reach the first alone); written only when it differs, as writing takes the lock
  const { rows } = await client.execute("PRAGMA default_cache_size");
  if (Number(rows[0]?.cache_size) !== PAGE_CACHE_PAGES) await client.execute(`PRAGMA default_cache_size = ${PAGE_CACHE_PAGES}`);
  await applyMigrations(client, migrationsDir);
  return client;
}
