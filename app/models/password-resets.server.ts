import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { auditLog, outbox, passwordResets, users, type User } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { deliverDueMessages, outboxRow, secretPlaceholder } from "./outbox.server";
import { dropUnlessClaimed, RESEND_INTERVAL_MS, type SentJustNow } from "./invitations.server";
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

/**
 * E-mails a member a reset link through the outbox (an admin's "send a password-reset e-mail"), unless a reset link
 * went to them less than a minute ago (a double click without JavaScript, two admins at once, or their own request):
 * both were mailed, each link working. As an invitation resent: the look and the link are one statement, the e-mail
 * written in the same batch and dropped there unless this link is the one written. Not sent: when the last was, and by whom.
 */
export async function emailPasswordReset(services: Pick<Services, "db" | "env" | "waitUntil">, { user, now = Date.now() }: { user: Pick<User, "id" | "email" | "name">; now?: number }): Promise<true | SentJustNow> {
  const { db } = services;
  const token = randomToken();
  const tokenHash = await sha256(token);
  const mail = await outboxRow(
    services.env,
    {
      channel: "email",
      recipient: user.email,
      subject: "Reset your Secondary Marketplace password",
      body:
        `Hello ${user.name},\n\nopen this link to choose a new password (it works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes):\n` +
        `${siteOrigin(services)}/uobs/reset/${secretPlaceholder("token")}\n\n` +
        `If you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
      secrets: { token },
    },
    now,
  );
  const [claimed] = await db.batch([
    db
      .insert(passwordResets)
      .select(
        sql`select ${tokenHash}, ${user.id}, ${now}, ${now + PASSWORD_RESET_TTL_MS}, null
          where not exists (select 1 from ${passwordResets} where ${passwordResets.userId} = ${user.id} and ${passwordResets.createdAt} > ${now - RESEND_INTERVAL_MS})`,
      )
      .returning({ userId: passwordResets.userId }),
    db.insert(outbox).values(mail),
    dropUnlessClaimed(db, user.email, passwordResets, tokenHash),
  ]);
  if (claimed.length) {
    services.waitUntil(deliverDueMessages(db, services.env));
    return true;
  }
  const [last] = await db.select({ at: passwordResets.createdAt }).from(passwordResets).where(eq(passwordResets.userId, user.id)).orderBy(desc(passwordResets.createdAt)).limit(1);
  const sentAt = last?.at.getTime() ?? now;
  // the admin who sent it, from their entry written just after (none: the member asked for it themselves)
  const [entry] = await db
    .select({ name: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.action, "user.password-reset-sent"), eq(auditLog.subjectType, "user"), eq(auditLog.subjectId, String(user.id)), gte(auditLog.at, new Date(sentAt))))
    .orderBy(asc(auditLog.at))
    .limit(1);
  return { sentAt, by: entry?.name ?? null };
}
