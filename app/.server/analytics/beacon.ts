import { currentUser } from "../auth";
import { insertMany } from "../db/bulk";
import { pageSessions } from "../db/schema";
import { isSameOriginRequest } from "../http";
import type { Services } from "../services";
import type { Database } from "../db";
import { pageSessionSchema, type PageSessionRecord } from "~/lib/analytics/page-session";
import { primaryRole } from "~/lib/roles";

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
    // the member is who the session cookie says, whatever the body claimed
    record: { ...record, userId },
  };
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
  accept(toRow(parsed.data, user.id));
  return answer(202);
}
