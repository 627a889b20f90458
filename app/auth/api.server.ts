import type { AppLoadContext } from "@remix-run/server-runtime";
import type { Services } from "~/.server/services";
import { getServices } from "~/services.server";
import { applySecurityHeaders } from "~/.server/security-headers";
import { clientAddress } from "~/.server/http";
import { BODY_LIMITS, readJson, readText } from "~/.server/body";
import { isSignedWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "~/.server/signed-webhook";
import { hitRateLimit } from "~/models/rate-limits.server";
import { userForApiToken } from "~/models/api-tokens.server";
import { currentUser } from "./session.server";
import { mustEnrolTwoFactor } from "./guards.server";

/** JSON for API clients, with the same security headers as pages and no caching. */
export function apiJson(services: Services | null, data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  applySecurityHeaders(headers, services?.env ?? null);
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function apiError(services: Services | null, status: number, message: string, headers?: HeadersInit) {
  return apiJson(services, { error: message }, { status, headers });
}

/**
 * The body of an API request as text, within `limit`. The reader's refusals (413 past the limit,
 * 400 for a body that cannot be read or is not UTF-8) are thrown as every API answer is made, with
 * no-store and the security headers: the reader's own are bare JSON.
 */
export async function readApiText(services: Services, request: Request, limit: number) {
  try {
    return await readText(request, limit);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const { error: message } = (await error.json()) as { error: string };
    throw apiError(services, error.status, message);
  }
}

/**
 * The body of an API request as JSON, within the form limit, or the refusal to answer with: the reader's
 * own words (413 "The request is too large.", as the front door says it of a body declared too large;
 * 400 for one that is not JSON or could not be read), where each endpoint said "Payload too large"
 * of a streamed body and "The body must be JSON" of one the client broke off.
 */
export async function readApiJson(services: Services, request: Request): Promise<{ json: unknown } | { refused: Response }> {
  try {
    return { json: await readJson(request) };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const { error: message } = (await error.json()) as { error: string };
    return { refused: apiError(services, error.status, message) };
  }
}

/**
 * A provider's webhook post (mail events, inbound SMS) as JSON, or the refusal to answer with: 405
 * for another method, 401 unless signed with `secret` (.server/signed-webhook), 400 for a body
 * that is not JSON. What the JSON must hold is the route's own.
 */
export async function readSignedWebhookJson(services: Services, request: Request, secret: string | undefined): Promise<{ json: unknown } | { refused: Response }> {
  if (request.method !== "POST") return { refused: apiError(services, 405, "Method not allowed", { Allow: "POST" }) };
  const body = await readApiText(services, request, BODY_LIMITS.webhook);
  const signed = await isSignedWebhook(secret, {
    timestamp: request.headers.get(TIMESTAMP_HEADER),
    signature: request.headers.get(SIGNATURE_HEADER),
    body,
  });
  if (!signed) return { refused: apiError(services, 401, "Invalid signature") };
  try {
    return { json: JSON.parse(body) as unknown };
  } catch {
    return { refused: apiError(services, 400, "The body must be JSON") };
  }
}

/**
 * A method the endpoint does not take: JSON 405 naming the ones it does, nothing read or done. An
 * endpoint exports it as the loader or action it has no use for; without one Remix answers its HTML
 * error page, with no `Allow`.
 */
export function methodNotAllowed(allow: "GET" | "POST") {
  // a GET endpoint's loader answers a HEAD too (Remix hands it the HEAD as it does a GET): the 405 names both
  return () => apiError(null, 405, "Method not allowed", { Allow: allow === "GET" ? "GET, HEAD" : allow });
}

/**
 * Remix hands an OPTIONS to a resource route's loader, as it does a GET: an endpoint read with GET
 * answered one with its record. It is refused as any other method it does not take, nothing read.
 */
export function refuseOptions(request: Request) {
  if (request.method === "OPTIONS") throw methodNotAllowed("GET")();
}

/** The answer to an admin without two-factor sign-in: /api/auth/login's, and any token's. */
export const OTP_ENROLMENT_REQUIRED = { error: "otp_enrolment_required", message: "Turn on two-factor sign-in on your profile page first." } as const;

export const API_RATE_LIMIT = { limit: 120, windowMs: 60_000 };

/** Services for an API request, after the per-address rate limit. Throws a 429 response. */
export async function beginApiRequest(
  { request, context }: { request: Request; context: AppLoadContext },
  bucket: string,
  limit = API_RATE_LIMIT,
) {
  const services = await getServices(context);
  const hit = await hitRateLimit(services.db, `api:${bucket}:${clientAddress(request)}`, limit);
  if (!hit.allowed) {
    throw apiError(services, 429, "Too many requests", { "Retry-After": String(hit.retryAfterSeconds) });
  }
  return services;
}

export function bearerToken(request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="api"' };
/** RFC 6750 §3.1: a token was sent and is expired, revoked or unknown, so the client knows to sign in again rather than retry. */
const INVALID_TOKEN = { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' };

/** The 401 of an endpoint open to a session or a token, for a request with neither: it names the scheme, as every 401 must. */
export function signInOrToken(services: Services) {
  return apiError(services, 401, "Sign in or send a Bearer token", CHALLENGE);
}

/** The user behind the Bearer token; a 401 JSON response is thrown otherwise. */
export async function requireApiUser(services: Services, request: Request) {
  const token = bearerToken(request);
  const user = token ? await userForApiToken(services.db, token) : null;
  if (!user) {
    throw apiError(services, 401, "Missing, invalid or expired token", token ? INVALID_TOKEN : CHALLENGE);
  }
  // a token issued to a member later made an admin was signed in with the password alone: as
  // /api/auth/login answers such an admin, it opens nothing until two-factor sign-in is on
  if (mustEnrolTwoFactor(user)) throw apiJson(services, OTP_ENROLMENT_REQUIRED, { status: 403 });
  return { user, token: token! };
}

/**
 * The user behind the Bearer token or, when there is none, the browser's session; null for neither.
 * An admin's session before two-factor sign-in is on opens no page but the enrolment (requireMember),
 * and so no API either: /api/auth/login issues such an admin no token.
 */
export async function apiOrSessionUser(services: Services, request: Request) {
  if (bearerToken(request)) return (await requireApiUser(services, request)).user;
  const user = await currentUser(services, request);
  return user && !mustEnrolTwoFactor(user) ? user : null;
}
