import { createReadableStreamFromReadable } from "@remix-run/node";
import { byteLimiter } from "./body-limiter.mjs";

/**
 * A body streamed to the app (an upload, a chunked form) through the byte limiter, as a web stream.
 * When the client goes away before the body's end (an admin cancelling a 10 MB listing upload, a lost
 * connection), the stream fails, as the lost body does under Workers, and `watch.lost` says so: the
 * app's read answers its "could not be read" and nothing is sent to the closed connection. Without it
 * the limiter never ended, and the app's read, the request and the part of the file it held waited for
 * good. A body the limiter cut is the limiter's: its end was already given.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} limit
 * @param {() => void} onExceeded called once the limit is passed (see byteLimiter)
 */
export function streamedBody(req, limit, onExceeded) {
  const watch = { lost: false };
  let cut = false;
  const limiter = byteLimiter(limit, () => {
    cut = true;
    req.unpipe(limiter);
    onExceeded();
  });
  req.once("close", () => {
    if (req.complete || cut) return;
    watch.lost = true;
    limiter.destroy(new Error("The client went away before the end of its body."));
  });
  return { body: createReadableStreamFromReadable(req.pipe(limiter)), watch };
}
