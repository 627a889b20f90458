import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, savedSearchAlerts, savedSearches, users, type SavedSearch } from "~/.server/db/schema";
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

/** Searches whose member may get a digest now: alerts on, the last digest a day old, not held by another run. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;
/**
 * A run that claimed a member's searches holds them this long: an overlapping run
 * leaves them alone. A member's digest takes a few queries, far less than this; and a
 * search with nothing new is looked at again by the next run after it.
 */
export const DIGEST_CLAIM_MS = 30_000;

function dueCondition(now: number) {
  return and(
    eq(savedSearches.alerts, true),
    or(isNull(savedSearches.lastDigestAt), lt(savedSearches.lastDigestAt, new Date(now - DIGEST_INTERVAL_MS))),
    or(isNull(savedSearches.checkedAt), lt(savedSearches.checkedAt, new Date(now - DIGEST_CLAIM_MS))),
  );
}

/** Up to `limit` members with due searches, least recently checked first, who may still sign in. */
export async function membersDueForDigest(db: Database, { now, limit }: { now: number; limit: number }) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, customerId: users.customerId })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(dueCondition(now), eq(users.enabled, true), or(isNull(customers.id), and(eq(customers.enabled, true), eq(customers.locked, false)))))
    .groupBy(users.id)
    .orderBy(sql`min(coalesce(${savedSearches.checkedAt}, 0))`, asc(users.id))
    .limit(limit);
}

/**
 * Claims a member's due searches for this run with one conditional update (their
 * checked_at moved to now only where nobody moved it within the claim time): two runs
 * at once never both get them, so no digest goes twice. Returns what this run holds.
 */
export async function claimDueSearches(db: Database, { userId, now }: { userId: number; now: number }): Promise<SavedSearch[]> {
  return db
    .update(savedSearches)
    .set({ checkedAt: new Date(now) })
    .where(and(eq(savedSearches.userId, userId), dueCondition(now)))
    .returning();
}

/** One JSON parameter for any number of ids (D1 binds at most 100 a statement). */
const inJson = (column: typeof savedSearchAlerts.searchId | typeof savedSearchAlerts.projectId | typeof savedSearches.id, ids: number[]) =>
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
 * The statements that record a sent digest, for one batch with its outbox row: every
 * claimed search's last digest is now (one digest a day per member), and each
 * reported project is remembered at the version it was reported.
 */
export function digestRecorded(db: Database, { searchIds, reported, now }: { searchIds: number[]; reported: Reported[]; now: number }) {
  const statements = [db.update(savedSearches).set({ lastDigestAt: new Date(now) }).where(inJson(savedSearches.id, searchIds))];
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
