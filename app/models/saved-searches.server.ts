import { and, asc, eq, exists, gte, isNull, lt, lte, max, notExists, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, outbox, projects, savedSearchAlerts, savedSearches, users, type SavedSearch } from "~/.server/db/schema";
import type { AlertsClaim } from "~/.server/unsubscribe-token";
import { SAVED_SEARCH_LIMIT } from "~/lib/saved-searches";
import { DUPLICATE, unlessDuplicate } from "~/.server/db/errors";

/** A member's saved searches, by name: at most SAVED_SEARCH_LIMIT, so never paged. */
export async function listSavedSearches(db: Database, { userId }: { userId: number }) {
  return savedSearchesOf(db).all({ userId });
}

// the preferences page lists them: built once
const savedSearchesOf = preparedQuery((db) =>
  db
    .select({ id: savedSearches.id, name: savedSearches.name, query: savedSearches.query, alerts: savedSearches.alerts, lastDigestAt: savedSearches.lastDigestAt })
    .from(savedSearches)
    .where(eq(savedSearches.userId, sql.placeholder("userId")))
    .orderBy(asc(sql`lower(${savedSearches.name})`), asc(savedSearches.id))
    .limit(SAVED_SEARCH_LIMIT)
    .prepare(),
);

export type SaveOutcome = { saved: true; id: number } | { saved: false; problem: "duplicate" | "limit" };

/** Saves the filters under a name of the member's own; refused for a name they already use, or past the limit. */
export async function saveSearch(db: Database, { userId, name, query }: { userId: number; name: string; query: string }): Promise<SaveOutcome> {
  const [same] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), sql`lower(${savedSearches.name}) = lower(${name})`))
    .limit(1);
  if (same) return { saved: false, problem: "duplicate" };
  // the count is read by the insert itself: two saves at once (different names) were both
  // counted below the limit before either wrote, and took the member past it
  const written = await unlessDuplicate(
    db
      .insert(savedSearches)
      .select(
        sql`select null, ${userId}, ${name}, ${query}, 1, null, null, ${Date.now()}
          where (select count(*) from saved_searches s where s.user_id = ${userId}) < ${SAVED_SEARCH_LIMIT}`,
      )
      .returning({ id: savedSearches.id }),
  );
  // the same name saved twice at once: the unique index decides
  if (written === DUPLICATE) return { saved: false, problem: "duplicate" };
  const [row] = written;
  return row ? { saved: true, id: row.id } : { saved: false, problem: "limit" };
}

const mine = ({ userId, searchId }: { userId: number; searchId: number }) => and(eq(savedSearches.id, searchId), eq(savedSearches.userId, userId));

/**
 * Alerts on or off on the member's own search; false when the member has no such search. Another
 * member's search and one that no longer exists answer alike: a member walking ids learns nothing.
 */
export async function setSearchAlerts(db: Database, { userId, searchId, alerts }: { userId: number; searchId: number; alerts: boolean }) {
  const updated = await db.update(savedSearches).set({ alerts }).where(mine({ userId, searchId })).returning({ id: savedSearches.id });
  return updated.length > 0;
}

/** Deletes the member's own search (and what its digests reported); false when the member has no such search, whoever else may. */
export async function deleteSavedSearch(db: Database, { userId, searchId }: { userId: number; searchId: number }) {
  const deleted = await db.delete(savedSearches).where(mine({ userId, searchId })).returning({ id: savedSearches.id });
  return deleted.length > 0;
}

const claimed = (claim: AlertsClaim) => ("searchId" in claim ? eq(savedSearches.id, claim.searchId) : eq(savedSearches.userId, claim.userId));

/**
 * What an alerts link names, for its page: one search's name, or the member's
 * searches; `on` while any of them still sends alerts. Null when nothing is left.
 */
export async function alertsOf(db: Database, claim: AlertsClaim) {
  const rows = await db.select({ name: savedSearches.name, alerts: savedSearches.alerts }).from(savedSearches).where(claimed(claim)).limit(SAVED_SEARCH_LIMIT);
  if (!rows.length) return null;
  return { names: rows.map((r) => r.name), on: rows.some((r) => r.alerts) };
}

/** The one-click unsubscribe: that search's alerts off (or all of the member's); the member's other e-mail is untouched. */
export async function stopAlerts(db: Database, claim: AlertsClaim) {
  await db.update(savedSearches).set({ alerts: false }).where(claimed(claim));
}

export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;
/**
 * A member taken up by a run (their due searches claimed, then handed to the queue or looked at
 * in process) is left alone by later runs this long: a message waiting in the queue is not queued
 * again, and a member with nothing new is looked at again an hour later, not every run (with
 * 50,000 quiet members that was the whole of D1's day), unless a listing changed since they
 * were looked at: then they are due again at the next run, for the change may be their news (a
 * buyer who saves a search and sees a match published minutes later hears of it that day, not an
 * hour on). Runs take the least recently looked at first, so a member whose day has just come
 * round goes before the quiet ones looked at since.
 */
export const DIGEST_RECHECK_MS = 60 * 60_000;

/** Alerts on, and no digest within the day. */
const digestDue = (now: number) =>
  and(eq(savedSearches.alerts, true), or(isNull(savedSearches.lastDigestAt), lt(savedSearches.lastDigestAt, new Date(now - DIGEST_INTERVAL_MS))));

/** Due, and not taken up by a run since `heldSince` (see heldSince). */
function dueCondition(now: number, heldSince: number) {
  return and(digestDue(now), or(isNull(savedSearches.checkedAt), lt(savedSearches.checkedAt, new Date(heldSince))));
}

/**
 * The moment from which a member looked at is still held: the recheck time ago, or just after the
 * last change to a listing when that is later (a digest's news is a listing changed since the last
 * one; projects_updated_idx answers the max from its end).
 */
async function heldSince(db: Database, now: number) {
  // a change stamped ahead of the clock would hold no one, a member claimed now due again at once
  const [last] = await db.select({ at: max(projects.updatedAt) }).from(projects).where(lte(projects.updatedAt, new Date(now)));
  return Math.max(now - DIGEST_RECHECK_MS, last?.at ? last.at.getTime() + 1 : 0);
}

/** A member who may still sign in: enabled, their company (if any) neither disabled nor locked. */
const mayGetDigest = or(isNull(customers.id), and(eq(customers.enabled, true), eq(customers.locked, false)));

/**
 * Claims up to `limit` members with due searches, least recently looked at first, who may still
 * sign in: their due searches' checked_at moves to now in one conditional update, so two runs at
 * once never take the same member. Returns the ids this run holds.
 */
export async function claimDueMembers(db: Database, { now, limit }: { now: number; limit: number }) {
  const since = await heldSince(db, now);
  // The due searches walked in their index's order (checked_at, nulls first, then member), only as far as
  // `limit` members' worth: a member has at most SAVED_SEARCH_LIMIT, so the first `limit` members met are
  // the page, in the order their least recently looked at search gives. Grouped over every due search, a
  // page read them all (some 70 ms at 50,000 members, each run's every page).
  const due = db
    .select({ userId: savedSearches.userId, checkedAt: savedSearches.checkedAt })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(dueCondition(now, since), eq(users.enabled, true), mayGetDigest))
    .orderBy(asc(savedSearches.checkedAt), asc(savedSearches.userId))
    .limit(limit * SAVED_SEARCH_LIMIT)
    .as("due");
  const candidates = await db
    .select({ id: due.userId })
    .from(due)
    .groupBy(due.userId)
    .orderBy(sql`min(coalesce(${due.checkedAt}, 0))`, asc(due.userId))
    .limit(limit);
  if (!candidates.length) return [];
  const claimed = await db
    .update(savedSearches)
    .set({ checkedAt: new Date(now) })
    .where(and(inJson(savedSearches.userId, candidates.map((c) => c.id)), dueCondition(now, since)))
    .returning({ userId: savedSearches.userId });
  return [...new Set(claimed.map((c) => c.userId))].sort((a, b) => a - b);
}

/** Gives back a claim whose members were not handed on (the queue refused them): the next run takes them first. */
export async function releaseClaim(db: Database, { userIds, now }: { userIds: number[]; now: number }) {
  if (!userIds.length) return;
  await db
    .update(savedSearches)
    .set({ checkedAt: null })
    .where(and(inJson(savedSearches.userId, userIds), eq(savedSearches.checkedAt, new Date(now))));
}

/** The member as a digest needs them, read when it is written: nothing for one disabled (or whose company was) since the claim. */
export async function digestRecipient(db: Database, { userId }: { userId: number }) {
  const [member] = await db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, customerId: users.customerId })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(users.id, userId), eq(users.enabled, true), mayGetDigest))
    .limit(1);
  return member;
}

/** A member's searches a digest covers now: alerts on (not stopped since the claim) and none digested within the day. */
export async function dueSearchesOf(db: Database, { userId, now }: { userId: number; now: number }): Promise<SavedSearch[]> {
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), digestDue(now)))
    .orderBy(asc(savedSearches.id));
}

/** One JSON parameter for any number of ids (D1 binds at most 100 a statement). */
const inJson = (column: typeof savedSearchAlerts.searchId | typeof savedSearchAlerts.projectId | typeof savedSearches.id | typeof savedSearches.userId, ids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/** What these searches' digests reported already: `${searchId}:${projectId}` → the project's updated_at then. */
export async function reportedAmong(db: Database, { searchIds, projectIds }: { searchIds: number[]; projectIds: number[] }) {
  if (!searchIds.length || !projectIds.length) return new Map<string, number>();
  const rows = await db
    .select()
    .from(savedSearchAlerts)
    .where(and(inJson(savedSearchAlerts.searchId, searchIds), inJson(savedSearchAlerts.projectId, projectIds)));
  return new Map(rows.map((r) => [`${r.searchId}:${r.projectId}`, r.projectUpdatedAt.getTime()]));
}

type Reported = { searchId: number; projects: Array<{ id: number; updatedAt: Date }> };

/**
 * The statements that record a digest, for one batch right after its outbox row's insert. The
 * row is taken out again unless the digest still stands: another delivery of the same queue
 * message (or an overlapping run) that recorded one within the day, or the member stopping
 * every one of these searches' alerts since they were read, leaves it nothing to send. Then
 * every search's last digest is now (one digest a day per member), and each reported project
 * is remembered at the version it was reported.
 */
export function digestRecorded(db: Database, { searchIds, reported, now }: { searchIds: number[]; reported: Reported[]; now: number }) {
  const ours = inJson(savedSearches.id, searchIds);
  const dayAgo = new Date(now - DIGEST_INTERVAL_MS);
  const statements = [
    db.delete(outbox).where(
      and(
        sql`${outbox.id} = last_insert_rowid()`,
        or(
          exists(db.select({ one: sql`1` }).from(savedSearches).where(and(ours, gte(savedSearches.lastDigestAt, dayAgo)))),
          notExists(db.select({ one: sql`1` }).from(savedSearches).where(and(ours, eq(savedSearches.alerts, true)))),
        ),
      ),
    ),
    db
      .update(savedSearches)
      .set({ lastDigestAt: new Date(now) })
      .where(and(ours, or(isNull(savedSearches.lastDigestAt), lt(savedSearches.lastDigestAt, dayAgo)))),
  ];
  for (const { searchId, projects } of reported) {
    if (!projects.length) continue;
    statements.push(
      db
        .insert(savedSearchAlerts)
        .values(projects.map((p) => ({ searchId, projectId: p.id, projectUpdatedAt: p.updatedAt })))
        .onConflictDoUpdate({ target: [savedSearchAlerts.searchId, savedSearchAlerts.projectId], set: { projectUpdatedAt: sql`excluded.project_updated_at` } }) as never,
    );
  }
  return statements;
}
