/**
 * A body whose length is declared and small (a form, a beacon, an API call) is read whole before
 * Remix runs: Node's parser stops at the declared length, so no limiter is needed, and the app
 * reads a buffer, not a Node stream piped through a limiter into a web stream, each built and read
 * through on every post. A body of unknown or larger length is streamed through the limiter.
 */
export const WHOLE_BODY_BYTES = 64 * 1024;

/** @param {import("node:http").IncomingMessage} req */
export function wholeBodyExpected(req) {
  const declared = req.headers["content-length"];
  return req.method !== "GET" && req.method !== "HEAD" && declared !== undefined && Number(declared) <= WHOLE_BODY_BYTES;
}

/**
 * The body's bytes, or null when the client goes before they all arrive.
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<Buffer | null>}
 */
export function wholeBody(req) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once("close", () => req.complete || resolve(null));
    req.once("error", () => resolve(null));
  });
}
