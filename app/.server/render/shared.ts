import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/server-runtime";
import { platformFor } from "#platform";
import { applySecurityHeaders } from "../security-headers";
import { isRefusedWrite } from "../platform/d1-coalesce";

export const ABORT_DELAY = 5_000;

async function envOf(context: AppLoadContext) {
  try {
    return (await platformFor(context)).env;
  } catch {
    return null;
  }
}

/**
 * Pages and their data are drawn for whoever asked, and never kept: the browser's Back after signing out
 * showed the member's deals and phone from its cache, and a spent link's page was shown to the member who
 * signed in since. A route that may be kept says so with its own Cache-Control.
 */
function notKept(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return headers;
}

export async function documentHeaders(
  headers: Headers,
  context: AppLoadContext,
  nonce: string,
) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return applySecurityHeaders(notKept(headers), await envOf(context), nonce);
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  applySecurityHeaders(notKept(response.headers), await envOf(context));
  return response;
};

/** Remix's own answer to a URL no route matches, or a method no route takes: the visitor's mistake, not ours. */
function isRouterRefusal(error: unknown) {
  const e = error as { status?: unknown; internal?: unknown } | null;
  return Boolean(e && typeof e === "object" && e.internal === true && typeof e.status === "number" && e.status < 500);
}

// a write refused because its answer rested on a guess that did not hold: that answer is made again (decision 040)
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouterRefusal(error) || isRefusedWrite(error)) return;
  console.error(error);
};

export type RenderArgs = [
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
];
