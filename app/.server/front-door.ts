import { bodyLimitFor, BODY_TOO_LARGE_MESSAGE, dropBody } from "./body";
import { CLIENT_ADDRESS_HEADER, CROSS_SITE_MESSAGE, isSameOriginRequest, NOT_FOUND_MESSAGE, pathnameOf } from "./http";
import { applySecurityHeaders } from "./security-headers";

/**
 * What each server does before Remix sees a request: the Worker imports this module,
 * the Node server (server/index.mjs, plain JavaScript) reaches it through the build's
 * entry module. One set of rules, two front doors.
 */
/**
 * The 413 of a front door: a short page for a browser's form post (with or without
 * JavaScript), JSON for API clients; never cached, as no API answer is (the app's own 413 says the same).
 */
export function tooLargeBody(accept: string | null, url = "") {
  const cacheControl = "no-store";
  const limits = "A form's files may be 10 MB together at most (some uploads allow less), other forms 1 MB.";
  // a form sent by the page's JavaScript (Remix's `?_data=`): answered as a route's thrown 413, which the
  // page's error boundary shows with its message; Remix took an answer without its headers for a crash (a 500)
  if (/[?&]_data=/.test(url)) {
    const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, "X-Remix-Catch": "yes", "X-Remix-Response": "yes" };
    return { body: JSON.stringify({ error: `${BODY_TOO_LARGE_MESSAGE} ${limits}` }), headers };
  }
  if (accept?.includes("text/html")) {
    const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Too large - Secondary Marketplace</title></head>
<body><main><h1>The request is too large</h1><p>${BODY_TOO_LARGE_MESSAGE} ${limits}</p>
<p>Use your browser's back button to try again with less, or <a href="/home">go back to home</a>.</p></main></body></html>`;
    return { body, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl } };
  }
  return { body: JSON.stringify({ error: BODY_TOO_LARGE_MESSAGE }), headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl } };
}

export function tooLargeResponse(accept: string | null, url?: string) {
  const { body, headers } = tooLargeBody(accept, url);
  return new Response(body, { status: 413, headers });
}

/** Paths whose last segment is a live secret (reset, unlock, invitation, feedback and unsubscribe links). */
const TOKEN_PATHS = /^(\/uobs\/reset|\/uobs\/unlock|\/uobs\/invite|\/nda-feedback|\/unsubscribe(?:\/alerts)?)\/[^/?#]+/;
const SECRET_PARAMS = ["secret", "token"];

/** A URL as a request log may print it: tokens in the path and secret parameters hidden. */
export function redactUrl(url: string) {
  const [path = "", query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(TOKEN_PATHS, "$1/[hidden]");
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, "[hidden]");
  return `${safePath}?${params}`;
}

export const METHOD_NOT_ALLOWED_MESSAGE = "Method not allowed.";

function methodNotAllowed(allow: string) {
  return new Response(METHOD_NOT_ALLOWED_MESSAGE, {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Methods no route takes: fetch's Request cannot carry them (building one threw in the Node server,
 * a 500 with its stack), and workerd hands TRACE to the Worker, where Remix took it for a form post.
 */
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The 405 for a method refused before Remix, or null for one the app may take. Under /api/ it is
 * JSON, as every API answer is: a client's TRACE was told in plain text.
 */
export function refusedMethodResponse(method: string, pathname = ""): Response | null {
  if (!REFUSED_METHODS.has(method.toUpperCase())) return null;
  if (!pathname.startsWith("/api/")) return methodNotAllowed("GET, HEAD, POST");
  return new Response(JSON.stringify({ error: "Method not allowed" }), {
    status: 405,
    headers: { Allow: "GET, HEAD, POST", "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Remix's own 405 for a resource route without an action (a CSV export, /healthz, robots.txt) is JSON
 * saying "Unexpected Server Error", with no Allow; it is told plainly, naming the loader's methods.
 * A data request (?_data, .data) keeps Remix's answer: the page's router reads it.
 */
export function plainMethodRefusal(request: Request, response: Response): Response {
  if (response.status !== 405 || response.headers.get("X-Remix-Error") !== "yes") return response;
  if (/[?&]_data=/.test(request.url) || pathnameOf(request.url).endsWith(".data")) return response;
  return methodNotAllowed("GET, HEAD");
}

/**
 * A data request (`?_data=`) for a route the URL does not match (`/signin?_data=routes/nope`, Remix's
 * 403) or a URL no route matches (`/nope?_data=root`, its 404) was answered "Unexpected Server Error"
 * as a crash: it is the 404 a route throws, which the page's router shows as "This page could not be found".
 */
export function unknownDataRoute(request: Request, response: Response): Response {
  if ((response.status !== 403 && response.status !== 404) || response.headers.get("X-Remix-Error") !== "yes") return response;
  if (!/[?&]_data=/.test(request.url)) return response;
  return new Response(NOT_FOUND_MESSAGE, {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Remix-Catch": "yes" },
  });
}

/** Past this a body is read through watchedBody: an upload the client may give up half-way. */
const WATCHED_BODY_BYTES = 64 * 1024;

/**
 * An upload read through a stream of the Worker's own, which notes when the client went away mid-body (an
 * admin cancelling a 10 MB listing upload): the app's answer then has nobody to go to, and workerd, writing
 * the streamed page to the lost connection, logged "Uncaught Error: Network connection lost." A small form
 * is taken as it came: nothing to watch, and no stream copied.
 */
export function watchedBody(request: Request) {
  const watch = { lost: false };
  if (!request.body || !(Number(request.headers.get("Content-Length")) > WATCHED_BODY_BYTES)) return { request, watch };
  const reader = request.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        watch.lost = true;
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  // `duplex` for Node's fetch, where a test reads it; workerd takes a stream body without it
  return { request: new Request(request, { body, duplex: "half" } as RequestInit), watch };
}

/**
 * The address Node's socket gives for an IPv4 client on a dual-stack listener is IPv6's mapped form
 * (::ffff:192.0.2.1): the audit logs then showed one client as two addresses across the two servers,
 * and a rate limit keyed by it counted them apart. Such an address is given as the IPv4 it maps.
 */
export function peerAddress(address: string) {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address;
}

export const frontDoor = {
  watchedBody,
  peerAddress,
  refusedMethodResponse,
  plainMethodRefusal,
  unknownDataRoute,
  redactUrl,
  tooLargeBody,
  tooLargeResponse,
  bodyLimitFor,
  BODY_TOO_LARGE_MESSAGE,
  dropBody,
  CLIENT_ADDRESS_HEADER,
  CROSS_SITE_MESSAGE,
  isSameOriginRequest,
  pathnameOf,
  applySecurityHeaders,
};
export type FrontDoor = typeof frontDoor;
