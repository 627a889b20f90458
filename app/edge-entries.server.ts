import { platformFor, type WorkerBindings } from "~/.server/platform/workers";
export { d1CallsOf } from "~/.server/platform/workers";
import { runMaintenance } from "~/models/maintenance.server";
import { receiveBeacon } from "~/routes/api.analytics.session";
import { decodeRow } from "~/.server/platform/queue-codec";
import type { QueuedWrite } from "~/.server/services";
import { getServices, writeQueued } from "~/services.server";

/**
 * What worker/index.ts answers outside Remix, read from the Remix build's entry module
 * (app/entry.server.tsx re-exports it in the Workers build): the cron trigger, the page-session
 * beacon (answered before Remix, so a beacon costs no route matching), the consumer of the WRITES
 * queue, and what runs before Remix (the front door, the D1 session and its bookmark, the guessed
 * member of a GET).
 */
export { frontDoor } from "~/.server/front-door";
export { bookmarkOf, d1SessionFor, keepBookmark } from "~/.server/platform/d1-bookmark";
export { answerForGuessedMember } from "~/auth/guessed-member.server";

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

/**
 * The WRITES queue's consumer: page sessions, looks and the beacon budget's counts, written a batch at a time. A message the
 * database refused comes again a little later, alone among the others' acks, until the queue's
 * max_retries.
 */
export async function writes(batch: MessageBatch<QueuedWrite>, env: WorkerBindings, ctx: ExecutionContext) {
  const platform = await platformFor({ cloudflare: { env, ctx } });
  const failed = new Set(
    await writeQueued(
      platform.db,
      batch.messages.map(({ body }) => ({ kind: body.kind, row: decodeRow(body.row) })),
    ).catch((error) => {
      console.error("queued writes failed, delivered again:", error);
      return batch.messages.map((_, index) => index);
    }),
  );
  batch.messages.forEach((message, index) => (failed.has(index) ? message.retry({ delaySeconds: RETRY_DELAY_SECONDS }) : message.ack()));
}

const RETRY_DELAY_SECONDS = 5;
