// The Node server: remix-serve's behaviour (compression, the two static folders,
// the request log) plus what must happen before Remix runs, as the Worker does it:
// cross-site form posts refused with 403, every body read through a limiter that
// answers 413 as soon as the limit is passed, and the client address taken from the
// socket (or from the proxy hops TRUST_PROXY names), never from a client's header.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import sourceMapSupport from "source-map-support";
import {
  broadcastDevReady,
  createRequestHandler,
  installGlobals,
} from "@remix-run/node";
import { withExpressPrototypes } from "./express-prototypes.mjs";
import { requestUrl } from "./request-url.mjs";
import { sendAnswer } from "./send-answer.mjs";
import { watchStalls } from "./stall-watch.mjs";
import { trustProxySetting } from "./trust-proxy.mjs";
import { readMultipartNatively } from "./multipart-form.mjs";
import { wholeBody, wholeBodyExpected } from "./whole-body.mjs";
import { dropUnreadBody, lingerThenClose } from "./linger.mjs";
import { staticFiles } from "./public-files.mjs";
import { streamedBody } from "./streamed-body.mjs";
import { answerClientError, MAX_HEADER_BYTES } from "./client-error.mjs";

sourceMapSupport.install({
  retrieveSourceMap(source) {
    if (!source.startsWith("file://")) return null;
    const map = `${url.fileURLToPath(source)}.map`;
    return fs.existsSync(map) ? { url: source, map: fs.readFileSync(map, "utf8") } : null;
  },
});

const mode = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
const NativeResponse = globalThis.Response;
installGlobals({ nativeFetch: build.future.v3_singleFetch });
if (!build.future.v3_singleFetch) readMultipartNatively(globalThis, NativeResponse);
/** @type {import("../app/.server/front-door").FrontDoor} */
const door = build.entry.module.frontDoor;
const handleRemixRequest = createRequestHandler(build, mode);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
app.use(compression());
// the build's assets and public/, with public/_headers' headers as Workers gives them
app.use(staticFiles(express, { publicDir: "public", publicPath: build.publicPath, assetsBuildDirectory: build.assetsBuildDirectory }));
// morgan's "tiny" format, with tokens in reset, unlock and feedback links hidden
morgan.token("safe-url", (req) => door.redactUrl(req.originalUrl ?? req.url));
app.use(morgan(":method :safe-url :status :res[content-length] - :response-time ms"));
// not app.all("*"): its wildcard parameter is decoded, and a path with malformed percent-encoding
// printed a URIError stack for every such request
app.use(handle);

const port = Number(process.env.PORT) || 3000;
// Express's request and response prototypes given at construction: see express-prototypes.mjs
const server = http.createServer({ ...withExpressPrototypes(app), maxHeaderSize: MAX_HEADER_BYTES }, app);
server.on("clientError", answerClientError((headers) => door.applySecurityHeaders(headers, envForHeaders())));
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
// Node closes an idle kept-alive connection after 5 s; a client (a proxy, a browser) that sends on it
// at that moment gets a reset instead of an answer. Clients and load balancers keep theirs for 60 s,
// so the server keeps its longer, and waits for headers longer still, as Node asks.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// a stop lets the answers under way go out and long work (an import, the outbox) hand over at its next step; the
// process ends when they have (or the grace is spent), not half way through a chunk and a lease to wait out
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => {
    const answered = new Promise((resolve) => server.close((error) => resolve(error && console.error(error))));
    build.entry.module.stopBackgroundWork?.(answered).catch((error) => console.error("[server] stop:", error));
  });

function onListen() {
  console.log(`[server] http://localhost:${port}`);
  watchStalls();
  // the housekeeping timer and the outbox's loop start now, not on the first request: after a restart, unfinished
  // campaigns and imports carry on whether or not anyone opens a page (a failure is retried by the first request)
  build.entry.module.startBackgroundWork?.().catch((error) => console.error("[server] background work did not start:", error));
  if (mode === "development") void broadcastDevReady(build);
}

async function handle(req, res, next) {
  try {
    const refused = door.refusedMethodResponse(req.method, req.path);
    if (refused) return sendAnswer(res, applyHeaders, refused);
    const target = requestUrl(req.protocol, req.get("host"), req.originalUrl, `localhost:${port}`);
    if (target === null) return sendAnswer(res, applyHeaders, new Response(BAD_TARGET_MESSAGE, { status: 400, headers: PLAIN_NOT_KEPT }));
    const limit = door.bodyLimitFor(req.path, req.get("content-type") ?? null);
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) return tooLarge(req, res);
    const whole = wholeBodyExpected(req) ? await wholeBody(req) : undefined;
    if (whole === null) return; // the client went before its body arrived
    const cut = { passed: false, watch: undefined };
    const request = toFetchRequest(req, res, target, limit, whole, cut);
    if (!door.isSameOriginRequest(request) && !req.path.startsWith("/api/")) {
      // Remix's own check would answer this with a bare 500
      return sendAnswer(res, applyHeaders, new Response(door.CROSS_SITE_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
    }
    const response = door.unknownDataRoute(request, door.plainMethodRefusal(request, await handleRemixRequest(request, {})));
    if (res.headersSent) return; // answered already
    // the client went away mid-body: nobody to answer, and the connection is closed already
    if (cut.watch?.lost) return void (await response.body?.cancel().catch(() => {}));
    // a streamed body past the server's limit: the app's own 413 (its page, as on Workers); anything
    // else it answered was read from a cut body, and the server's 413 is sent instead
    if (cut.passed && response.status !== 413) {
      await response.body?.cancel().catch(() => {});
      return tooLarge(req, res);
    }
    await sendAnswer(res, applyHeaders, response);
    if (whole === undefined) dropUnreadBody(req, res);
  } catch (error) {
    if (res.headersSent) return;
    next(error);
  }
}

const BAD_TARGET_MESSAGE = "Bad request: the Host header or the request target is not valid.";
const PLAIN_NOT_KEPT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * 413, then the connection is closed; the app never sees the rest of the body (lingerThenClose).
 */
function tooLarge(req, res) {
  if (res.headersSent) return;
  req.unpipe();
  const { body, headers } = door.tooLargeBody(req.get("accept") ?? null, req.originalUrl ?? req.url);
  res.status(413).set(headers);
  applyHeaders(res, new Headers());
  res.end(body, () => lingerThenClose(req));
}

function toFetchRequest(req, res, url, limit, whole, cut) {
  // aborted when the client goes before its answer is sent; aborting after it (an AbortError built
  // with its stack, every request) was 1.5 % of a page's CPU
  const controller = new AbortController();
  res.on("close", () => res.writableFinished || controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set(door.CLIENT_ADDRESS_HEADER, door.peerAddress(req.ip ?? req.socket.remoteAddress ?? "unknown"));
  const init = { method: req.method, headers, signal: controller.signal };
  if (whole !== undefined) init.body = whole;
  else if (req.method !== "GET" && req.method !== "HEAD") {
    const streamed = streamedBody(req, limit, () => {
      cut.passed = true;
      // the rest is dropped (or the connection closed) once the answer is sent: dropUnreadBody
      req.pause();
    });
    init.body = streamed.body;
    init.duplex = "half";
    cut.watch = streamed.watch;
  }
  return new Request(url, init);
}

const envForHeaders = () => ({ APP_ENV: process.env.APP_ENV === "production" ? "production" : "development" });

function applyHeaders(res, headers) {
  door.applySecurityHeaders(headers, envForHeaders());
  for (const [name, value] of headers) if (name !== "set-cookie" && !res.hasHeader(name)) res.setHeader(name, value);
}
