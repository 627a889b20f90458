import type { AppLoadContext } from "@remix-run/server-runtime";
import { platformFor } from "#platform";
import { wantsDemoData } from "~/.server/env";
import type { Database } from "~/.server/db";
import { oncePerDatabase } from "~/.server/db/prepared";
import { writeIsolating } from "~/.server/platform/batch-writer";
import type { DataRoomViewRow, LookRow, PageSessionRow, Platform, QueuedWrite, RateLimitHitsRow, Services, SessionTouchRow, WriteKind } from "~/.server/services";
import { storeDataRoomViews } from "~/models/data-room.server";
import { finishCampaignsCutOffByRestart } from "~/models/campaigns.server";
import { runMaintenance } from "~/models/maintenance.server";
import { drainOutbox } from "~/models/outbox.server";
import { storePageSessions } from "~/models/page-sessions.server";
import { handingOnLooks, storeLooks } from "~/models/project-looks.server";
import { addRateLimitHits } from "~/models/rate-limits.server";
import { touchSessions } from "~/models/sessions.server";
import { DEMO_WARNING, hasDemoAccounts, seedDemoDataIfEmpty } from "~/seed/seed.server";

/** How often the Node server's outbox worker looks for due messages. */
const OUTBOX_WORKER_MS = 2_000;

/** The writer of each kind of row written after the response (Platform.writeLater). */
export function writersFor(db: Database) {
  return {
    "page-sessions": (rows: PageSessionRow[]) => storePageSessions(db, rows),
    looks: (rows: LookRow[]) => storeLooks(db, rows),
    "rate-limit-hits": (rows: RateLimitHitsRow[]) => addRateLimitHits(db, rows),
    "data-room-views": (rows: DataRoomViewRow[]) => storeDataRoomViews(db, rows),
    "session-touches": (rows: SessionTouchRow[]) => touchSessions(db, rows),
  } satisfies Record<WriteKind, (rows: never[]) => Promise<void>>;
}

/**
 * The writers of one database handle. On Node that is one handle per boot, so writeLater keeps one
 * batch writer per write function; on Workers it is the request's D1 session, which another
 * request must not use.
 */
const writersOf = oncePerDatabase(writersFor);

/**
 * A batch of queued rows (the Workers queue's consumer): each kind goes to its writer in one call,
 * page sessions first (one insert). A kind whose call fails is written a row at a time, so one row
 * the database refuses holds back only itself: the answer is the indexes of the messages not
 * written, which the queue delivers again. The writers count each session and each daily look
 * once, so a second delivery adds nothing to them; a rate limit's hits delivered twice count twice,
 * which errs toward the limit.
 */
export async function writeQueued(db: Database, messages: readonly QueuedWrite[]): Promise<number[]> {
  const writers = writersFor(db);
  const byKind = new Map<WriteKind, number[]>(WRITE_ORDER.map((kind) => [kind, []]));
  messages.forEach(({ kind }, index) => byKind.get(kind)?.push(index));
  const failed: number[] = [];
  for (const [kind, indexes] of byKind) {
    if (!indexes.length) continue;
    const refused = await writeIsolating((at: number[]) => writers[kind](at.map((i) => messages[i]!.row) as never[]), indexes);
    for (const { row: index, error } of refused) {
      console.error(`queued ${kind} write failed:`, error);
      failed.push(index);
    }
  }
  return failed.sort((a, b) => a - b);
}

const WRITE_ORDER: WriteKind[] = ["page-sessions", "looks", "rate-limit-hits", "data-room-views", "session-touches"];

/** Once per boot: the demo market (development only), its warning, and the maintenance timer on Node. */
const prepared = new WeakMap<object, Promise<void>>();

async function prepare(platform: Platform): Promise<void> {
  const { db, env } = platform;
  if (wantsDemoData(env)) await seedDemoDataIfEmpty(db, env.SESSION_SECRET, platform.files);
  if (await hasDemoAccounts(db)) console.warn(DEMO_WARNING);
  // campaigns whose queueing the last stop cut short go on now, not at housekeeping's run five minutes on; housekeeping
  // waits for it, so that no campaign is queued by both at once
  const bootedAt = Date.now();
  const resumed = platform.atStart(() => finishCampaignsCutOffByRestart({ db, env, waitUntil: platform.waitUntil }, bootedAt));
  // outbox retries (provider outages) and pruning of spent sessions and tokens
  platform.every(60_000, () => resumed.then(() => runMaintenance(db, env)));
  // on Node a worker loop keeps the outbox moving between housekeeping runs (a campaign, a restart
  // mid-send); on Workers every() does nothing: the send's waitUntil and the cron drain it
  let draining = false;
  platform.every(OUTBOX_WORKER_MS, async () => {
    if (draining) return;
    draining = true;
    // a Node process has no subrequest limit: this loop is not held to DRAIN_MAX_MESSAGES, so a campaign goes at the provider's pace
    await drainOutbox(db, env, { maxMessages: Infinity }).finally(() => (draining = false));
  });
}

/**
 * The one way server code gets its services: the platform it runs on (infrastructure,
 * app/.server/platform) joined with what the app adds on top. This is the only module
 * that wires models into the platform, so the platform never imports a model.
 */
export async function getServices(context: AppLoadContext): Promise<Services> {
  const platform = await platformFor(context);
  const built = servicesOf.get(platform);
  if (built) return built;
  let ready = prepared.get(platform.boot);
  if (!ready) {
    ready = prepare(platform);
    prepared.set(platform.boot, ready);
    ready.catch(() => prepared.delete(platform.boot));
  }
  await ready;
  const app = writersOf(platform.db);
  const services: Services = {
    ...platform,
    // the beacon's rows, the most written after answering: on Node off the request's thread
    recordPageSession: platform.writeLater("page-sessions", platform.offThreadInserts ? writersOf(platform.offThreadInserts)["page-sessions"] : app["page-sessions"]),
    recordLook: handingOnLooks(platform.boot, platform.writeLater("looks", app.looks)),
    recordRateLimitHits: platform.writeLater("rate-limit-hits", app["rate-limit-hits"]),
    recordDataRoomView: platform.writeLater("data-room-views", app["data-room-views"]),
    recordSessionTouch: platform.writeLater("session-touches", app["session-touches"]),
  };
  servicesOf.set(platform, services);
  return services;
}

/**
 * The services joined once per platform: on Node the process's one platform, so once per process;
 * on Workers each request's platform, so each request's own, as before. Joined again per request,
 * the spread above gave every Node request an object of a new hidden class (V8 11, Node 20: a
 * spread followed by more keys is not shared between objects), whose map and descriptors outlive
 * the request: a tenth to a quarter of what each young-generation collection had to copy.
 */
const servicesOf = new WeakMap<Platform, Services>();
