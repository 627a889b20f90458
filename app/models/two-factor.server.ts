import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { recoveryCodes, users, type User } from "~/.server/db/schema";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  isTotpCode,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
} from "~/.server/two-factor";
import { endedByNewPassword } from "./new-password.server";
import { clearFailures, countSigninAttempt, recordFailure } from "./users.server";

/** Starts (or restarts) enrolment: a new secret waits for its first code. Nothing changes for an enrolled member. */
export async function startTotpEnrolment(db: Database, sessionSecret: string, userId: number) {
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpSecret: await encryptTotpSecret(sessionSecret, secret), totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** The stored (encrypted) secret and whether it is in use: read when needed, as the member a request holds comes without it. */
async function storedTotpSecret(db: Database, userId: number) {
  const [row] = await db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { secret: null, enabledAt: null };
}

/** An enrolment that waits for its confirmation code: its secret, and as stored. */
async function pendingEnrolment(db: Database, sessionSecret: string, userId: number) {
  const stored = await storedTotpSecret(db, userId);
  if (stored.enabledAt || !stored.secret) return null;
  const secret = await decryptTotpSecret(sessionSecret, stored.secret);
  return secret ? { secret, stored: stored.secret } : null;
}

/** The secret of an enrolment that waits for its confirmation code; never the secret of a finished one. */
export async function pendingTotpSecret(db: Database, sessionSecret: string, userId: number) {
  return (await pendingEnrolment(db, sessionSecret, userId))?.secret ?? null;
}

async function storeRecoveryCodes(db: Database, userId: number) {
  const codes = newRecoveryCodes();
  const rows = await Promise.all(codes.map(async (code) => ({ codeHash: await hashRecoveryCode(code), userId })));
  await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)]);
  return codes;
}

/**
 * Finishes enrolment when the code matches the waiting secret; returns the ten
 * recovery codes, which are shown this once and kept only as hashes. Null for a wrong code.
 * Every other session and every API token of the member ends with it, in the same batch: each
 * was made with the password alone, which no longer signs in (a stolen cookie or token included).
 * `keepSession`: the enrolling browser's, which goes on.
 */
export async function confirmTotpEnrolment(
  db: Database,
  sessionSecret: string,
  userId: number,
  code: string,
  { keepSession = null, now = Date.now() }: { keepSession?: string | null; now?: number } = {},
) {
  const pending = await pendingEnrolment(db, sessionSecret, userId);
  if (!pending) return null;
  const step = matchingTotpStep(pending.secret, code.replace(/\s/g, ""), now);
  if (step === null) return null;
  // sealed again with a fresh IV, so the stored value is this request's alone: the same code sent
  // twice at once ends things once, in the batch of the request that enrolled
  const resealed = await encryptTotpSecret(sessionSecret, pending.secret);
  const writtenHere = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.totpSecret} = ${resealed})`;
  const [enrolled] = await db.batch([
    // enrols only with the secret the code was checked against: a restarted enrolment in between has a new one
    db
      .update(users)
      .set({ totpSecret: resealed, totpEnabledAt: new Date(now), totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, pending.stored)))
      .returning({ id: users.id }),
    ...endedByNewPassword(db, userId, new Date(now), writtenHere, keepSession),
  ]);
  if (enrolled.length === 0) return null;
  return storeRecoveryCodes(db, userId);
}

/** Enrols with a known secret at once (the demo admin, tests). */
export async function enrolTotp(db: Database, sessionSecret: string, userId: number, secret: string, now = Date.now()) {
  await db
    .update(users)
    .set({ totpSecret: await encryptTotpSecret(sessionSecret, secret), totpEnabledAt: new Date(now), totpLastStep: null })
    .where(eq(users.id, userId));
  return storeRecoveryCodes(db, userId);
}

/**
 * The second step's secret and recovery codes removed, the update only where `onlyIf` holds; true when it did.
 * The member turning it off on /profile and an admin turning it off for them write the same.
 */
async function clearTotp(db: Database, userId: number, onlyIf?: SQL) {
  const [cleared] = await db.batch([
    db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(and(eq(users.id, userId), onlyIf))
      .returning({ id: users.id }),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return cleared.length > 0;
}

export async function disableTotp(db: Database, userId: number) {
  await clearTotp(db, userId);
}

/**
 * An admin turns off the two-factor sign-in of a member who lost both their authenticator and their
 * recovery codes: nothing else let them in again (a password reset leaves the second step in place, and
 * the member cannot reach /profile). True when it was on and this request turned it off.
 */
export const turnOffTotpForMember = (db: Database, userId: number) => clearTotp(db, userId, isNotNull(users.totpEnabledAt));

export async function replaceRecoveryCodes(db: Database, userId: number) {
  return storeRecoveryCodes(db, userId);
}

export async function unusedRecoveryCodeCount(db: Database, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A code is spent by the UPDATE that accepts it, so two requests with one code cannot both pass. */
async function spendTotpStep(db: Database, userId: number, step: number) {
  const [spent] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return Boolean(spent);
}

async function spendRecoveryCode(db: Database, userId: number, code: string, now: number) {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(eq(recoveryCodes.codeHash, await hashRecoveryCode(code)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  return Boolean(spent);
}

/** The answer to a code when the stored key no longer opens: the member's app cannot help, a recovery code can. */
export const TOTP_KEY_UNREADABLE =
  "Codes from your authenticator app cannot be checked for this account any more: the server's key (SESSION_SECRET) changed after you set it up. Enter one of your recovery codes instead, or contact us to have two-factor sign-in turned off.";

export type SecondFactorResult =
  // keyUnreadable: a recovery code passed where the stored key no longer opens (enrolAgainAfterUnreadableKey)
  | { ok: true; user: User; keyUnreadable?: true }
  | { ok: false; reason: "invalid" | "slowed" | "unreadable" }
  | { ok: false; reason: "locked"; justLocked: User | null };

/**
 * The second step of sign-in: a code from the app (each works once) or an unused
 * recovery code. Counted before it is checked, on the same count as passwords, so
 * codes are rate-limited and lock the account exactly as wrong passwords do.
 */
export async function verifySecondFactor(
  db: Database,
  sessionSecret: string,
  user: User,
  code: string,
  now = Date.now(),
): Promise<SecondFactorResult> {
  const attempt = await countSigninAttempt(db, user.id, now);
  if (attempt.verdict === "slowed") return { ok: false, reason: "slowed" };
  if (attempt.verdict === "locked") return { ok: false, reason: "locked", justLocked: attempt.justLocked ? user : null };
  const stored = await storedTotpSecret(db, user.id);
  const enrolled = Boolean(stored.enabledAt && stored.secret);
  const secret = enrolled ? await decryptTotpSecret(sessionSecret, stored.secret!) : null;
  let accepted = false;
  if (secret && isTotpCode(code)) {
    const step = matchingTotpStep(secret, code.replace(/\s/g, ""), now);
    accepted = step !== null && (await spendTotpStep(db, user.id, step));
  } else if (enrolled && !isTotpCode(code) && code.trim()) {
    // recovery codes are kept as plain hashes, not under SESSION_SECRET: the way back in when the key no longer opens
    accepted = await spendRecoveryCode(db, user.id, code, now);
  }
  if (!accepted) {
    await recordFailure(db, user.id, now);
    // sealed under another SESSION_SECRET: no code from the app can pass, and "not correct" sent the member round in circles
    return { ok: false, reason: enrolled && !secret ? "unreadable" : "invalid" };
  }
  const updated = await clearFailures(db, user.id, now);
  if (!updated) return { ok: false, reason: "locked", justLocked: null };
  return enrolled && !secret ? { ok: true, user: updated, keyUnreadable: true } : { ok: true, user: updated };
}

/**
 * A member let in by a recovery code because their key no longer opens (sealed under another
 * SESSION_SECRET) is set up again: the unreadable key, which no code of any app could match, is replaced
 * by a new enrolment waiting for its first code, and the old recovery codes go with it (confirming the
 * new key makes new ones). Left as it was, each sign-in spent one more recovery code until none was
 * left, and /profile said two-factor sign-in was on. Only where the stored key is still the one that
 * did not open: a key set up meanwhile is kept. True when it was replaced here.
 */
export async function enrolAgainAfterUnreadableKey(db: Database, sessionSecret: string, userId: number) {
  const stored = await storedTotpSecret(db, userId);
  if (!stored.enabledAt || !stored.secret || (await decryptTotpSecret(sessionSecret, stored.secret)) !== null) return false;
  const sealed = await encryptTotpSecret(sessionSecret, newTotpSecret());
  const replacedHere = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.totpSecret} = ${sealed})`;
  const [replaced] = await db.batch([
    db
      .update(users)
      .set({ totpSecret: sealed, totpEnabledAt: null, totpLastStep: null })
      .where(and(eq(users.id, userId), eq(users.totpSecret, stored.secret)))
      .returning({ id: users.id }),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), replacedHere)),
  ]);
  return replaced.length > 0;
}
