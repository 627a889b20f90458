import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import * as z from "zod";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest, bearerToken, methodNotAllowed, readApiJson } from "~/auth/api.server";
import { clientAddress, isSameOriginRequest, NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { createCampaignFromApi } from "~/models/campaigns.server";
import { campaignApiSchema } from "~/lib/schemas/index.server";

const FIELDS = Object.keys(campaignApiSchema().shape);

/** The keys of a JSON object body that are no field of the request (none for anything else, which the schema refuses). */
function unknownFields(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !FIELDS.includes(key)).slice(0, 20);
}

/**
 * POST {channel, customerIds, subject, body, sendAt?} → 202 {data: {id}}: creates the
 * campaign and sends (or schedules) it, for admins with a Bearer token or their
 * session (same-origin only); 404 for anyone else. A retry with the same
 * Idempotency-Key answers the same campaign and sends nothing more; the key with another request
 * is a 409. A field it does not know is a 400 naming it, and so is a sendAt more than 5 minutes past
 * (within them it is sent at once: the client's clock may run behind ours).
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "campaigns");
  const { request } = args;
  if (request.method !== "POST") return apiError(services, 405, "Method not allowed", { Allow: "POST" });
  // a session cookie rides along on cross-site posts; only a token may come from elsewhere
  const user = bearerToken(request) || isSameOriginRequest(request) ? await apiOrSessionUser(services, request) : null;
  if (!user || primaryRole(user.roles) !== "admin") return apiError(services, 404, NOT_FOUND_MESSAGE);
  const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || null;
  if (idempotencyKey && idempotencyKey.length > 200) return apiError(services, 400, "Idempotency-Key may be at most 200 characters.");
  const read = await readApiJson(services, request);
  if ("refused" in read) return read.refused;
  const body = read.json;
  // a field it does not know is refused, not dropped: a misspelt "send_at" sent the campaign at once
  const unknown = unknownFields(body);
  if (unknown.length) {
    const message = `Unknown field${unknown.length === 1 ? "" : "s"} ${unknown.map((f) => `"${f}"`).join(", ")}: the fields are ${FIELDS.join(", ")}.`;
    return apiJson(services, { error: message, fields: Object.fromEntries(unknown.map((f) => [f, [message]])) }, { status: 400 });
  }
  const parsed = campaignApiSchema().safeParse(body);
  if (!parsed.success) {
    // each message once: every id of the wrong kind in customerIds says the same
    const fields = Object.fromEntries(Object.entries(z.flattenError(parsed.error).fieldErrors).map(([name, messages]) => [name, [...new Set(messages)]]));
    return apiJson(services, { error: parsed.error.issues[0]!.message, fields }, { status: 400 });
  }
  const result = await createCampaignFromApi(services, { values: parsed.data, actor: user, idempotencyKey, address: clientAddress(request) });
  if ("error" in result && result.field) return apiJson(services, { error: result.error, fields: { [result.field]: [result.error] } }, { status: 400 });
  if ("error" in result) return apiError(services, "conflict" in result ? 409 : 400, result.error);
  return apiJson(services, { data: { id: result.id } }, { status: 202 });
}

/** A GET (there is no list of campaigns to read): told so in JSON (405, Allow: POST), as another method is. */
export const loader = methodNotAllowed("POST");
