import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { DrawnOnceContext } from "~/lib/drawn-once";
import { drawnOnce } from "./drawn-once";
import { createNonce } from "../security-headers";
import { ABORT_DELAY, documentHeaders, type RenderArgs } from "./shared";

export { handleDataRequest, handleError } from "./shared";
export default async function handleRequest(...[request, status, headers, remixContext, loadContext]: RenderArgs) {
  const nonce = createNonce();
  await documentHeaders(headers, loadContext, nonce);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <DrawnOnceContext.Provider value={drawnOnce(remixContext)}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </DrawnOnceContext.Provider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  if (isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode) {
    await body.allReady;
  }
  return new Response(body, { headers, status });
}
