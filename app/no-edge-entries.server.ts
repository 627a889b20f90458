// The Node build's stand-in for "#edge-entries": the Worker's cron, beacon and queue consumer
// (app/edge-entries.server.ts) have no use on Node, and would bring the Workers platform into its build.
import { getServices } from "./services.server";
import { drainImportJobs } from "./models/listing-imports.server";
import { drainMatchQueue } from "./models/match-rescoring.server";
import { stopGently, waitBeforeStop } from "./.server/platform/stopping";

/**
 * For server/index.mjs, once it listens: boots the services, and with them the housekeeping timer and the outbox's
 * worker loop (getServices' prepare), without waiting for a request. Booted on the first request only, a restart
 * (a crash, a deploy) left a campaign's messages and an import's rows waiting until someone opened a page. The
 * services are the ones the first request would have booted (once per process); tests, which build their own, never
 * call this.
 */
export async function startBackgroundWork() {
  const { db } = await getServices({});
  // imports and rescoring a stop left half done (their leases given back) go on now: left to housekeeping's first
  // run, a minute after the boot, the jobs table showed an import standing still at its last count all that time.
  // Both hold leases, so the housekeeping run that comes while this one drains takes nothing twice
  void drainImportJobs(db)
    .then(() => drainMatchQueue(db))
    .catch((error: unknown) => console.error("[server] resuming imports:", error));
}

/**
 * For server/index.mjs, on SIGTERM or SIGINT: long work hands over at its next step, and the process waits (within
 * the grace) for the answers under way (`answered`: the server closed) and the work they left to run after them.
 */
export function stopBackgroundWork(answered: Promise<unknown>) {
  waitBeforeStop(() => answered, { first: true });
  return stopGently();
}
