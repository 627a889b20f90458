import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { z } from "zod";
import { apiError, apiJson, beginApiRequest } from "~/.server/api";

/** A signature older than this is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;
const MAX_BODY_BYTES = 64 * 1024;

const changedDocument = z.object({
  _id: z.string(),
  _type: z.string(),
  slug: z.union([z.string(), z.object({ current: z.string() })]).nullish(),
});

/**
 * Sanity's GROQ-powered webhook (projection `{_id, _type, slug}`) on publish,
 * change or delete: checks the signature and purges what the document affects.
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "cms-webhook");
  const secret = services.env.SANITY_WEBHOOK_SECRET;
  const signature = args.request.headers.get(SIGNATURE_HEADER_NAME);
  const body = await args.request.text();
  if (body.length > MAX_BODY_BYTES) return apiError(services, 413, "Payload too large");
  if (!secret || !signature) return apiError(services, 401, "Missing signature");
  let timestamp: number;
  try {
    timestamp = decodeSignatureHeader(signature).timestamp;
  } catch {
    return apiError(services, 401, "Malformed signature");
  }
  if (!(await isValidSignature(body, signature, secret).catch(() => false))) {
    return apiError(services, 401, "Invalid signature");
  }
  if (Math.abs(Date.now() - timestamp) > WEBHOOK_MAX_AGE_MS) return apiError(services, 401, "Stale signature");

  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return apiError(services, 400, "The body must be JSON");
  }
  const parsed = changedDocument.safeParse(payload);
  if (!parsed.success) return apiError(services, 400, "Expected {_id, _type, slug}");
  const { _type, slug } = parsed.data;
  const purged = await services.content.purge({ _type, slug: typeof slug === "string" ? slug : slug?.current });
  return apiJson(services, { ok: true, purged });
}

export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "cms-webhook");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
