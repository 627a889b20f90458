import { Transform } from "node:stream";

/**
 * Passes a streamed body's bytes through until `limit`. The chunk that passes it still goes through,
 * then the stream ends there and `onExceeded` is called (once): the app's reader, which counts the
 * same limit or a smaller one, sees more than its limit and answers its own 413 (the page a chunked
 * form past its limit gets on Workers, where nothing cuts the body before the app), and reads no
 * further. Cut with an error instead, the app read "could not be read" and the server answered its
 * own page. The server answers its own 413 only when the app's answer is not one (see index.mjs).
 * @param {number} limit
 * @param {() => void} onExceeded
 */
export function byteLimiter(limit, onExceeded) {
  let seen = 0;
  let ended = false;
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (ended) return callback();
      seen += chunk.length;
      if (seen <= limit) return callback(null, chunk);
      ended = true;
      this.push(chunk);
      this.push(null);
      onExceeded();
      callback();
    },
  });
}
