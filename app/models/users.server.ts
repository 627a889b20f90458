import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { users, type User } from "~/.server/db/schema";
import { hashPassword, needsRehash, verifyPassword } from "~/.server/password";
import { primaryRole, type Role } from "~/lib/roles";

/** From this many failures in a row, each further attempt must wait: 5 s, doubling, at most a minute. */
export const SLOW_AFTER_FAILURES = 5;
/** At this many failures in a row the account is locked until its password is reset or an admin unlocks it. */
export const LOCK_AFTER_FAILURES = 10;

export type SigninResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" | "disabled" | "locked" }
  | { ok: false; reason: "slowed"; retryAfterSeconds: number };

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Database, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function createUser(
  db: Database,
  input: {
    email: string;
    name: string;
    company?: string;
    phone?: string;
    businessType?: string;
    password: string;
    roles: string[];
    scope?: string[];
  },
) {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      name: input.name,
      company: input.company ?? "",
      phone: input.phone ?? "",
      businessType: input.businessType ?? "",
      passwordHash,
      roles: input.roles,
      scope: input.scope ?? [],
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ?? null;
}

export function retryAfterSeconds(user: Pick<User, "failedSignins" | "lastFailedSigninAt">, now: number) {
  if (user.failedSignins < SLOW_AFTER_FAILURES || !user.lastFailedSigninAt) return 0;
  const wait = Math.min(60, 5 * 2 ** (user.failedSignins - SLOW_AFTER_FAILURES)) * 1000;
  const remaining = user.lastFailedSigninAt.getTime() + wait - now;
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/**
 * Checks a password and keeps the account's failure count. An unknown e-mail
 * costs the same hashing time as a known one, so timing does not reveal accounts.
 */
export async function verifySignin(
  db: Database,
  email: string,
  password: string,
  now = Date.now(),
): Promise<SigninResult> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await verifyPassword(password, DUMMY_HASH);
    return { ok: false, reason: "invalid" };
  }
  if (!user.enabled) return { ok: false, reason: "disabled" };
  if (user.locked) return { ok: false, reason: "locked" };
  const wait = retryAfterSeconds(user, now);
  if (wait > 0) return { ok: false, reason: "slowed", retryAfterSeconds: wait };

  if (!(await verifyPassword(password, user.passwordHash))) {
    const [after] = await db
      .update(users)
      .set({
        failedSignins: sql`${users.failedSignins} + 1`,
        lastFailedSigninAt: new Date(now),
        locked: sql`${users.failedSignins} + 1 >= ${LOCK_AFTER_FAILURES}`,
      })
      .where(eq(users.id, user.id))
      .returning({ locked: users.locked });
    return { ok: false, reason: after?.locked ? "locked" : "invalid" };
  }

  const upgrade = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
  const [updated] = await db
    .update(users)
    .set({
      failedSignins: 0,
      lastFailedSigninAt: null,
      lastLoginAt: new Date(now),
      ...(upgrade ? { passwordHash: upgrade } : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  return { ok: true, user: updated ?? user };
}

// A real hash of a random password, so unknown e-mails take as long as known ones.
const DUMMY_HASH =
  "pbkdf2-sha256$600000$WIKU4Qt7Rs6fsXs77XCKxw$b2-BacsV_mm_Awp9Z3KYShcA6I9YMYrKEsNd3MQyWNo";

export const SIGNIN_MESSAGES = {
  invalid: "The e-mail or password is not correct.",
  disabled: "This account is disabled. Please contact us to restore access.",
  locked:
    "This account is locked after too many failed sign-ins. Reset your password to unlock it, or contact us.",
  slowed: (s: number) => `Too many failed sign-ins. Please wait ${s} seconds and try again.`,
} as const;

export async function updateProfile(
  db: Database,
  userId: number,
  input: { name: string; phone: string },
) {
  await db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setPassword(db: Database, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  return db
    .update(users)
    .set({ passwordHash, locked: false, failedSignins: 0, lastFailedSigninAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** What the app and the API may know of a user: never the hash or the counters. */
export type PublicUser = {
  id: number;
  email: string;
  name: string;
  company: string;
  phone: string;
  businessType: string;
  role: Role | null;
  roles: string[];
  scope: string[];
};

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    company: user.company,
    phone: user.phone,
    businessType: user.businessType,
    role: primaryRole(user.roles),
    roles: user.roles,
    scope: user.scope,
  };
}

export async function listUsers(db: Database, { limit = 500 } = {}) {
  return db.query.users.findMany({ orderBy: (u, { desc }) => [desc(u.id)], limit });
}

/** Admin switches; unlocking also clears the failure count. */
export async function setUserAccess(
  db: Database,
  userId: number,
  change: { enabled: boolean } | { locked: false },
) {
  const values =
    "enabled" in change
      ? { enabled: change.enabled }
      : { locked: false, failedSignins: 0, lastFailedSigninAt: null };
  const updated = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
