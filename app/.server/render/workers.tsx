import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { createNonce } from "../security-headers";
import { ABORT_DELAY, documentHeaders, type RenderArgs } from "./shared";

export { handleDataRequest, handleError } from "./shared";
import { servicesFor, type WorkerBindings } from "../platform/workers";
import { runMaintenance } from "~/models/maintenance.server";
import { receiveBeacon } from "../analytics/beacon";

/** The cron trigger: outbox retries (provider outages) and pruning of spent sessions and tokens. */
export async function scheduled(env: WorkerBindings, ctx: ExecutionContext) {
  const services = await servicesFor({ cloudflare: { env, ctx } });
  await runMaintenance(services.db, services.env);
}

/** POST /api/analytics/session, answered by worker/index.ts before Remix. */
export async function beacon(request: Request, env: WorkerBindings, ctx: ExecutionContext) {
  const services = await servicesFor({ cloudflare: { env, ctx } });
  return receiveBeacon(services, request, services.recordPageSession);
}

export default async function handleRequest(...[request, status, headers, remixContext, loadContext]: RenderArgs) {
  const nonce = createNonce();
  await documentHeaders(headers, loadContext, nonce);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
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
