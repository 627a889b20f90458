import { platformFor, type WorkerBindings } from "~/.server/platform/workers";
import { runMaintenance } from "~/models/maintenance.server";
import { receiveBeacon } from "~/routes/api.analytics.session";
import { getServices } from "~/services.server";

/**
 * What worker/index.ts answers outside Remix, imported by name: the cron trigger and
 * the page-session beacon (answered before Remix, so a beacon costs no route matching).
 */

/** The cron trigger: outbox retries (provider outages) and pruning of spent sessions and tokens. */
export async function scheduled(env: WorkerBindings, ctx: ExecutionContext) {
  const platform = await platformFor({ cloudflare: { env, ctx } });
  await runMaintenance(platform.db, platform.env);
}

/** POST /api/analytics/session. */
export async function beacon(request: Request, env: WorkerBindings, ctx: ExecutionContext) {
  const services = await getServices({ cloudflare: { env, ctx } });
  return receiveBeacon(services, request, services.recordPageSession);
}
