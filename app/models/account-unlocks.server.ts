import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { accountUnlocks, users } from "~/.server/db/schema";
import { randomToken, sha256 } from "~/.server/crypto";

export const ACCOUNT_UNLOCK_TTL_MS = 1000 * 60 * 60 * 24;

/** A single-use token for the unlock link in the e-mail; only its hash is kept. */
export async function createAccountUnlock(db: Database, userId: number, now = Date.now()) {
  const token = randomToken();
  await db.insert(accountUnlocks).values({
    tokenHash: await sha256(token),
    userId,
    expiresAt: new Date(now + ACCOUNT_UNLOCK_TTL_MS),
  });
  return token;
}

export async function findUsableAccountUnlock(db: Database, token: string, now = Date.now()) {
  return db.query.accountUnlocks.findFirst({
    where: and(
      eq(accountUnlocks.tokenHash, await sha256(token)),
      isNull(accountUnlocks.usedAt),
      gt(accountUnlocks.expiresAt, new Date(now)),
    ),
  });
}

/** Spends the token and unlocks the account in one batch; returns the user id, or null for a spent or unknown link. */
export async function completeAccountUnlock(db: Database, token: string, now = Date.now()) {
  const unlock = await findUsableAccountUnlock(db, token, now);
  if (!unlock) return null;
  const [spent] = await db.batch([
    db
      .update(accountUnlocks)
      .set({ usedAt: new Date(now) })
      .where(and(eq(accountUnlocks.tokenHash, unlock.tokenHash), isNull(accountUnlocks.usedAt)))
      .returning({ userId: accountUnlocks.userId }),
    db
      .update(users)
      .set({ locked: false, failedSignins: 0, lastFailedSigninAt: null, updatedAt: new Date(now) })
      .where(
        and(
          eq(users.id, unlock.userId),
          // only when the first statement of this batch is the one that spent the token
          sql`exists (select 1 from ${accountUnlocks} where ${accountUnlocks.tokenHash} = ${unlock.tokenHash} and ${accountUnlocks.usedAt} = ${now})`,
        ),
      ),
  ]);
  return spent.length ? unlock.userId : null;
}

/** Spent and expired links are of no use to anyone; housekeeping drops them. */
export async function pruneAccountUnlocks(db: Database, now = Date.now()) {
  await db.delete(accountUnlocks).where(or(lt(accountUnlocks.expiresAt, new Date(now)), isNotNull(accountUnlocks.usedAt)));
}
