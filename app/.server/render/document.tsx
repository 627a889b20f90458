import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { DrawnOnceContext } from "~/lib/drawn-once";
import { drawnOnce } from "./drawn-once";
import { createNonce } from "../security-headers";
import { ABORT_DELAY, documentHeaders, type RenderArgs } from "./shared";

/**
 * A page drawn to one string, on both servers. No page defers data or suspends, so streaming
 * gained nothing, and React's streams cost more than the markup: they write the page in small
 * Uint8Array views through a TextEncoder (512 bytes each in the Workers build), and on Workers the
 * array buffers alone were a tenth of a table page's CPU. An error while drawing throws, and Remix
 * draws the error boundary instead.
 */
export default async function handleRequest(...[request, status, headers, remixContext, loadContext]: RenderArgs) {
  const nonce = createNonce();
  await documentHeaders(headers, loadContext, nonce);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <DrawnOnceContext.Provider value={drawnOnce(remixContext)}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </DrawnOnceContext.Provider>
    </NonceProvider>,
  );
  return new Response(`<!DOCTYPE html>${html}`, { headers, status });
}
