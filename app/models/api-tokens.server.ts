import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { apiTokens, customers, users } from "~/.server/db/schema";
import { randomToken, sha256 } from "~/.server/crypto";

export const API_TOKEN_TTL_MS = 1000 * 60 * 60 * 24;

export async function issueApiToken(db: Database, userId: number, now = Date.now()) {
  const token = randomToken();
  const expiresAt = new Date(now + API_TOKEN_TTL_MS);
  await db.insert(apiTokens).values({ userId, tokenHash: await sha256(token), expiresAt });
  return { token, expiresAt };
}

export async function userForApiToken(db: Database, token: string, now = Date.now()) {
  const [row] = await db
    .select({ user: users, customerEnabled: customers.enabled, customerLocked: customers.locked })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(apiTokens.tokenHash, await sha256(token)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  // a lock after failed sign-ins only stops new sign-ins (anyone can cause one); a disabled account stops everything,
  // and so does a disabled or locked customer (an admin's decision), as it ends its members' sessions
  if (!row || !row.user.enabled || row.customerEnabled === false || row.customerLocked === true) return null;
  return row.user;
}

export async function revokeApiToken(db: Database, token: string) {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, await sha256(token)), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

/** Expired tokens open nothing; housekeeping drops them. */
export async function pruneApiTokens(db: Database, now = Date.now()) {
  await db.delete(apiTokens).where(lt(apiTokens.expiresAt, new Date(now)));
}
