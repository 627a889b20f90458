import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// Built by `npm run build:edge` (remix build with REMIX_TARGET=edge) before wrangler bundles this file.
// @ts-ignore -- the build output does not exist until the app is built
import * as build from "../build/edge/index.js";
import { servicesFor, type WorkerBindings } from "../app/.server/platform/workers";
import { applySecurityHeaders } from "../app/.server/security-headers";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "../app/.server/http";
import { deliverDueMessages } from "../app/models/outbox.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, "production");

export default {
  async fetch(request, env, ctx) {
    // before Remix, whose own check would answer a cross-site form post with a bare 500
    if (!isSameOriginRequest(request) && !new URL(request.url).pathname.startsWith("/api/")) {
      return new Response(CROSS_SITE_MESSAGE, {
        status: 403,
        headers: applySecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8" }), null),
      });
    }
    const response = await handleRemixRequest(request, { cloudflare: { env, ctx } });
    // documents carry their nonce CSP already; everything else gets the strict defaults
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, { APP_ENV: env.APP_ENV === "production" ? "production" : "development" });
    if (response.headers.has("Content-Security-Policy")) {
      secured.headers.set("Content-Security-Policy", response.headers.get("Content-Security-Policy")!);
    }
    return secured;
  },

  /** Cron: send what the outbox still holds (provider outages, retries). */
  async scheduled(_event, env, ctx) {
    const services = await servicesFor({ cloudflare: { env, ctx } });
    ctx.waitUntil(deliverDueMessages(services.db, services.env, { limit: 100 }));
  },
} satisfies ExportedHandler<WorkerBindings & { APP_ENV?: string }>;
