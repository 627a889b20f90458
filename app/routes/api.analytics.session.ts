import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { beaconMember } from "~/auth/session.server";
import { BODY_LIMITS, readJson } from "~/.server/body";
import { isSameOriginRequest } from "~/.server/http";
import type { Services } from "~/.server/services";
import { pageSessionSchema } from "~/lib/analytics/page-session.server";
import { primaryRole } from "~/lib/roles";
import { checkRecord, toRow, type PageSessionRow } from "~/models/page-sessions.server";
import { getServices } from "~/services.server";

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
  });

// named as every API endpoint names what it takes: this one's 405 (a GET, a PUT) had no Allow
const methodNotAllowed = () => new Response(JSON.stringify({ error: "Method not allowed" }), { status: 405, headers: { "Content-Type": "application/json", Allow: "POST" } });

/**
 * POST /api/analytics/session (spec §7): checks the record, takes the member from
 * the session cookie, and answers 202 before writing; `accept` queues the row.
 */
export async function receiveBeacon(services: Services, request: Request, accept: (row: PageSessionRow) => void) {
  if (request.method !== "POST") return methodNotAllowed();
  if (!isSameOriginRequest(request)) return answer(403, { error: "Cross-site request refused" });
  const user = await beaconMember(services, request);
  if (!user) return answer(401, { error: "Sign in first" });
  let body: unknown;
  try {
    body = await readJson(request, BODY_LIMITS.beacon);
  } catch (refused) {
    if (!(refused instanceof Response)) throw refused;
    return answer(refused.status, { error: refused.status === 413 ? `The record is larger than ${BODY_LIMITS.beacon} bytes` : "Malformed JSON" });
  }
  const parsed = pageSessionSchema().safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(record)"))];
    return answer(400, { error: "Invalid page-session record", fields });
  }
  // admins are not tracked (spec §6): their records are not kept
  if (primaryRole(user.roles) === "admin") return answer(204);
  const check = await checkRecord(services.db, user, parsed.data, { count: services.recordRateLimitHits, limit: services.env.BEACON_RECORDS_PER_MINUTE });
  if (!check.ok && check.status === 429) {
    return new Response(JSON.stringify({ error: "Too many records; try again later" }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": String(check.retryAfterSeconds) },
    });
  }
  if (!check.ok && check.status === 204) return answer(204);
  if (!check.ok) return answer(400, { error: check.error, fields: check.fields });
  accept(toRow(parsed.data, user.id));
  return answer(202);
}

/** The Node server's door to the beacon endpoint; on Workers worker/index.ts answers before Remix (edge-entries.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const services = await getServices(context);
  return receiveBeacon(services, request, services.recordPageSession);
}

export const loader = methodNotAllowed;
