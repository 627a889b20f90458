// How the Node server writes the app's answer (a fetch Response) to Node's response.
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@remix-run/node";

/**
 * Pages and loader data are sent whole, gzipped here in one call at level 1 (nginx's default for
 * what it compresses on the fly): at the default level 6, through the compression middleware's
 * stream, gzip was a sixth of a light page's CPU and 1 ms of the seller's desk; level 1 is three
 * times faster for a tenth to a fifth more bytes. Files, CSV exports and event streams still
 * stream, and the middleware compresses those.
 */
const SENT_WHOLE = /^(text\/html|application\/json)\b/i;
const GZIP_FROM_BYTES = 1024;
const GZIP_LEVEL = 1;

/**
 * Writes `response` to Express's `res`; `secure(res, headers)` adds the security headers the
 * answer lacks.
 * @param {import("express").Response} res
 * @param {(res: import("express").Response, headers: Headers) => void} secure
 * @param {Response} response
 */
export async function sendAnswer(res, secure, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // append, not set: each Set-Cookie comes as an entry of its own
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  secure(res, new Headers());
  const type = response.headers.get("Content-Type") ?? "";
  if (/text\/event-stream/i.test(type)) res.flushHeaders();
  if (response.body && SENT_WHOLE.test(type) && !response.headers.has("Content-Encoding")) return sendWhole(res, response);
  if (response.body) return writeReadableStreamToWritable(response.body, res);
  // said outright: without a length an empty answer (the beacon's 202, a redirect) went out
  // chunked through the compression middleware, its closing chunk a write of its own; under the
  // beacon's load that alone was a tenth of its throughput
  if (!res.hasHeader("Content-Length") && res.req.method !== "HEAD" && mayHaveBody(response.status)) res.setHeader("Content-Length", "0");
  res.end();
}

const mayHaveBody = (status) => status >= 200 && status !== 204 && status !== 304;

async function sendWhole(res, response) {
  let body = Buffer.from(await response.arrayBuffer());
  res.vary("Accept-Encoding");
  if (body.length >= GZIP_FROM_BYTES && res.req.acceptsEncodings("gzip") === "gzip") {
    body = zlib.gzipSync(body, { level: GZIP_LEVEL });
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
