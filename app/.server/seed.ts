import { sql } from "drizzle-orm";
import type { Database } from "./db";
import { users } from "./db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./factories";
import { createUser } from "~/models/users.server";

/**
 * Demo data for the embedded database and `wrangler dev` only (never when
 * APP_ENV=production). Runs when there are no users yet; inserts are idempotent,
 * so two processes starting at once cannot duplicate anything.
 */
export async function seedDemoDataIfEmpty(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await Promise.all(
    DEMO_ACCOUNTS.map((account) =>
      createUser(db, { ...account, roles: [...account.roles], phone: "+1 212 555 0100", password: DEMO_PASSWORD }),
    ),
  );
  return true;
}
