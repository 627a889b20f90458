import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/server-runtime";
import { platformFor } from "#platform";
import { applySecurityHeaders } from "../security-headers";

export const ABORT_DELAY = 5_000;

async function envOf(context: AppLoadContext) {
  try {
    return (await platformFor(context)).env;
  } catch {
    return null;
  }
}

export async function documentHeaders(
  headers: Headers,
  context: AppLoadContext,
  nonce: string,
) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return applySecurityHeaders(headers, await envOf(context), nonce);
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  applySecurityHeaders(response.headers, await envOf(context));
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};

export type RenderArgs = [
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
];
