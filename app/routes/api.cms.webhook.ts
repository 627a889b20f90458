import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { decodeSignatureHeader, encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import * as z from "zod";
import { apiError, apiJson, beginApiRequest, readApiText } from "~/auth/api.server";
import { BODY_LIMITS } from "~/.server/body";
import { timingSafeEqual } from "~/.server/crypto";
import { once } from "~/lib/once";

/** A signature older than this is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

const changedDocument = once(() => z.object({
  _id: z.string(),
  _type: z.string(),
  slug: z.union([z.string(), z.object({ current: z.string() })]).nullish(),
  // `"previousSlug": before().slug.current` in the projection: a page's old address is purged too
  previousSlug: z.string().nullish(),
}));

/**
 * Sanity's GROQ-powered webhook (projection `{_id, _type, slug, "previousSlug": before().slug.current}`;
 * `previousSlug` may be left out) on publish, change or delete: checks the signature and purges what
 * the document affects.
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "cms-webhook");
  const secret = services.env.SANITY_WEBHOOK_SECRET;
  const signature = args.request.headers.get(SIGNATURE_HEADER_NAME);
  if (!secret || !signature) return apiError(services, 401, "Missing signature");
  const body = await readApiText(services, args.request, BODY_LIMITS.webhook);
  let timestamp: number;
  try {
    timestamp = decodeSignatureHeader(signature).timestamp;
  } catch {
    return apiError(services, 401, "Malformed signature");
  }
  if (!(await signatureMatches(body, signature, timestamp, secret))) {
    return apiError(services, 401, "Invalid signature");
  }
  if (Math.abs(Date.now() - timestamp) > WEBHOOK_MAX_AGE_MS) return apiError(services, 401, "Stale signature");

  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return apiError(services, 400, "The body must be JSON");
  }
  const parsed = changedDocument().safeParse(payload);
  if (!parsed.success) return apiError(services, 400, "Expected {_id, _type, slug}");
  const { _type, slug, previousSlug } = parsed.data;
  let purged: string[];
  try {
    purged = await services.content.purge({ _type, slug: typeof slug === "string" ? slug : slug?.current, previousSlug });
  } catch (error) {
    // purged here, but the other isolates were not told (the content version in KV): Sanity sends it again
    console.error("cms webhook: the content version could not be written:", error);
    return apiError(services, 503, "The change could not be passed on; try again");
  }
  return apiJson(services, { ok: true, purged });
}

/** The library compares with `!==`; a constant-time comparison leaks nothing of the expected value. */
export async function signatureMatches(body: string, signature: string, timestamp: number, secret: string) {
  const expected = await encodeSignatureHeader(body, timestamp, secret).catch(() => null);
  if (!expected) return false;
  const encoder = new TextEncoder();
  return timingSafeEqual(encoder.encode(signature.trim()), encoder.encode(expected));
}

export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "cms-webhook");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
