import { eq } from "drizzle-orm";
import { currentUser } from "../auth";
import { insertMany } from "../db/bulk";
import { pageSessions, projects, rateLimits, type User } from "../db/schema";
import { isSameOriginRequest } from "../http";
import type { Services } from "../services";
import type { Database } from "../db";
import { pageSessionSchema, type PageSessionRecord } from "~/lib/analytics/page-session";
import { VISIBLE_TO_BUYERS } from "~/lib/projects";
import { primaryRole } from "~/lib/roles";
import { canSee } from "~/models/projects.server";
import { hitRateLimit } from "~/models/rate-limits.server";

/** A record is far smaller; a larger body is refused with 400. */
export const MAX_BODY_BYTES = 64 * 1024;

type Row = typeof pageSessions.$inferInsert;

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
  });

/** Past this a body is not even drained: the connection is dropped instead. */
const DRAIN_LIMIT = 4 * 1024 * 1024;

/**
 * Reads at most `limit` bytes; null when the body is longer. An oversized body
 * (up to a few MB) is read to its end and dropped, so the keep-alive connection
 * stays usable for the answer and the next request.
 */
async function readLimited(request: Request, limit: number) {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > DRAIN_LIMIT) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      return null;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

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

/** How many records the member has sent in the current window, read without writing. */
async function recordsThisWindow(db: Database, key: string, now: number) {
  const windowStart = now - (now % BEACON_LIMIT.windowMs);
  const row = await db.query.rateLimits.findFirst({ columns: { windowStart: true, count: true }, where: eq(rateLimits.key, key) });
  return {
    used: row && row.windowStart === windowStart ? row.count : 0,
    retryAfterSeconds: Math.ceil((windowStart + BEACON_LIMIT.windowMs - now) / 1000),
  };
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
  const [budget, projectOk] = await Promise.all([recordsThisWindow(db, key, now), countableProject(db, user, record.companyId)]);
  if (budget.used >= BEACON_LIMIT.limit) return { ok: false, status: 429, retryAfterSeconds: budget.retryAfterSeconds };
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
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null) return answer(400, { error: `The record is larger than ${MAX_BODY_BYTES} bytes` });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, { error: "Malformed JSON" });
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
