import { json } from "@remix-run/server-runtime";

export const NOT_FOUND_MESSAGE = "This page could not be found";

/** Missing and forbidden look the same: 404. */
export function notFound() {
  return new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requests that change state must come from this site's own pages. Browsers send
 * Origin on every cross-site and same-site POST; a request without one is only
 * accepted when the browser says it is same-origin.
 */
export function assertSameOrigin(request: Request) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("Origin");
  const host = new URL(request.url).host;
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).host === host) return;
    } catch {
      /* fall through to refusal */
    }
  } else if (request.headers.get("Sec-Fetch-Site") === "same-origin") {
    return;
  }
  throw json({ error: "Cross-site request refused" }, { status: 403 });
}

export function clientAddress(request: Request) {
  return (
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "local"
  );
}
