import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "~/.server/db";
import { openNodeDatabase } from "~/.server/db/open-node";

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
