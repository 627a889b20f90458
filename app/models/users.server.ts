import { and, eq, gt, isNull, ne, not, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { accountUnlocks, apiTokens, customers, holdsRole, invitations, passwordResets, memberColumns, roleCreatedIndex, roleOrder, sessions, stateOrder, users, usersText, WITHOUT_SECRETS, type User } from "~/.server/db/schema";
import { sha256 } from "~/.server/crypto";
import { hashPassword, needsRehash, verifyPassword } from "~/.server/password";
import type { Services } from "~/.server/services";
import { ROLE_NAMES, isAgent, primaryRole, type Role } from "~/lib/roles";
import { USER_STATES, type UserColumn, type UserFilters, type UserState } from "~/lib/user-table";
import type { CompanyBlock } from "~/lib/user-status";
import { containsText, countReach, indexedTextMatch, inIndexCopy, JOINED_TEXT_SEPARATOR, oneOf, shortJoinedText, pageOf, pageOfChosen, pageOfGathered, pageOrder, pageOrLast, shownCount, TRIGRAM, type ListQuery, type Paging } from "./list-query.server";
import { pageNumber } from "~/lib/query-params";
import { endedByNewPassword } from "./new-password.server";
import { hitRateLimit } from "./rate-limits.server";
import { listView } from "./table-view.server";
import { isDense, learnDensity, matchesAmongNewest } from "./text-density.server";

/** From this many failures in a row, each further attempt must wait: 5 s, doubling, at most a minute. */
export const SLOW_AFTER_FAILURES = 5;
/**
 * At this many attempts without a success the account stops accepting its password
 * until the owner follows the unlock link e-mailed at that moment (or resets the password).
 */
export const LOCK_AFTER_FAILURES = 10;

export type SigninResult =
  | { ok: true; user: User; secondFactor: boolean }
  | { ok: false; reason: "invalid" | "disabled" | "slowed" }
  /** justLocked: this attempt was the one that locked the account, so its owner is to be told. */
  | { ok: false; reason: "locked"; justLocked: User | null };

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Database, id: number) {
  return db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: eq(users.id, id) });
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
    .returning(memberColumns);
  return user ?? null;
}

export function retryAfterSeconds(user: Pick<User, "failedSignins" | "lastFailedSigninAt">, now: number) {
  if (user.failedSignins < SLOW_AFTER_FAILURES || !user.lastFailedSigninAt) return 0;
  const wait = Math.min(60, 5 * 2 ** (user.failedSignins - SLOW_AFTER_FAILURES)) * 1000;
  const remaining = user.lastFailedSigninAt.getTime() + wait - now;
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

export type AttemptVerdict =
  | { verdict: "check" }
  | { verdict: "slowed" }
  | { verdict: "locked"; justLocked: boolean };

/**
 * Counts a sign-in attempt (password or second-factor code) before anything is
 * checked, in one atomic UPDATE: parallel attempts each get their own count, so
 * no more than LOCK_AFTER_FAILURES - 1 guesses are ever checked between two unlocks.
 * A success clears the count (clearFailures); a failure stamps its time (recordFailure).
 */
export async function countSigninAttempt(db: Database, userId: number, now = Date.now()): Promise<AttemptVerdict> {
  const [row] = await db
    .update(users)
    .set({
      failedSignins: sql`${users.failedSignins} + 1`,
      // SQLite evaluates every SET expression against the row as it was before this UPDATE
      locked: sql`${users.locked} or ${users.failedSignins} + 1 >= ${LOCK_AFTER_FAILURES}`,
    })
    .where(eq(users.id, userId))
    .returning({ failedSignins: users.failedSignins, locked: users.locked, lastFailedSigninAt: users.lastFailedSigninAt });
  if (!row) return { verdict: "locked", justLocked: false };
  if (row.locked) return { verdict: "locked", justLocked: row.failedSignins === LOCK_AFTER_FAILURES };
  const before = { failedSignins: row.failedSignins - 1, lastFailedSigninAt: row.lastFailedSigninAt };
  return retryAfterSeconds(before, now) > 0 ? { verdict: "slowed" } : { verdict: "check" };
}

export async function recordFailure(db: Database, userId: number, now = Date.now()) {
  await db.update(users).set({ lastFailedSigninAt: new Date(now) }).where(eq(users.id, userId));
}

/** Takes back the count of an attempt that passed its step but is not finished (the password before the code). */
export async function forgiveAttempt(db: Database, userId: number) {
  await db
    .update(users)
    .set({ failedSignins: sql`max(${users.failedSignins} - 1, 0)` })
    .where(eq(users.id, userId));
}

/** A finished sign-in: the count starts again. Null when the account was locked meanwhile. */
export async function clearFailures(db: Database, userId: number, now = Date.now(), extra: Partial<typeof users.$inferInsert> = {}) {
  const [updated] = await db
    .update(users)
    .set({ failedSignins: 0, lastFailedSigninAt: null, lastLoginAt: new Date(now), ...extra })
    .where(and(eq(users.id, userId), eq(users.locked, false)))
    .returning(memberColumns);
  return updated ?? null;
}

/**
 * Whether this is the member's password now: the hash is read for the check, since the member a
 * request holds comes without it (app/models/sessions.server).
 */
export async function isCurrentPassword(db: Database, userId: number, password: string) {
  return (await currentPasswordHash(db, userId, password)) !== null;
}

/**
 * A signed-in member's current password asked again (the profile's password change, turning
 * two-factor sign-in off) is checked at most this often. Counted before it is checked, as sign-in
 * counts (decision 009), so parallel guesses cannot pass it; kept apart from the sign-in count,
 * which anyone can run up to a lock, so a lock never stops the owner changing their password here.
 */
export const CURRENT_PASSWORD_CHECKS = { limit: 10, windowMs: 60 * 60_000 };

/** Null when the current password may be checked now; else the refusal to show, with when to try again. */
export async function currentPasswordCheckRefused(db: Database, userId: number, now = Date.now()) {
  const hit = await hitRateLimit(db, `current-password:${userId}`, CURRENT_PASSWORD_CHECKS, now);
  if (hit.allowed) return null;
  return `Too many tries of your current password. Please wait ${Math.ceil(hit.retryAfterSeconds / 60)} minutes and try again.`;
}

/** The stored hash when `password` is the member's current one (what `setPassword` replaces); null otherwise. */
export async function currentPasswordHash(db: Database, userId: number, password: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row && (await verifyPassword(password, row.passwordHash)) ? row.passwordHash : null;
}

/** Spends a hashing's time, so refusals that need no hashing cannot be told apart by timing. */
export async function spendHashingTime(password: string) {
  await verifyPassword(password, DUMMY_HASH);
}

/**
 * Checks a password. Every outcome but a right password for an enabled account
 * looks the same to the caller's visitor (SIGNIN_MESSAGES.refused) and takes the
 * same hashing time, so neither the answer nor its timing reveals an account.
 */
export async function verifySignin(
  db: Database,
  email: string,
  password: string,
  now = Date.now(),
): Promise<SigninResult> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    const key = await unknownAddressKey(email);
    await hitRateLimit(db, `signin-unknown:${key}`, UNKNOWN_ADDRESS_WINDOW, now);
    await spendHashingTime(password);
    await hitRateLimit(db, `signin-refused:${key}`, UNKNOWN_ADDRESS_WINDOW, now);
    return { ok: false, reason: "invalid" };
  }
  // the answer carries the member as every request holds them: without the hash and the TOTP secret
  const { passwordHash, totpSecret: _totpSecret, ...member } = user;
  const attempt = await countSigninAttempt(db, user.id, now);
  if (attempt.verdict !== "check") {
    await spendHashingTime(password);
    await hitRateLimit(db, `signin-refused:${await unknownAddressKey(email)}`, UNKNOWN_ADDRESS_WINDOW, now);
    return attempt.verdict === "slowed"
      ? { ok: false, reason: "slowed" }
      : { ok: false, reason: "locked", justLocked: attempt.justLocked ? member : null };
  }
  if (!(await verifyPassword(password, passwordHash))) {
    await recordFailure(db, user.id, now);
    return { ok: false, reason: "invalid" };
  }
  // only someone who knows the password learns that the account is disabled
  if (!user.enabled) return { ok: false, reason: "disabled" };
  if (user.totpEnabledAt) {
    await forgiveAttempt(db, user.id);
    return { ok: true, user: member, secondFactor: true };
  }
  const upgrade = needsRehash(passwordHash) ? await hashPassword(password) : undefined;
  const updated = await clearFailures(db, user.id, now, upgrade ? { passwordHash: upgrade } : {});
  if (!updated) return { ok: false, reason: "locked", justLocked: null };
  return { ok: true, user: updated, secondFactor: false };
}

/**
 * What a refused sign-in writes besides the account's own count, so that every refusal writes as much
 * as a wrong password does (its count before the hashing, its failure's time after), each write where
 * that one's is: an account's two writes took 1-4 ms on Node that an unknown e-mail's answer did not,
 * and a median over a few tries told them apart. The rows are rate-limit rows, pruned within the hour
 * (housekeeping) and read by nothing: an unknown address is never slowed or locked, and a made-up one
 * leaves nothing behind. Keyed by the address's digest, not the address.
 */
const UNKNOWN_ADDRESS_WINDOW = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60 * 60_000 };
const unknownAddressKey = (email: string) => sha256(normalizeEmail(email));

// A real hash of a random password, so unknown e-mails take as long as known ones.
const DUMMY_HASH =
  "pbkdf2-sha256$600000$WIKU4Qt7Rs6fsXs77XCKxw$b2-BacsV_mm_Awp9Z3KYShcA6I9YMYrKEsNd3MQyWNo";

/** One answer for an unknown e-mail, a wrong password, a slowed and a locked account. */
export const SIGNIN_MESSAGES = {
  refused:
    "The e-mail or password is not correct. After several failed attempts we e-mail the account's owner a link to unlock it; you can also reset your password.",
  disabled: "This account is disabled. Please contact us to restore access.",
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

/**
 * A member's own new password, with what it ends (their sessions, API tokens and the links mailed
 * before) in one batch, written only over `replacing`, the hash of the password they were checked
 * against. False when it had changed since: a change sent twice at once (a double click) was
 * checked twice against the old password, and the second, writing after the first, ended the
 * session the first had just begun for that browser.
 */
export async function setPassword(db: Database, userId: number, password: string, replacing: string) {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  // the hash is salted: no other request writes this one
  const writtenHere = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.passwordHash} = ${passwordHash})`;
  const [written] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, locked: false, failedSignins: 0, lastFailedSigninAt: null, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.passwordHash, replacing)))
      .returning({ id: users.id }),
    ...endedByNewPassword(db, userId, now, writtenHere),
  ]);
  return written.length > 0;
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


/**
 * A member's company keeps them from signing in: disabled or locked, as sign-in asks it (customerAllowsSignin).
 * A deleted customer is one of them: its delete disables it, and its page refuses to enable or unlock it.
 */
const keepingOut = sql`(select ${customers.id} from ${customers} indexed by customers_enabled_idx where ${customers.enabled} = 0
  union select ${customers.id} from ${customers} indexed by customers_locked_idx where ${customers.locked} = 1)`;
const companyKeepsOut = sql`${users.customerId} in ${keepingOut}`;
/** None keeps the member out (no company is one): a seek of the customer by its key (not companyKeepsOut negated, null without a company). */
const companyLetsIn = sql`not exists (select 1 from ${customers} where ${customers.id} = ${users.customerId} and (${customers.enabled} = 0 or ${customers.locked} = 1))`;
/** What the member's company is, when it keeps them out: a seek of the customer by its key, for each row shown. */
const companyBlock = sql<CompanyBlock | null>`(select case when ${customers.anonymisedAt} is not null then 'deleted' when ${customers.enabled} = 0 then 'disabled' when ${customers.locked} = 1 then 'locked' end
  from ${customers} where ${customers.id} = ${users.customerId})`;

/**
 * The Status column's order, as the table shows it (lib/user-status's userState): Active, Locked, Disabled, then
 * those their company keeps out, Company locked, Company disabled, Deleted with their company. The member's own
 * state unless their company has a say (a deleted one always has, a disabled or locked one over an enabled member):
 * the state's index alone ordered a company's locked members among the active. The companies that keep members out
 * are read once from their indexes (the Status filter's companyKeepsOut), and only their members' company sought by key.
 */
function shownStateOrder() {
  return sql`(case when ${companyKeepsOut} then ${keptOutStateOrder} else ${stateOrder(users)} end)`;
}
/** The Status order of a member their company keeps out: the company's say, or their own state when disabled themselves. */
const keptOutStateOrder = sql`coalesce((select case when ${customers.anonymisedAt} is not null then 5 when ${users.enabled} = 0 then null when ${customers.enabled} = 0 then 4 when ${customers.locked} = 1 then 3 end
    from ${customers} where ${customers.id} = ${users.customerId}), ${stateOrder(users)})`;

/**
 * The ids of a page of every account in the Status order, as two streams already in that order merged up to the page's end (SQLite
 * merges the arms of a compound select for its ORDER BY): the members their company keeps out, few, their shown state
 * computed and sorted; and every other account walked from the state's index (migration 0057), its state the index's
 * own. Computed for every account and sorted, the page took 25 ms at 150,000 accounts.
 */
function statusPageIds({ desc, page, pageSize }: Paging) {
  const dir = desc ? sql`desc` : sql`asc`;
  // each such company's members sought in the customer's index (a cross join keeps the companies first): with statistics
  // saying most accounts share one company or none (a null is a value to ANALYZE), the planner read the whole index for
  // each company, even for `=` or `in`; the range is sought whatever the statistics say
  const keptOut = sql`select ${users.id} as id, ${keptOutStateOrder} as shown from ${keepingOut} as kept cross join ${users} indexed by users_customer_idx
    where ${users.customerId} >= kept.id and ${users.customerId} <= kept.id`;
  const rest = sql`select ${users.id} as id, ${stateOrder(users)} as shown from ${users} where (${users.customerId} is null or ${users.customerId} not in ${keepingOut})`;
  return sql`select id from (${keptOut} union all ${rest} order by shown ${dir}, id ${dir} limit ${pageSize} offset ${(pageNumber(page) - 1) * pageSize})`;
}

/** What each sortable column sorts by: the role a user acts as (spec §3's precedence), the state as the table shows it. */
const SORT: Partial<Record<UserColumn, SQL>> = {
  id: sql`${users.id}`,
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  company: sql`lower(${users.company})`,
  phone: sql`${users.phone}`,
  // the index's own expression (migration 0057)
  role: roleOrder(users.roles),
  status: shownStateOrder(),
  lastLoginAt: sql`${users.lastLoginAt}`,
  createdAt: sql`${users.createdAt}`,
};

/**
 * The accounts the Status filter lists, as lib/user-status's userState names them: each of the account's own states
 * through that order's index (migration 0057), its company looked up by key for each; those kept out by their
 * company through the disabled and locked customers' indexes and the members' customer index.
 */
const STATE_WHERE: Record<UserState, () => SQL | undefined> = {
  active: () => and(eq(stateOrder(users), 0), companyLetsIn),
  locked: () => and(eq(stateOrder(users), 1), companyLetsIn),
  disabled: () => and(eq(stateOrder(users), 2), not(ofDeletedCustomer)),
  company: () => and(companyKeepsOut, or(sql`${stateOrder(users)} < 2`, ofDeletedCustomer)),
};

/**
 * `byRole`: the text's matches are only checked against the role's accounts, walked from the role's partial index
 * (the id written `+id`, which SQLite then cannot seek by): the matches' accounts, each sought by its key and read for
 * its roles, cost more (150,000 accounts, "lee" with the sellers: 9,375 seeks, 22 ms; the 30,000 sellers walked, 8).
 */
function whereOf(filters: UserFilters, { byRole = false, walked = false } = {}) {
  const role = oneOf(ROLE_NAMES, filters.role);
  const state = oneOf(USER_STATES, filters.status);
  return and(
    role ? holdsRole(users.roles, role) : undefined,
    state ? STATE_WHERE[state]() : undefined,
    textOf(filters.q, byRole && role ? sql`+${users.id}` : users.id, walked),
  );
}

/** The fields users_fts holds, in its order (migration 0057). */
const USER_TEXT_FIELDS = ["name", "email", "company", "phone"];

function textOf(q: string | undefined, id: SQLWrapper, walked: boolean) {
  if (isShortText(q)) return shortTextMatch(id, q!.trim(), walked);
  return indexedTextMatch(q, { id, index: "users_fts", fields: USER_TEXT_FIELDS });
}

/**
 * The accounts one of whose fields holds a text shorter than a trigram: every account's four fields read as one value
 * from their joined copy (usersText, migration 0083, decision 099), one `like` each, where the trigram index's copy of
 * them took four (150,000 accounts: 30-38 ms p95). The same accounts: a text without the separator found in the joined
 * value is inside one field. A text with it, which no field is meant to hold, is looked for in each field, as before.
 */
function shortTextMatch(id: SQLWrapper, text: string, walked: boolean) {
  if (text.includes(JOINED_TEXT_SEPARATOR)) return inIndexCopy(id, "users_fts", USER_TEXT_FIELDS.length, text);
  // walked (a text in most accounts, decision 100): each account the page's order reaches is sought by its key
  if (walked) return sql`exists (select 1 from ${usersText} where ${usersText.id} = ${id} and ${containsText(usersText.text, text)})`;
  return sql`${id} in (select ${usersText.id} from ${usersText} where ${containsText(usersText.text, text)})`;
}

const USERS_TEXT = "users_text";

/** A short text whose density is sampled, and which may be walked: any but one holding the separator (looked for field by field). */
function sampledShortText(q: string | undefined) {
  // lowered as `like`'s pattern is: "LE" is the same search as "le"
  return shortJoinedText(q)?.toLowerCase() ?? null;
}

/** The short text's matches among the newest accounts (decision 093's sample), read with the page or its count: 0.1 ms. */
const shortTextSample = (text: string | null) =>
  text ? sql<number | null>`(${matchesAmongNewest(USERS_TEXT, containsText(usersText.text, text), { table: users, id: users.id })})` : sql<number | null>`null`;

/** Text shorter than a trigram: every account's fields are read for it, which is best done once a page. */
const isShortText = (q: string | undefined) => {
  const text = q?.trim();
  return !!text && [...text].length < TRIGRAM;
};

/** Invited and has not yet chosen a password through any of the invitation links. */
export const invitedNotYetIn = () =>
  sql<boolean>`(exists (select 1 from invitations i where i.user_id = ${users.id})
    and not exists (select 1 from invitations i where i.user_id = ${users.id} and i.used_at is not null))`.mapWith(Boolean);

type UserListQuery = ListQuery<UserFilters> & { customerId?: number };

/**
 * One page of the accounts, for the admin user table: what it shows and nothing more (no password hash, no 2FA secret).
 * A page past the last (a stale link after a filter narrowed the table, a made-up `?page=`) shows the last, whichever
 * way the page is read: a short text's gathered page does so itself (pageOfGathered), and the other reads must agree.
 */
export async function listUsers(db: Database, query: UserListQuery = {}) {
  // `more`: a short text in most accounts is counted up to a reach (decision 114); every other count is exact
  return pageOrLast(async (page) => ({ more: false, ...(await usersPage(db, { ...query, page })) }), query.page ?? 1);
}

async function usersPage(db: Database, { filters = {}, sort = "createdAt", desc = true, page = 1, pageSize = 25, customerId }: UserListQuery) {
  const shortText = sampledShortText(filters.q);
  // a short text in most accounts is walked in the page's order (decision 100), but for the Status order, which has no
  // index of its own to walk; a rare one is gathered once with its count (decision 099)
  const walked = !!shortText && sort !== "status" && isDense(USERS_TEXT, shortText);
  const filter = whereOf(filters, { walked });
  if (!filter && customerId !== undefined) {
    const shape = { sort: Object.hasOwn(SORT, sort) ? sort : "createdAt", desc, pageSize };
    const at = Math.max(1, page);
    const [found, [total]] = await Promise.all([unfilteredMembers(shape)(db).all({ customerId, offset: (at - 1) * pageSize }), membersOfCustomer(db).all({ customerId })]);
    return { rows: found, total: total?.count ?? 0, page: at, pageSize };
  }
  const where = and(filter, customerId === undefined ? undefined : eq(users.customerId, customerId));
  const role = oneOf(ROLE_NAMES, filters.role);
  // a role's accounts counted from its partial index: analyzed, the planner read every account's roles
  // for the buyers, three in four accounts (a text search or a customer narrows them first)
  // a trigram text with a role: counted, and paged newest first, from the role's partial index (whereOf's byRole)
  const textWithRole = !!role && !!filters.q?.trim() && !isShortText(filters.q) && customerId === undefined;
  const byRole = textWithRole ? whereOf(filters, { byRole: true }) : where;
  const paging = { by: SORT[sort as UserColumn] ?? SORT.createdAt!, desc, id: users.id, page, pageSize };
  if (walked) return pageOfWalkedShortText(db, { text: shortText!, filters, where, customerId }, paging);
  // (named: left to choose, it read every account for the buyers' matches, 15 -> 33 ms)
  const count =
    role && (!filters.q?.trim() || textWithRole) && customerId === undefined
      ? db.all<{ count: number }>(sql`select count(*) as count from ${users} indexed by ${sql.raw(roleCreatedIndex(role))} where ${byRole}`)
      : db.select({ count: sql<number>`count(*)` }).from(users).where(where);
  // short text: its matches gathered in one read of the index's copy of every account's fields, carrying their count
  // (decision 097), not read again for the count (150,000 accounts: each read 30-90 ms)
  if (isShortText(filters.q)) return pageOfShortText(db, where, paging, shortText);
  // the Status order as shown has no index of its own (the company has a say): the page's ids are chosen first, then only
  // those rows read; sorted whole, every row's invitation was looked up (page 1,000 of 50,000 accounts: 90–170 ms, now 45–70)
  // unfiltered, the page is merged from two ordered streams (statusPageIds); a filter's matches, walked in the state's
  // order, were fewer than the accounts walked to find them (150,000 accounts, 80 companies keeping members out:
  // the admins' page 50, a text, the Status filter 1.5 times slower), so they are still chosen and sorted
  if (sort === "status") {
    if (!where) return pageOfStatus(db, count, paging);
    return pageOfChosen((chosen) => userRows(db, chosen), db.select({ id: users.id }).from(users).where(where).$dynamic(), count, paging);
  }
  // another sort walks its own index or sorts the matches: the role's index is in creation order alone
  return pageOf(userRows(db, paging.by === SORT.createdAt ? byRole : where), count, paging);
}

/**
 * A page of the accounts a short text in most of them finds (decision 100): the page's order walked in its index, each account's
 * joined text sought by its key, stopping at the page's last row; gathered and sorted, every match was (150,000 accounts: 100 ms).
 * The count, read alongside (one call to D1), is a pass over the joined text when only the text filters, else the filter's
 * accounts each checked the same way (a role's from its partial index), stopping past the reach (decision 114); it carries
 * the sample that keeps the text dense or not.
 */
async function pageOfWalkedShortText(
  db: Database,
  { text, filters, where, customerId }: { text: string; filters: UserFilters; where: SQL | undefined; customerId: number | undefined },
  paging: Paging,
) {
  const role = oneOf(ROLE_NAMES, filters.role);
  const sample = shortTextSample(text);
  const textAlone = !role && !oneOf(USER_STATES, filters.status) && customerId === undefined;
  const byRole = role && customerId === undefined ? whereOf(filters, { byRole: true, walked: true }) : where;
  // counted up to the reach and one more (decision 114, as the customers' and the leads' tables): a text in most accounts
  // stops after about a hundredth of them
  const reach = countReach(pageNumber(paging.page), paging.pageSize);
  const matches = textAlone
    ? sql`${usersText} where ${containsText(usersText.text, text)}`
    : role && customerId === undefined
      ? sql`${users} indexed by ${sql.raw(roleCreatedIndex(role))} where ${byRole}`
      : sql`${users} where ${where ?? sql`1`}`;
  const counted = db.all<{ count: number; sample: number | null }>(sql`select count(*) as count, ${sample} as sample from (select 1 from ${matches} limit ${reach + 1})`);
  const count = Promise.resolve(counted).then((rows) => {
    if (rows[0]?.sample != null) learnDensity(USERS_TEXT, text, Number(rows[0].sample));
    return rows;
  });
  const found = await pageOf(userRows(db, paging.by === SORT.createdAt ? byRole : where), count, paging);
  return { ...found, ...shownCount(found.total, reach) };
}

/**
 * A page of the accounts a short text finds and their count, in one statement (pageOfGathered): the page's ids carry
 * the count as a window over the matches, the page's rows joined to them. The ids carry the text's sample too, for its
 * next search (a text found in none has no row to carry it, and is rare).
 */
async function pageOfShortText(db: Database, where: SQL | undefined, paging: Paging, text: string | null) {
  const sample = shortTextSample(text);
  const ids = () => db.select({ id: users.id, total: sql<number>`count(*) over ()`.as("total"), sample: sample.as("sample") }).from(users).where(where).$dynamic();
  const found = await pageOfGathered((chosen) => userRows(db, undefined, { total: chosen.total, sample: chosen.sample }).innerJoin(chosen, eq(chosen.id, users.id)), ids, paging, (first) => {
    if (text && first.sample != null) learnDensity(USERS_TEXT, text, Number(first.sample));
  });
  const rows = found.rows.map(({ sample: _sample, ...row }) => row);
  // its exact count shown as the walked page would show it (decision 114): which way a page is read never changes what it shows
  return { ...found, rows, ...(text ? shownCount(found.total, countReach(found.page, found.pageSize)) : { more: false }) };
}

/** A page of every account in the Status order: its ids chosen (statusPageIds), then only those rows read; the count as every page has it. */
async function pageOfStatus(db: Database, count: PromiseLike<Array<{ count: number }>>, paging: Paging) {
  const sorted = userRows(db, sql`${users.id} in (${statusPageIds(paging)})`).orderBy(...pageOrder(paging));
  const [rows, [total]] = await Promise.all([sorted, count]);
  return { rows, total: total?.count ?? 0, page: pageNumber(paging.page), pageSize: paging.pageSize };
}

const userRows = <E extends Record<string, SQL.Aliased> = Record<never, never>>(db: Database, where: SQL | undefined, extra?: E) =>
  db
    .select({
      ...(extra as E),
      id: users.id,
      name: users.name,
      email: users.email,
      company: users.company,
      phone: users.phone,
      roles: users.roles,
      enabled: users.enabled,
      locked: users.locked,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      invited: invitedNotYetIn(),
      customerDeleted: sql<boolean>`${ofDeletedCustomer}`.mapWith(Boolean),
      companyBlock,
    })
    .from(users)
    .where(where)
    .$dynamic();

// A customer's page opens on its members unfiltered, in the admin's order: those pages are built
// once for each order and page size and only run after that (building them each time was about
// 2 % of the page's Worker time)
type MemberPageShape = { sort: string; desc: boolean; pageSize: number };
const memberPages = new Map<string, ReturnType<typeof memberPageQueries>>();
const MAX_MEMBER_PAGE_SHAPES = 100;

function unfilteredMembers(shape: MemberPageShape) {
  const key = JSON.stringify([shape.sort, shape.desc, shape.pageSize]);
  let built = memberPages.get(key);
  if (!built) {
    if (memberPages.size >= MAX_MEMBER_PAGE_SHAPES) memberPages.clear();
    memberPages.set(key, (built = memberPageQueries(shape)));
  }
  return built;
}

function memberPageQueries({ sort, desc, pageSize }: MemberPageShape) {
  const by = SORT[sort as UserColumn]!;
  return preparedQuery((db) =>
    userRows(db, ofCustomer)
      .orderBy(...pageOrder({ by, desc, id: users.id }))
      .limit(pageSize)
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
}
const ofCustomer = eq(users.customerId, sql.placeholder("customerId"));
// how many members a customer has is the same whatever the order and page size
const membersOfCustomer = preparedQuery((db) => db.select({ count: sql<number>`count(*)` }).from(users).where(ofCustomer).prepare());

/** /admin/users as this admin sees it: their view of the table and one page of it. */
export async function userListPage(services: Services, { admin, request }: { admin: { id: number }; request: Request }) {
  const { view, query } = await listView(services, { reader: admin, table: "users", request });
  const list = await listUsers(services.db, query);
  const rows = list.rows.map(({ roles, ...u }) => ({ ...u, role: primaryRole(roles), agent: isAgent(roles) }));
  return { ...list, rows, view, filters: query.filters as UserFilters };
}

/** What enabling a member of a deleted customer answers: they could not sign in, whatever the switch said. */
export const COMPANY_DELETED_MESSAGE = "This member's company is deleted: the account cannot be enabled (its member could not sign in). Add the person again to a customer, or as a new user.";

export const LAST_ADMIN_MESSAGE = "This would leave the marketplace with no enabled admin: make another account an admin first.";

/** The row being written acts as an admin now: enabled, and Admin the first of its roles (spec §3's precedence). */
const actsAsAdmin = sql`(${users.enabled} = 1 and ${roleOrder(users.roles)} = 3)`;
const otherAdmin = alias(users, "other_admin");
/**
 * An account but those `besides` keeps out opens the admin pages: enabled, acting as admin, of no company that
 * keeps it from signing in. Part of the write that takes an admin away (a condition of its UPDATE), never a read
 * before it: two admins disabling or demoting each other at once both passed a check made first, and left none.
 */
function adminBesides(besides: SQL) {
  return sql`exists (select 1 from ${users} as ${sql.identifier("other_admin")} where ${besides} and ${otherAdmin.enabled} = 1 and ${roleOrder(otherAdmin.roles)} = 3
    and (${otherAdmin.customerId} is null or exists (select 1 from ${customers} where ${customers.id} = ${otherAdmin.customerId} and ${customers.enabled} = 1 and ${customers.locked} = 0)))`;
}
/** An UPDATE's condition that takes `userId`'s admin away only while another admin is left. */
const leavesAnAdmin = (userId: number) => or(not(actsAsAdmin), adminBesides(sql`${otherAdmin.id} <> ${userId}`));

const memberAdmin = alias(users, "member_admin");
/**
 * The condition of an UPDATE that shuts a customer's members out (disabling, locking or deleting the customer):
 * written only while an admin who can sign in is left outside the customer, or none of its members is one (a
 * member made an admin before Admin was refused to customers' members, or a customer already keeping them out).
 * As `leavesAnAdmin`, part of the write: two admins shutting out each other's customer at once leave one.
 */
export function customerLeavesAnAdmin(customerId: number) {
  const adminInside = sql`exists (select 1 from ${users} as ${sql.identifier("member_admin")} where ${memberAdmin.customerId} = ${customerId} and ${memberAdmin.enabled} = 1 and ${roleOrder(memberAdmin.roles)} = 3
    and exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${customers.enabled} = 1 and ${customers.locked} = 0))`;
  return or(not(adminInside), adminBesides(sql`(${otherAdmin.customerId} is null or ${otherAdmin.customerId} <> ${customerId})`))!;
}

/** Why an update of one account wrote nothing: no such account, or the one guard of its UPDATE (`why`). */
async function refusal<R extends string>(db: Database, userId: number, why: R): Promise<"missing" | R> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row ? why : "missing";
}

/** The account is a member of a deleted (anonymised) customer: it cannot sign in, and is no one's to enable. */
const ofDeletedCustomer = sql`exists (select 1 from ${customers} where ${customers.id} = ${users.customerId} and ${customers.anonymisedAt} is not null)`;

/**
 * Admin switches; unlocking also clears the failure count. Disabling ends the account's sessions and
 * API tokens in the same batch: a token only refused while disabled worked again once enabled.
 * Disabling the last enabled admin is refused ("last-admin"), and enabling a member of a deleted customer
 * ("company-deleted": they could not sign in all the same), nothing written.
 */
export async function setUserAccess(
  db: Database,
  userId: number,
  change: { enabled: boolean } | { locked: false },
): Promise<"done" | "unchanged" | "missing" | "last-admin" | "company-deleted"> {
  const values =
    "enabled" in change
      ? { enabled: change.enabled }
      : { locked: false, failedSignins: 0, lastFailedSigninAt: null };
  const now = new Date();
  const disabling = "enabled" in change && !change.enabled;
  const enabling = "enabled" in change && change.enabled;
  // only an account it changes: a second click (or a stale page) writes nothing and is not audited twice
  const changes = "enabled" in change ? ne(users.enabled, change.enabled) : or(eq(users.locked, true), gt(users.failedSignins, 0));
  const update = db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, userId), changes, disabling ? leavesAnAdmin(userId) : enabling ? not(ofDeletedCustomer) : undefined))
    .returning({ id: users.id });
  // the sessions and tokens go only when the account is disabled: not when the guard above refused it
  const disabledNow = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.enabled} = 0)`;
  const [updated] = disabling
    ? await db.batch([
        update,
        db.delete(sessions).where(and(eq(sessions.userId, userId), disabledNow)),
        db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), disabledNow)),
      ])
    : [await update];
  if (updated.length > 0) return "done";
  const [row] = await db.select({ enabled: users.enabled, locked: users.locked, failedSignins: users.failedSignins }).from(users).where(eq(users.id, userId));
  if (!row) return "missing";
  const already = "enabled" in change ? row.enabled === change.enabled : !row.locked && row.failedSignins === 0;
  return already ? "unchanged" : disabling ? "last-admin" : "company-deleted";
}

/** The account's fields an admin edits on /admin/users/edit/{id}. */
export type AccountValues = { name: string; email: string; company: string; phone: string; roles: string[] };
const ACCOUNT_FIELDS = ["name", "email", "company", "phone", "roles"] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** The message on a field changed meanwhile, once the page shows the change (`now`, as stored). */
export const accountChangedMeanwhileTo = (now: string) =>
  `${now ? `Someone changed this to “${now}”` : "Someone emptied this"} since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`;

/**
 * What an admin's save of the edit page writes, given the account as it is now and as their page showed it
 * (`opened`): only the fields this admin changed, the others kept as they are now, so that another admin's save
 * meanwhile (roles taken away, an e-mail corrected) or the member's own change of name or phone is not put back as
 * the page showed it. `clash`: a field both changed, to different values (the admin decides, having seen the other's).
 * Without `opened` (an older page) every field is written, as before.
 */
export function accountEdit(current: AccountValues, typed: AccountValues, opened?: AccountValues): { values: AccountValues; changed: AccountField[] } | { clash: AccountField } {
  if (!opened) return { values: typed, changed: [...ACCOUNT_FIELDS] };
  // an e-mail in another case is the same address, roles in another order the same roles
  const same = (field: AccountField, a: AccountValues, b: AccountValues) =>
    field === "roles" ? [...a.roles].sort().join() === [...b.roles].sort().join() : field === "email" ? normalizeEmail(a.email) === normalizeEmail(b.email) : a[field] === b[field];
  // changed on the page, and not already so (the same change made twice: a second click, two admins alike)
  const changed = ACCOUNT_FIELDS.filter((field) => !same(field, typed, opened) && !same(field, current, typed));
  const clash = changed.find((field) => !same(field, current, opened));
  if (clash) return { clash };
  return { values: { ...current, ...Object.fromEntries(changed.map((field) => [field, typed[field]])) }, changed };
}

/** Whether the account's fields written are still as the save read them (false: another save landed meanwhile, or the account is gone). */
async function stillAsReadNow(db: Database, userId: number, asRead: AccountValues, changed: readonly AccountField[]) {
  const [row] = await db.select({ name: users.name, email: users.email, company: users.company, phone: users.phone, roles: users.roles }).from(users).where(eq(users.id, userId));
  if (!row) return true;
  return changed.every((field) => (field === "roles" ? row.roles.join() === asRead.roles.join() : field === "email" ? row.email === normalizeEmail(asRead.email) : row[field] === asRead[field]));
}

/**
 * An admin's edit of an account: name, e-mail, company, phone and roles. "email-taken" when the e-mail
 * belongs to another account. A new e-mail spends, in the same batch, the links mailed to the old one
 * (invitation, password reset, unlock): each of them sets a password or opens the account, and the old
 * address may be a mistyped stranger's or a mailbox the member lost. `awaitingInvitation`: the account
 * was invited and never got in, so the caller invites it again at the new address. "last-admin" when the
 * roles would take the last enabled admin's admin away (Admin not kept, or Buyer or Seller before it), nothing written.
 */
export async function updateUserAccount(
  db: Database,
  { userId, values, changed = ACCOUNT_FIELDS, asRead }: { userId: number; values: AccountValues; changed?: readonly AccountField[]; asRead?: AccountValues },
): Promise<"missing" | "email-taken" | "last-admin" | "changed-meanwhile" | { emailChanged: boolean; awaitingInvitation: boolean }> {
  const email = normalizeEmail(values.email);
  const other = await findUserByEmail(db, email);
  if (other && other.id !== userId) return "email-taken";
  const [before] = await db.select({ email: users.email, invited: invitedNotYetIn() }).from(users).where(eq(users.id, userId));
  if (!before) return "missing";
  // an e-mail this save does not write (another admin changed it meanwhile) is not this save's change
  const emailChanged = changed.includes("email") && before.email !== email;
  const now = new Date();
  // the fields written are still as the edit was worked out against (asRead): another save of them landing
  // between that read and this write is not overwritten unseen
  const stillAsRead = asRead ? changed.map((field) =>
        // roles as JSON text: compared as JSON, however the text was spaced when written
        field === "roles" ? sql`json(${users.roles}) = json(${JSON.stringify(asRead.roles)})` : eq(users[field], field === "email" ? normalizeEmail(asRead.email) : asRead[field]),
      )
    : [];
  // only once the update below wrote the new e-mail (not when its guard refused it)
  const written = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.email} = ${email})`;
  const spendLinks = [
    db.update(invitations).set({ usedAt: now }).where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), written)),
    db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), written)),
    db.update(accountUnlocks).set({ usedAt: now }).where(and(eq(accountUnlocks.userId, userId), isNull(accountUnlocks.usedAt), written)),
  ] as const;
  const update = db
    .update(users)
    .set({ ...Object.fromEntries(changed.map((field) => [field, field === "email" ? email : values[field]])), updatedAt: now })
    .where(and(eq(users.id, userId), primaryRole(values.roles) === "admin" ? undefined : leavesAnAdmin(userId), ...stillAsRead))
    .returning({ id: users.id });
  try {
    const [updated] = emailChanged ? await db.batch([update, ...spendLinks]) : [await update];
    if (!updated.length) {
      if (asRead && !(await stillAsReadNow(db, userId, asRead, changed))) return "changed-meanwhile";
      return refusal(db, userId, "last-admin");
    }
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error))) return "email-taken";
    throw error;
  }
  return { emailChanged, awaitingInvitation: emailChanged && before.invited };
}
