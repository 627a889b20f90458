import { eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { memberColumns, sellerPermissions, sessions, tablePreferences, users, type User } from "~/.server/db/schema";
import { buyersUnreadQuery } from "./negotiations.server";
import { unreadNoticesQuery } from "./notifications.server";
import { teamLeadIdOf } from "./seller-team-lead.server";
import { randomToken } from "~/.server/crypto";
import { SESSION_MAX_AGE_SECONDS } from "~/.server/session-cookie";
import type { SessionTouchRow } from "~/.server/services";
import { ttlCache } from "~/.server/ttl-cache";

/** A session not used for this long is over. */
export const SESSION_IDLE_MS = 1000 * 60 * 60 * 12;
export const SESSION_ABSOLUTE_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export async function startSession(db: Database, userId: number, now = Date.now()) {
  const id = randomToken();
  await db.insert(sessions).values({
    id,
    userId,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  });
  return id;
}

export async function endSession(db: Database, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function endAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The user behind a live session, or null when it is unknown, idle, expired, or the account is disabled.
 * A lock after failed sign-ins leaves sessions alone: anyone can cause one, so it must not sign the owner out.
 */
// every request of a signed-in member runs it; the site header's two counts, the member's table
// preferences (columns, sort, filters of each list page) and what a seller's team lets them reach
// come with it, since on D1 each query is a round trip; the team's two only for a seller
const isSeller = sql`${users.roles} like '%"ROLE_SELLER"%'`;
const sessionWithUser = preparedQuery((db) =>
  db
    .select({
      session: sessions,
      // the secrets stay in the database: the member is kept in memory after their request (decision 040)
      user: memberColumns,
      unreadNotices: sql<number>`(${unreadNoticesQuery(db, users.id)})`,
      unreadAsBuyer: sql<number>`(${buyersUnreadQuery(db, users.id)})`,
      grants: sql<string | null>`case when ${isSeller} then (select ${sellerPermissions.grants} from ${sellerPermissions} where ${sellerPermissions.userId} = ${users.id}) end`,
      teamLeadId: sql<number | null>`case when ${isSeller} then ${teamLeadIdOf(users.customerId)} end`,
      // a row that is not JSON (written by hand) is left out rather than failing every page of its member
      tables: sql<string | null>`(select json_group_object(${tablePreferences.tableKey}, json(${tablePreferences.preferences})) from ${tablePreferences} where ${tablePreferences.userId} = ${users.id} and json_valid(${tablePreferences.preferences}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/** How a used session's last-seen time is moved on: the request's writer of rows stored after the response (Services.recordSessionTouch). */
export type SessionToucher = (row: SessionTouchRow) => unknown;

/**
 * The member a session is of, while it lasts. Its last-seen time, which the idle timeout runs from, is
 * moved on at most once a minute, through `touch`: the app's is the writer of rows stored after the
 * response, so that a page's look-up writes nothing while it answers (on Workers the write was a D1
 * call of its own, after the page's reads). Without one it is written here, as the tests do.
 */
export async function userForSession(db: Database, id: string, now = Date.now(), touch?: SessionToucher) {
  const [row] = await sessionWithUser(db).all({ id });
  if (!row) return null;
  const { session, user, unreadNotices, unreadAsBuyer, grants, teamLeadId, tables } = row;
  const idle = now - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  if (idle || session.expiresAt.getTime() <= now || !user.enabled) {
    await endSession(db, id);
    return null;
  }
  // a touch on its way is not in the row yet: the member's next requests in the minute send none
  const lastSeen = Math.max(session.lastSeenAt.getTime(), touchesSent.get(id, now) ?? 0);
  if (now - lastSeen > TOUCH_EVERY_MS) {
    if (touch) {
      touchesSent.set(id, now, now);
      touch({ sessionId: id, at: now });
    } else await touchSessions(db, [{ sessionId: id, at: now }]);
  }
  loadedWithSession.set(user, { inbox: { unreadNotices, unreadAsBuyer }, tables: tables ?? "{}", team: { grants, leadId: teamLeadId } });
  return user;
}

type InboxCounts = { unreadNotices: number; unreadAsBuyer: number };
type TeamPlace = { grants: string | null; leadId: number | null };
/** What came with the session's query, kept beside the user object that request holds. */
type LoadedWithSession = {
  inbox: InboxCounts;
  // as read: most pages show no table, so the JSON is parsed only by one that does
  tables: string;
  team: TeamPlace;
};
const loadedWithSession = new WeakMap<Pick<User, "id">, LoadedWithSession>();

/**
 * Whether two look-ups of a session found the same member: their row, their table preferences and
 * their place in a seller team. Not the inbox counts: a page shows those from its own look-up.
 */
export function sameSessionLoad(found: User, before: User) {
  const [a, b] = [loadedWithSession.get(found), loadedWithSession.get(before)];
  return sameValues(found, before) && a?.tables === b?.tables && sameValues(a?.team, b?.team);
}

// every GET compares two look-ups: field by field, which is several times cheaper than writing both as JSON
function sameValues(a: object | undefined, b: object | undefined) {
  if (a === undefined || b === undefined) return a === b;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function sameValue(a: unknown, b: unknown) {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  // a JSON column (roles, scope) is an array or object: compared as written
  return typeof a === "object" && typeof b === "object" && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

/** The inbox counts read with this user's session in this request, if it was read that way. */
export function inboxCountsLoadedWith(user: User): InboxCounts | undefined {
  return loadedWithSession.get(user)?.inbox;
}

/** This user's stored table preferences by table, read with their session in this request, if they were. */
export function tablePreferencesLoadedWith(user: Pick<User, "id">): Record<string, Record<string, unknown>> | undefined {
  const tables = loadedWithSession.get(user)?.tables;
  return tables === undefined ? undefined : (JSON.parse(tables) as Record<string, Record<string, unknown>>);
}

/** A seller's permissions (as stored, JSON) and their company's first member, read with their session in this request, if they were. */
export function sellerTeamLoadedWith(user: Pick<User, "id">): TeamPlace | undefined {
  return loadedWithSession.get(user)?.team;
}

/** The touches this process sent and the writer may not have stored yet, by session: kept as long as one holds the next back. */
const touchesSent = ttlCache<string, number>({ ttlMs: TOUCH_EVERY_MS });

/**
 * Stores sessions' last-seen times, each the latest of its touches: a touch delivered late or twice never
 * moves one back, and a session ended meanwhile is not written again.
 */
export async function touchSessions(db: Database, rows: readonly SessionTouchRow[]) {
  const latest = new Map<string, number>();
  for (const { sessionId, at } of rows) latest.set(sessionId, Math.max(at, latest.get(sessionId) ?? at));
  const statements = [...latest].map(([id, at]) =>
    db.update(sessions).set({ lastSeenAt: sql`max(${sessions.lastSeenAt}, ${at})` }).where(eq(sessions.id, id)),
  );
  if (statements.length) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

export async function pruneSessions(db: Database, now = Date.now()) {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))),
    );
}

