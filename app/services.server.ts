import type { AppLoadContext } from "@remix-run/server-runtime";
import { platformFor } from "#platform";
import { wantsDemoData } from "~/.server/env";
import type { LookRow, PageSessionRow, Platform, Services } from "~/.server/services";
import { runMaintenance } from "~/models/maintenance.server";
import { drainOutbox } from "~/models/outbox.server";
import { storePageSessions } from "~/models/page-sessions.server";
import { storeLooks } from "~/models/projects.server";
import { DEMO_WARNING, hasDemoAccounts, seedDemoDataIfEmpty } from "~/seed/seed.server";

/** How often the Node server's outbox worker looks for due messages. */
const OUTBOX_WORKER_MS = 2_000;

type Prepared = { storePageSessions: (rows: PageSessionRow[]) => Promise<void>; storeLooks: (rows: LookRow[]) => Promise<void> };

/** Once per boot: the demo market (development only), its warning, and the maintenance timer on Node. */
const prepared = new WeakMap<object, Promise<Prepared>>();

async function prepare(platform: Platform): Promise<Prepared> {
  const { db, env } = platform;
  if (wantsDemoData(env)) await seedDemoDataIfEmpty(db, env.SESSION_SECRET, platform.files);
  if (await hasDemoAccounts(db)) console.warn(DEMO_WARNING);
  // outbox retries (provider outages) and pruning of spent sessions and tokens
  platform.every(60_000, () => runMaintenance(db, env));
  // on Node a worker loop keeps the outbox moving between housekeeping runs (a campaign, a restart
  // mid-send); on Workers every() does nothing: the send's waitUntil and the cron drain it
  let draining = false;
  platform.every(OUTBOX_WORKER_MS, async () => {
    if (draining) return;
    draining = true;
    await drainOutbox(db, env).finally(() => (draining = false));
  });
  // one function per boot: Node keeps one batch writer per write function
  return { storePageSessions: (rows) => storePageSessions(db, rows), storeLooks: (rows) => storeLooks(db, rows) };
}

/**
 * The one way server code gets its services: the platform it runs on (infrastructure,
 * app/.server/platform) joined with what the app adds on top. This is the only module
 * that wires models into the platform, so the platform never imports a model.
 */
export async function getServices(context: AppLoadContext): Promise<Services> {
  const platform = await platformFor(context);
  let ready = prepared.get(platform.boot);
  if (!ready) {
    ready = prepare(platform);
    prepared.set(platform.boot, ready);
    ready.catch(() => prepared.delete(platform.boot));
  }
  const app = await ready;
  return { ...platform, recordPageSession: platform.writeLater(app.storePageSessions), recordLook: platform.writeLater(app.storeLooks) };
}
