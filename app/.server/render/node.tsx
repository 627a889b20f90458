import type { Writable } from "node:stream";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { DrawnOnceContext } from "~/lib/drawn-once";
import { drawnOnce } from "./drawn-once";
import { createNonce } from "../security-headers";
import { ABORT_DELAY, documentHeaders, type RenderArgs } from "./shared";

export { handleDataRequest, handleError } from "./shared";
/** For server/index.mjs, which runs before Remix. */
export { frontDoor } from "../front-door";

/**
 * Node has no renderToReadableStream in React 18: render with pipes into one buffer. No page
 * suspends (no defer, no Suspense), so streaming would only split the same document into
 * 2 KiB pieces, each passed through a web stream, the compressor and the socket on its own.
 */
export default async function handleRequest(...[request, status, headers, remixContext, loadContext]: RenderArgs) {
  const nonce = createNonce();
  await documentHeaders(headers, loadContext, nonce);
  return new Promise<Response>((resolve, reject) => {
    // a render error outside the shell (inside a Suspense boundary) is logged once the page is done;
    // one in the shell rejects, and Remix reports it
    const errors: unknown[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DrawnOnceContext.Provider value={drawnOnce(remixContext)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </DrawnOnceContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          for (const error of errors) console.error(error);
          // React needs only write, end and on from its destination; a stream.Writable also built an
          // error object each render for React's second end()
          const chunks: Uint8Array[] = [];
          let ended = false;
          const body = {
            write(chunk: Uint8Array) {
              chunks.push(chunk);
              return true;
            },
            end() {
              if (ended) return;
              ended = true;
              clearTimeout(timer);
              resolve(new Response(Buffer.concat(chunks), { headers, status: errors.length ? 500 : status }));
            },
            on() {
              return body;
            },
          };
          pipe(body as unknown as Writable);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          errors.push(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
