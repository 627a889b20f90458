/** How long, and how much, a refused body is still drained so the client can read the answer. */
export const LINGER_MS = 1000;
export const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Drops the rest of a body the app did not read, then closes the connection: at most `ms` and `bytes`
 * more. A browser reads no answer before it has sent its whole body, so a body left unread (and the
 * connection with it) kept it waiting with no answer until the server's request timeout; closing at
 * once makes the client's kernel reset the connection, and the reset can swallow the answer. A body
 * that ends within the lingering leaves the connection usable for the next request.
 * @param {import("node:http").IncomingMessage} req
 */
export function lingerThenClose(req, { ms = LINGER_MS, bytes = LINGER_BYTES } = {}) {
  req.unpipe();
  // Node drains an unfinished body to reuse the connection; this caps it
  const socket = req.socket;
  const start = socket.bytesRead;
  // and stops listening: a kept-alive connection may carry many refused bodies, and a listener left
  // on its socket for each one piled up (Node's MaxListenersExceededWarning past ten)
  const stop = () => {
    clearInterval(watch);
    clearTimeout(timer);
    req.off("end", stop);
    socket.off("close", stop);
  };
  const close = () => {
    stop();
    socket.destroy();
  };
  const watch = setInterval(() => {
    if (socket.bytesRead - start > bytes) close();
  }, 20);
  const timer = setTimeout(close, ms);
  req.once("end", stop);
  socket.once("close", stop);
  req.resume();
}

/**
 * After the answer is sent: the rest of a streamed body the app stopped reading (an upload refused
 * within its own limit, smaller than the server's: a contract template past 5 MB) is dropped as above.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function dropUnreadBody(req, res) {
  if (req.complete) return;
  if (res.writableFinished) lingerThenClose(req);
  else res.once("finish", () => req.complete || lingerThenClose(req));
}
