import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// Built by `npm run build:edge` (remix build with REMIX_TARGET=edge) before wrangler bundles this file.
// @ts-ignore -- the build output does not exist until the app is built
import * as build from "../build/edge/index.js";
import type * as EdgeEntries from "../app/edge-entries.server";
import type { WorkerBindings, WorkerLoadContext } from "../app/.server/platform/workers";

type Bindings = WorkerBindings & { APP_ENV?: string };
const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild, "production");

// the Workers build's entry module re-exports app/edge-entries.server.ts (decision 036): the Worker
// uses the build's one copy of the app, typed by that module
const { beacon, scheduled, writes, digests, DIGESTS_QUEUE, frontDoor, bookmarkOf, d1SessionFor, keepBookmark, d1CallsOf, answerForGuessedMember } = serverBuild.entry.module as unknown as typeof EdgeEntries;
const {
  applySecurityHeaders,
  bodyLimitFor,
  CLIENT_ADDRESS_HEADER,
  CROSS_SITE_MESSAGE,
  dropBody,
  isSameOriginRequest,
  pathnameOf,
  plainMethodRefusal,
  refusedMethodResponse,
  unknownDataRoute,
  tooLargeResponse,
  watchedBody,
} = frontDoor;

/**
 * The client address comes from Cloudflare alone (CF-Connecting-IP, read by clientAddress): a
 * client's own header of our name is dropped. Only such a request is copied: incoming headers
 * cannot be changed, and copying every request cost more than the rest of this front door.
 */
function withClientAddress(request: Request) {
  if (!request.headers.has(CLIENT_ADDRESS_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  return new Request(request, { headers });
}

export default {
  async fetch(incoming, env, ctx) {
    const { request, watch } = watchedBody(withClientAddress(incoming));
    const response = await respond(request, env, ctx);
    // the client went away mid-upload: no page to stream to the lost connection
    if (watch.lost) {
      await response.body?.cancel().catch(() => {});
      return new Response(null, { status: response.status });
    }
    // a body the app left unread (a redirect before the form, a GET-only path) is dropped
    // before answering: wrangler dev's local proxy otherwise breaks the next request
    // on its connection (cloudflare/workerd#4660); past a few MB it is cancelled instead
    if (request.body && !request.bodyUsed) await dropBody(request, Number(request.headers.get("Content-Length")));
    return response;
  },

  async scheduled(_event, env, ctx) {
    await scheduled(env, ctx).catch((error) => {
      console.error("scheduled outbox delivery failed:", error);
      throw error;
    });
  },

  // page sessions and looks, queued by the requests that took them; the due digests, queued by the cron
  async queue(batch, env, ctx) {
    if (batch.queue === DIGESTS_QUEUE) await digests(batch as MessageBatch<never>, env, ctx);
    else await writes(batch as MessageBatch<never>, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;

async function respond(request: Request, env: Bindings, ctx: ExecutionContext) {
  const production = { APP_ENV: env.APP_ENV === "production" ? "production" : "development" } as const;
  const pathname = pathnameOf(request.url);
  const refused = refusedMethodResponse(request.method, pathname);
  if (refused) return applySecurityHeadersTo(refused, production);
  if (pathname === "/api/analytics/ping") return new Response(null, { status: 204 });
  // a body declared too large is refused unread; a chunked one is cut by the app's reader at the same limit
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > bodyLimitFor(pathname, request.headers.get("Content-Type"))) {
    await dropBody(request, declared);
    const refused = tooLargeResponse(request.headers.get("Accept"), request.url);
    applySecurityHeaders(refused.headers, production);
    return refused;
  }
  // page-session beacons are answered here, before Remix; the bare 204 is the benchmark's baseline
  if (pathname === "/api/analytics/session") return applySecurityHeadersTo(await answeredBeacon(request, env, ctx), production);
  // before Remix, whose own check would answer a cross-site form post with a bare 500
  if (!isSameOriginRequest(request) && !pathname.startsWith("/api/")) {
    return new Response(CROSS_SITE_MESSAGE, {
      status: 403,
      headers: applySecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8" }), production),
    });
  }
  // reads may come from a replica no older than this browser's last bookmark (decision 034)
  const bookmark = bookmarkOf(request);
  const d1 = d1SessionFor(env.DB, request, bookmark);
  // a GET's reads go to D1 with the session's look-up, for the member the cookie named before (decision 040)
  const response = await answerForGuessedMember(
    request,
    (writeGate) => ({ cloudflare: { env, ctx, d1, writeGate } satisfies WorkerLoadContext }),
    (context) => handleRemixRequest(request, context),
  );
  // documents carry their nonce CSP already; everything else gets the strict defaults
  const secured = withMutableHeaders(unknownDataRoute(request, plainMethodRefusal(request, response)));
  const { calls, statements, writes, rowsRead } = d1CallsOf(d1);
  keepBookmark(secured.headers, d1, bookmark, { secure: request.url.startsWith("https:"), wrote: writes > 0 });
  const documentPolicy = response.headers.get("Content-Security-Policy");
  applySecurityHeaders(secured.headers, production);
  if (documentPolicy) secured.headers.set("Content-Security-Policy", documentPolicy);
  // outside production, how many D1 round trips the answer cost (npm run bench prints it per page)
  if (production.APP_ENV !== "production") {
    secured.headers.append("Server-Timing", `d1;desc="${calls} calls, ${statements} statements, ${rowsRead} rows read"`);
  }
  return secured;
}

/**
 * The beacon's answer, as every other answer, carries the security headers; a fault in it is a
 * JSON 500 (workerd's own would be a bare page), told to the log.
 */
async function answeredBeacon(request: Request, env: Bindings, ctx: ExecutionContext) {
  try {
    return await beacon(request, env, ctx);
  } catch (error) {
    console.error("page-session beacon failed:", error);
    return new Response(JSON.stringify({ error: "The record could not be taken; try again later" }), {
      status: 500,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
}

function applySecurityHeadersTo(response: Response, production: { APP_ENV: "production" | "development" }) {
  applySecurityHeaders(response.headers, production);
  return response;
}

/**
 * The app's own answers are changed in place: copying one (`new Response(body, response)`) turned
 * a page's string into a stream piped through on every request. A response whose headers cannot
 * change (one passed through from a `fetch`) is copied.
 */
function withMutableHeaders(response: Response) {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}
