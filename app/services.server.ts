import type { AppLoadContext } from "@remix-run/server-runtime";
import { platformFor } from "#platform";
import { wantsDemoData } from "~/.server/env";
import type { Database } from "~/.server/db";
import { oncePerDatabase } from "~/.server/db/prepared";
import type { LookRow, PageSessionRow, Platform, QueuedWrite, Services, WriteKind } from "~/.server/services";
import { runMaintenance } from "~/models/maintenance.server";
import { drainOutbox } from "~/models/outbox.server";
import { storePageSessions } from "~/models/page-sessions.server";
import { storeLooks } from "~/models/projects.server";
import { DEMO_WARNING, hasDemoAccounts, seedDemoDataIfEmpty } from "~/seed/seed.server";

/** How often the Node server's outbox worker looks for due messages. */
const OUTBOX_WORKER_MS = 2_000;

/** The writer of each kind of row written after the response (Platform.writeLater). */
export function writersFor(db: Database) {
  return {
    "page-sessions": (rows: PageSessionRow[]) => storePageSessions(db, rows),
    looks: (rows: LookRow[]) => storeLooks(db, rows),
  } satisfies Record<WriteKind, (rows: never[]) => Promise<void>>;
}

/**
 * The writers of one database handle. On Node that is one handle per boot, so writeLater keeps one
 * batch writer per write function; on Workers it is the request's D1 session, which another
 * request must not use.
 */
const writersOf = oncePerDatabase(writersFor);

/**
 * A batch of queued rows (the Workers queue's consumer): each kind goes to its writer in one call.
 * Throws when a writer fails, so the queue delivers the batch again; the writers count each
 * session and each daily look once, so a second delivery adds nothing.
 */
export async function writeQueued(db: Database, messages: readonly QueuedWrite[]) {
  const writers = writersFor(db);
  const byKind = new Map<WriteKind, unknown[]>();
  for (const { kind, row } of messages) {
    if (!(kind in writers)) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), row]);
  }
  for (const [kind, rows] of byKind) await writers[kind](rows as never[]);
}

/** Once per boot: the demo market (development only), its warning, and the maintenance timer on Node. */
const prepared = new WeakMap<object, Promise<void>>();

async function prepare(platform: Platform): Promise<void> {
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
  await ready;
  const app = writersOf(platform.db);
  return {
    ...platform,
    recordPageSession: platform.writeLater("page-sessions", app["page-sessions"]),
    recordLook: platform.writeLater("looks", app.looks),
  };
}
