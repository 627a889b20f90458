import { eq, sql } from "drizzle-orm";
import { insertMany } from "~/.server/db/bulk";
import { pageSessions, projects, users, type Project, type User } from "~/.server/db/schema";
import { ttlCache } from "~/.server/ttl-cache";
import type { Database } from "~/.server/db";
import type { RateLimitHitsRow } from "~/.server/services";
import type { PageSessionRecord } from "~/lib/analytics/page-session.server";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { primaryRole } from "~/lib/roles";
import { canSee } from "~/models/projects.server";
import { rateLimitWindow } from "~/models/rate-limits.server";

export type PageSessionRow = typeof pageSessions.$inferInsert;
type Row = PageSessionRow;

export function toRow(record: PageSessionRecord, userId: number): Row {
  return {
    sessionId: record.sessionId,
    userId,
    route: record.route,
    pageType: record.pageType,
    projectId: record.companyId,
    sessionStart: new Date(record.sessionStart),
    sessionEnd: new Date(record.sessionEnd),
    totalDuration: record.totalDuration,
    activeTime: record.activeTime,
    scrollDepthMax: record.scrollDepthMax,
    // checkRecord has matched the body's member to the cookie's
    record: { ...record, userId },
  };
}

/**
 * A member's tracker sends one record per page left; 120 a minute is far above
 * any person's browsing and caps what a script can pour into the table. An operator
 * may set another figure (BEACON_RECORDS_PER_MINUTE); the benchmark raises it so that
 * every beacon it sends is accepted and written.
 */
export const BEACON_LIMIT = { limit: 120, windowMs: 60_000 };

export type RecordCheck =
  | { ok: true }
  /** A sound record with nothing to keep: answered as an admin's is, 204 and no row. */
  | { ok: false; status: 204 }
  | { ok: false; status: 400; error: string; fields: string[] }
  | { ok: false; status: 429; retryAfterSeconds: number };

/**
 * How far ahead of the server a browser's clock may run. Past it a session is a forgery (a member's
 * own script): dated ahead, it would top the admin's newest-first table and the seller's viewers
 * list for as long as it stays ahead, and count in days that have not come.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * How long ago a session may have started. The tracker resends a session that failed to go at
 * the member's next visit, which may be days later; a week leaves room for that, and refuses a
 * script's sessions dated years back (counted in days long past, in a project's history).
 */
export const MAX_SESSION_AGE_MS = 7 * 86_400_000;

/**
 * What the beacon remembers for a minute instead of reading per record: each project's
 * seller and status (a project unpublished stops counting within the minute), and each
 * member's count in the current budget window (read once per window, then counted here;
 * the stored count follows through the writer of rows, so a restart starts from it).
 */
const REMEMBER_MS = 60_000;
type SeenProject = { sellerId: number; sellerCompany: number | null; status: Project["status"] };
const projectsSeen = ttlCache<number, SeenProject | null>({ ttlMs: REMEMBER_MS });
const budgets = ttlCache<number, { windowStart: number; count: number; stored: number }>({ ttlMs: BEACON_LIMIT.windowMs });

/**
 * The stored count follows the remembered one in steps: at a window's first record, then every
 * tenth. The steps go to the writer of rows (`count`), which adds up a second's steps on Node and a
 * queue batch's on Workers in one write: a write of its own every tenth beacon cost the Node
 * beacon a sixth of its throughput, as each waited for the disk. A restart lets a member at most a
 * step more, and what the writer still held.
 */
const STORE_BUDGET_EVERY = 10;

/** The record's project when it is one this member may be counted on (published, and visible to them); null when not; undefined for no project. */
async function countableProject(db: Database, user: User, projectId: number | null, now: number) {
  if (projectId === null) return undefined;
  let project = projectsSeen.get(projectId, now);
  if (project === undefined) {
    const [found] = await db
      .select({ sellerId: projects.sellerId, sellerCompany: sql<number | null>`(select ${users.customerId} from ${users} where ${users.id} = ${projects.sellerId})`, status: projects.status })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    project = found ?? null;
    projectsSeen.set(projectId, project, now);
  }
  return project && VISIBLE_TO_BUYERS.includes(project.status) && canSee({ id: user.id, role: primaryRole(user.roles) }, project) ? project : null;
}

/** The listing's own seller, or a colleague at the seller's company (a member of no company is nobody's colleague). */
const ofSellersTeam = (user: User, project: SeenProject) => project.sellerId === user.id || (user.customerId != null && project.sellerCompany === user.customerId);

/**
 * Whether the member's time on a project is a prospective buyer's: a seller opening a listing (their
 * own, or another's to watch the market) is not one, and would show on that listing's desk as a
 * buyer. A member holding both roles acts as a buyer. Read from the roles the session carries, so
 * deciding costs no read; decided here, as the row is kept, every figure read from the rows follows.
 */
function actsAsBuyer(user: User) {
  const role = primaryRole(user.roles);
  return role === "buyer" || role === "broker";
}

/** The member's records so far in this budget window: from memory after the window's first. */
async function budgetUsed(db: Database, userId: number, key: string, now: number) {
  const windowStart = now - (now % BEACON_LIMIT.windowMs);
  const known = budgets.get(userId, now);
  if (known && known.windowStart === windowStart) return { known, retryAfterSeconds: Math.ceil((windowStart + BEACON_LIMIT.windowMs - now) / 1000) };
  const stored = await rateLimitWindow(db, key, BEACON_LIMIT.windowMs, now);
  const fresh = { windowStart, count: stored.count, stored: stored.count };
  budgets.set(userId, fresh, now);
  return { known: fresh, retryAfterSeconds: stored.retryAfterSeconds };
}

/**
 * The checks after the record parses: the member is the one the record names (a
 * shared computer's queue must not credit one member's sessions to another), the
 * member is within the budget, and the project is published and visible to them
 * (unknown and hidden look alike). Both are remembered for a minute, so a member's
 * records after the first cost no read; the records are counted against the stored
 * budget by `count` (the writer of rows, every tenth record), so a beacon never waits
 * for a write and one over budget costs no write at all. A sound record on a project
 * from a member who does not act as a buyer or broker, or from the listing's seller or their
 * colleague who also buys, is answered 204 and not kept.
 */
export async function checkRecord(
  db: Database,
  user: User,
  record: PageSessionRecord,
  { now = Date.now(), count, limit = BEACON_LIMIT.limit }: { now?: number; count: (hits: RateLimitHitsRow) => void; limit?: number },
): Promise<RecordCheck> {
  if (record.userId !== user.id) {
    return { ok: false, status: 400, error: "The record belongs to another member", fields: ["userId"] };
  }
  const ahead = (["sessionStart", "sessionEnd"] as const).filter((field) => record[field] > now + CLOCK_SKEW_MS);
  if (ahead.length) return { ok: false, status: 400, error: "The session cannot start or end in the future", fields: ahead };
  if (record.sessionStart < now - MAX_SESSION_AGE_MS) return { ok: false, status: 400, error: "The session started too long ago", fields: ["sessionStart"] };
  const key = `beacon:user:${user.id}`;
  const [budget, project] = await Promise.all([budgetUsed(db, user.id, key, now), countableProject(db, user, record.companyId, now)]);
  if (budget.known.count >= limit) return { ok: false, status: 429, retryAfterSeconds: budget.retryAfterSeconds };
  const known = budget.known;
  known.count++;
  const unstored = known.count - known.stored;
  if (known.count === 1 || unstored >= STORE_BUDGET_EVERY) {
    known.stored = known.count;
    count({ key, windowStart: known.windowStart, hits: unstored });
  }
  if (project === null) return { ok: false, status: 400, error: "No such project", fields: ["companyId"] };
  // a member who also buys, on their own or their team's listing, is still its seller's side
  if (project && (!actsAsBuyer(user) || ofSellersTeam(user, project))) return { ok: false, status: 204 };
  return { ok: true };
}

/** A resent session id is ignored: the first copy counts. */
export async function storePageSessions(db: Database, rows: Row[]) {
  if (rows.length) await insertMany(db, pageSessions, rows, { ignoreConflicts: true });
}
