// `npm run audit:verify`: checks the audit log's hash chain of the Node server's database
// (DATABASE_URL, or .data/marketplace.db under DATA_DIR, as `npm start` uses) and names the
// first broken row. Exits 1 when the chain is broken. On Workers, use the button on /admin/log,
// or point DATABASE_URL at a copy of the D1 database (e.g. the local one under .wrangler/state).
import path from "node:path";
import fs from "node:fs";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { verifyAuditChain } from "../app/models/audit.server";

const url = process.env.DATABASE_URL || `file:${path.resolve(process.env.DATA_DIR ?? ".data", "marketplace.db")}`;
if (url.startsWith("file:") && !fs.existsSync(url.slice("file:".length))) {
  console.error(`✖ No database at ${url}`);
  process.exit(2);
}
const client = createClient({ url });
try {
  const check = await verifyAuditChain(drizzle(client, { schema }) as unknown as Database);
  if (check.intact) {
    console.log(`✓ The audit chain is intact: ${check.rows} entries.`);
    if (check.head) console.log(`  Newest entry #${check.head.id}, hash ${check.head.hash} (keep it elsewhere to detect a cut-off tail later).`);
  } else {
    console.error(`✖ The audit chain is broken at entry #${check.brokenAt}: ${check.problem}`);
    process.exitCode = 1;
  }
} finally {
  client.close();
}
