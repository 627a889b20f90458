import { platformFor, type WorkerBindings } from "~/.server/platform/workers";
export { d1CallsOf } from "~/.server/platform/workers";
import { runMaintenance } from "~/models/maintenance.server";
import { drainOutbox } from "~/models/outbox.server";
import { sendDigest } from "~/models/saved-search-digests.server";
import type { DigestMessage } from "~/.server/platform/workers";
import { receiveBeacon } from "~/routes/api.analytics.session";
import { decodeRow } from "~/.server/platform/queue-codec";
import type { QueuedWrite } from "~/.server/services";
import { getServices, writeQueued } from "~/services.server";

/**
 * What worker/index.ts answers outside Remix, read from the Remix build's entry module
 * (app/entry.server.tsx re-exports it in the Workers build): the cron trigger, the page-session
 * beacon (answered before Remix, so a beacon costs no route matching), the consumers of the WRITES
 * and DIGESTS queues, and what runs before Remix (the front door, the D1 session and its bookmark, the guessed
 * member of a GET).
 */
export { frontDoor } from "~/.server/front-door";
export { bookmarkOf, d1SessionFor, keepBookmark } from "~/.server/platform/d1-bookmark";
export { answerForGuessedMember } from "~/auth/guessed-member.server";

/** The cron trigger: outbox retries (provider outages) and pruning of spent sessions and tokens; the due digests to their queue. */
export async function scheduled(env: WorkerBindings, ctx: ExecutionContext) {
  const platform = await platformFor({ cloudflare: { env, ctx } });
  const queue = env.DIGESTS;
  const at = Date.now();
  await runMaintenance(platform.db, platform.env, at, {
    queueDigests: queue && ((userIds) => queue.sendBatch(userIds.map((userId) => ({ body: { userId, at } satisfies DigestMessage }))).then(() => undefined)),
  });
}

/** The DIGESTS queue's name (wrangler.toml): worker/index.ts hands its batches to `digests`, every other queue's to `writes`. */
export const DIGESTS_QUEUE = "secondary-marketplace-digests";

/**
 * The DIGESTS queue's consumer: one member's digest a message, each looked for when its batch
 * runs (a member disabled or unsubscribed since the cron took them up gets nothing). A message
 * that failed comes again after the retry delay, alone among the others' acks; sent twice, the
 * digest's own batch keeps one (sendDigest).
 */
export async function digests(batch: MessageBatch<DigestMessage>, env: WorkerBindings, ctx: ExecutionContext) {
  const platform = await platformFor({ cloudflare: { env, ctx } });
  let queued = 0;
  // side by side: each digest is some 7 round trips to D1, and one after another a batch of 10 took a second
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (await sendDigest(platform.db, platform.env, { userId: message.body.userId })) queued++;
        message.ack();
      } catch (error) {
        console.error(`saved-search digest for member ${message.body.userId} failed, delivered again:`, error);
        message.retry({ delaySeconds: DIGEST_RETRY_DELAY_SECONDS });
      }
    }),
  );
  // as many messages as the batch queued go out now: the cron's drain (200 a run) is far short of a day's digests
  if (queued) ctx.waitUntil(drainOutbox(platform.db, platform.env, { maxMessages: queued }).catch((error: unknown) => console.error("digest delivery failed:", error)));
}

const DIGEST_RETRY_DELAY_SECONDS = 60;

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
