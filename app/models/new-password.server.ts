import { and, eq, isNull, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { apiTokens, customers, invitations, passwordResets, sessions, users } from "~/.server/db/schema";

/**
 * What a new password ends, to be written in the same batch as the password (a crash in between
 * left the old sessions signed in): every session and API token made with the old one, and every
 * reset or invitation link still out, since each of them sets a password again (an invitation
 * signs in, too, without the second step). `onlyIf`: the batch's own condition for writing.
 * Turning two-factor sign-in on ends the same, for the same reason: all of it was got with the
 * password alone (decision 086). `keepSession`: the one session left, the browser's that made the change.
 */
export function endedByNewPassword(db: Database, userId: number, now: Date, onlyIf?: SQL, keepSession?: string | null) {
  return [
    db.delete(sessions).where(and(eq(sessions.userId, userId), onlyIf, keepSession ? ne(sessions.id, keepSession) : undefined)),
    db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), onlyIf)),
    db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), onlyIf)),
    db.update(invitations).set({ usedAt: now }).where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), onlyIf)),
  ] as const;
}

/**
 * A link's account is a member of a deleted customer: the delete spends such links, and this keeps the
 * ones mailed before it did unusable (a deleted company's member is no one's to enable, nor to sign in).
 */
export function ofDeletedCustomer(userId: AnyColumn) {
  return sql`exists (select 1 from ${users} join ${customers} on ${customers.id} = ${users.customerId} where ${users.id} = ${userId} and ${customers.anonymisedAt} is not null)`;
}
