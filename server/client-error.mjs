// What the Node server answers to a request it could not parse, before Express or the app see it.

/**
 * Request headers the server takes, together: Cloudflare's (128 KB in all). At Node's default (16 KiB)
 * a browser carrying many or large cookies for the site got a bare 431 from Node where the Worker
 * drew the page it asked for.
 */
export const MAX_HEADER_BYTES = 128 * 1024;

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Too large - Secondary Marketplace</title></head>
<body><main><h1>The request's headers are too large</h1><p>Your browser sent more than this site takes (usually too many or too large cookies). Clear this site's cookies and try again, or <a href="/home">go back to home</a>.</p></main></body></html>`;

/** Node's own answers to what it cannot parse, with the security headers every other answer carries. */
const ANSWERS = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "text/html; charset=utf-8", PAGE],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large", "text/plain; charset=utf-8", "The request is too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "text/plain; charset=utf-8", "The request took too long to arrive."],
};
const BAD_REQUEST = [400, "Bad Request", "text/plain; charset=utf-8", "Bad request: it could not be read."];

/**
 * The server's `clientError` listener: what Node does without one (answer when no answer is under way on
 * the connection, an earlier request's on a kept-alive one being finished, then give the connection up),
 * with a page for headers past their limit and the security headers.
 * @param {(headers: Headers) => Headers} secure adds the security headers
 * @returns {(error: Error & { code?: string }, socket: import("node:stream").Duplex & { _httpMessage?: { headersSent?: boolean } | null }) => void}
 */
export function answerClientError(secure) {
  return (error, socket) => {
    const answering = socket._httpMessage?.headersSent;
    if (socket.writable && !answering && error.code !== "ECONNRESET") {
      const [status, reason, type, body] = ANSWERS[/** @type {keyof typeof ANSWERS} */ (error.code)] ?? BAD_REQUEST;
      const headers = secure(new Headers({ "Content-Type": type, "Cache-Control": "no-store", "Content-Length": String(Buffer.byteLength(body)), Connection: "close" }));
      const lines = [...headers].map(([name, value]) => `${name}: ${value}`);
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
