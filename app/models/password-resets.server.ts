import { and, eq, gt, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { passwordResets, users, type User } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { secretPlaceholder, sendEmail } from "./outbox.server";
import { randomToken, sha256 } from "~/.server/crypto";
import { hashPassword } from "~/.server/password";
import { endedByNewPassword, ofDeletedCustomer } from "./new-password.server";

export const PASSWORD_RESET_TTL_MS = 1000 * 60 * 60;

/** A single-use token for the link in the e-mail; only its hash is kept. */
export async function createPasswordReset(db: Database, userId: number, now = Date.now()) {
  const token = randomToken();
  await db.insert(passwordResets).values({
    tokenHash: await sha256(token),
    userId,
    expiresAt: new Date(now + PASSWORD_RESET_TTL_MS),
  });
  return token;
}

export async function findUsablePasswordReset(db: Database, token: string, now = Date.now()) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, await sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now)), not(ofDeletedCustomer(passwordResets.userId))))
    .limit(1);
  return reset;
}

/**
 * Sets the new password and spends the token in one batch, with what a new password ends
 * (sessions, API tokens, the other links), so a token can never be used twice and a
 * half-done reset cannot happen. Returns the user id or null.
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  password: string,
  now = Date.now(),
) {
  const reset = await findUsablePasswordReset(db, token, now);
  if (!reset) return null;
  const passwordHash = await hashPassword(password);
  // only when the first statement of this batch is the one that spent the token
  const spentHere = sql`exists (select 1 from ${passwordResets} where ${passwordResets.tokenHash} = ${reset.tokenHash} and ${passwordResets.usedAt} = ${now})`;
  const [spent] = await db.batch([
    db
      .update(passwordResets)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResets.tokenHash, reset.tokenHash), isNull(passwordResets.usedAt)))
      .returning({ userId: passwordResets.userId }),
    db
      .update(users)
      .set({ passwordHash, locked: false, failedSignins: 0, lastFailedSigninAt: null, updatedAt: new Date(now) })
      .where(and(eq(users.id, reset.userId), spentHere)),
    ...endedByNewPassword(db, reset.userId, new Date(now), spentHere),
  ]);
  return spent.length ? reset.userId : null;
}

/** Spent and expired links are of no use to anyone; housekeeping drops them. */
export async function prunePasswordResets(db: Database, now = Date.now()) {
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, new Date(now)), isNotNull(passwordResets.usedAt)));
}

/** E-mails a member a reset link through the outbox (an admin's "send a password-reset e-mail"). */
export async function emailPasswordReset(services: Pick<Services, "db" | "env" | "waitUntil">, { user }: { user: Pick<User, "id" | "email" | "name"> }) {
  const token = await createPasswordReset(services.db, user.id);
  await sendEmail(services, {
    to: user.email,
    subject: "Reset your Secondary Marketplace password",
    body:
      `Hello ${user.name},\n\nopen this link to choose a new password (it works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes):\n` +
      `${siteOrigin(services)}/uobs/reset/${secretPlaceholder("token")}\n\n` +
      `If you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
    secrets: { token },
  });
}
