import { eq } from "drizzle-orm";
import { currentUser } from "../auth";
import { BODY_LIMITS, readJson } from "../body";
import { insertMany } from "../db/bulk";
import { pageSessions, projects, type User } from "../db/schema";
import { isSameOriginRequest } from "../http";
import type { Services } from "../services";
import type { Database } from "../db";
import { pageSessionSchema, type PageSessionRecord } from "~/lib/analytics/page-session";
import { VISIBLE_TO_BUYERS } from "~/lib/projects";
import { primaryRole } from "~/lib/roles";
import { canSee } from "~/models/projects.server";
import { hitRateLimit, rateLimitWindow } from "~/models/rate-limits.server";

type Row = typeof pageSessions.$inferInsert;

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
  });

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
export async function storeSessions(db: Database, rows: Row[]) {
  if (rows.length) await insertMany(db, pageSessions, rows, { ignoreConflicts: true });
}

/**
 * POST /api/analytics/session (spec §7): checks the record, takes the member from
 * the session cookie, and answers 202 before writing; `accept` queues the row.
 */
export async function receiveBeacon(services: Services, request: Request, accept: (row: Row) => void) {
  if (request.method !== "POST") return answer(405, { error: "Method not allowed" });
  if (!isSameOriginRequest(request)) return answer(403, { error: "Cross-site request refused" });
  const user = await currentUser(services, request);
  if (!user) return answer(401, { error: "Sign in first" });
  let body: unknown;
  try {
    body = await readJson(request, BODY_LIMITS.beacon);
  } catch (refused) {
    if (!(refused instanceof Response)) throw refused;
    return answer(refused.status, { error: refused.status === 413 ? `The record is larger than ${BODY_LIMITS.beacon} bytes` : "Malformed JSON" });
  }
  const parsed = pageSessionSchema.safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(record)"))];
    return answer(400, { error: "Invalid page-session record", fields });
  }
  // admins are not tracked (spec §6): their records are not kept
  if (primaryRole(user.roles) === "admin") return answer(204);
  const check = await checkRecord(services.db, user, parsed.data, { defer: services.waitUntil });
  if (!check.ok && check.status === 429) {
    return new Response(JSON.stringify({ error: "Too many records; try again later" }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": String(check.retryAfterSeconds) },
    });
  }
  if (!check.ok) return answer(400, { error: check.error, fields: check.fields });
  accept(toRow(parsed.data, user.id));
  return answer(202);
}
