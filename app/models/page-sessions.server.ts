import { eq } from "drizzle-orm";
import { insertMany } from "~/.server/db/bulk";
import { pageSessions, projects, type User } from "~/.server/db/schema";
import type { Database } from "~/.server/db";
import type { PageSessionRecord } from "~/lib/analytics/page-session";
import { VISIBLE_TO_BUYERS } from "~/lib/projects";
import { primaryRole } from "~/lib/roles";
import { canSee } from "~/models/projects.server";
import { hitRateLimit, rateLimitWindow } from "~/models/rate-limits.server";

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
 * any person's browsing and caps what a script can pour into the table.
 */
export const BEACON_LIMIT = { limit: 120, windowMs: 60_000 };

export type RecordCheck =
  | { ok: true }
  | { ok: false; status: 400; error: string; fields: string[] }
  | { ok: false; status: 429; retryAfterSeconds: number };

/** Whether the record's project is one this member may be counted on: published, and visible to them. */
async function countableProject(db: Database, user: User, projectId: number | null) {
  if (projectId === null) return true;
  const project = await db.query.projects.findFirst({
    columns: { sellerId: true, status: true },
    where: eq(projects.id, projectId),
  });
  return Boolean(project && VISIBLE_TO_BUYERS.includes(project.status) && canSee({ id: user.id, role: primaryRole(user.roles) }, project));
}

/**
 * The checks after the record parses: the member is the one the record names (a
 * shared computer's queue must not credit one member's sessions to another), the
 * member is within the budget, and the project is published and visible to them
 * (unknown and hidden look alike). Two reads side by side, one round trip; the
 * record is counted against the budget by `defer` (after the response), so a
 * beacon never waits for a write and one over budget costs no write at all.
 */
export async function checkRecord(
  db: Database,
  user: User,
  record: PageSessionRecord,
  { now = Date.now(), defer }: { now?: number; defer: (work: Promise<unknown>) => void },
): Promise<RecordCheck> {
  if (record.userId !== user.id) {
    return { ok: false, status: 400, error: "The record belongs to another member", fields: ["userId"] };
  }
  const key = `beacon:user:${user.id}`;
  const [budget, projectOk] = await Promise.all([
    rateLimitWindow(db, key, BEACON_LIMIT.windowMs, now),
    countableProject(db, user, record.companyId),
  ]);
  if (budget.count >= BEACON_LIMIT.limit) return { ok: false, status: 429, retryAfterSeconds: budget.retryAfterSeconds };
  defer(hitRateLimit(db, key, BEACON_LIMIT, now));
  if (!projectOk) return { ok: false, status: 400, error: "No such project", fields: ["companyId"] };
  return { ok: true };
}

/** A resent session id is ignored: the first copy counts. */
export async function storePageSessions(db: Database, rows: Row[]) {
  if (rows.length) await insertMany(db, pageSessions, rows, { ignoreConflicts: true });
}
