import type { OutboxStatus } from "~/lib/outbox";
import { e164 } from "~/lib/sms";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { insertMany } from "~/.server/db/bulk";
import { inList } from "~/.server/db/in-list";
import { bodyKept, campaigns, customers, outbox, outboxSettledAt, projects, suppressions, type OutboxMessage } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { seal, unseal } from "~/.server/sealed";
import { configuredChannels, ProviderRefused, sendThroughProvider, type Send } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { statusSeenByBuyers } from "./projects.server";
import { nextTurn } from "~/.server/platform/next-turn";
import { stopRequested } from "~/.server/platform/stopping";

export const MAX_ATTEMPTS = 8;
/** Delivered (or abandoned) message bodies are emptied after this long. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;
const SEAL_PURPOSE = "outbox-secrets";

export type NewMessage = {
  channel: "email" | "sms";
  recipient: string;
  subject?: string;
  /** Secrets appear only as `secretPlaceholder(name)`; their values go in `secrets`. */
  body: string;
  /** Values that must never be stored or shown in the clear (tokens in links). */
  secrets?: Record<string, string>;
  /** Extra e-mail headers the provider sets (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** An e-mail's HTML part, sent beside the text (carries no secrets). */
  html?: string;
};

/** Where a secret goes in a message body; filled in only on the way to the provider. */
export const secretPlaceholder = (name: string) => `{{secret:${name}}}`;
const PLACEHOLDER = /\{\{secret:([a-z][a-z0-9_]*)\}\}/g;

/**
 * A subject is one header line: a listing's or a member's name posted with a line break in it (a form
 * field keeps them) made a subject no provider takes, and the notice was refused and given up.
 */
export const subjectLine = (subject: string | undefined) => (subject ?? "").replace(/\s+/g, " ").trim();

/** The body as admins may read it: every secret hidden. */
export const redactSecrets = (body: string) => body.replace(PLACEHOLDER, "[hidden]");

/**
 * Writes the message, its secrets sealed with a key derived from SESSION_SECRET;
 * sending happens later (deliverDueMessages), so a provider outage loses nothing.
 */
export async function enqueueMessage(db: Database, env: Pick<Env, "SESSION_SECRET">, message: NewMessage, now = Date.now()) {
  const [row] = await db
    .insert(outbox)
    .values(await outboxRow(env, message, now))
    .returning({ id: outbox.id, status: outbox.status, createdAt: outbox.createdAt });
  return row!;
}

/**
 * The message's row, its secrets sealed, for a caller that inserts it in the same batch as its own
 * rows (an invitation: the account, its link and the e-mail that carries the link).
 */
export async function outboxRow(env: Pick<Env, "SESSION_SECRET">, message: NewMessage, now = Date.now()) {
  const { secrets, ...fields } = message;
  const sealed = secrets && Object.keys(secrets).length ? await seal(env.SESSION_SECRET, SEAL_PURPOSE, JSON.stringify(secrets)) : null;
  return { ...fields, secrets: sealed, subject: subjectLine(message.subject), createdAt: new Date(now), nextAttemptAt: new Date(now) };
}

/**
 * The body to send: placeholders filled in; null when its secrets cannot be opened (sealed under an old key). A
 * placeholder the message has no secret for was typed by someone (a message quoted in a notice, a listing's name)
 * and goes as written: such a text made every notice that carried it fail unsent. A message's secrets are cleared
 * only as it is sent or given up, so a pending one without them never had any.
 */
async function renderForDelivery(message: OutboxMessage, env: Env) {
  if (!message.secrets || !message.body.match(PLACEHOLDER)) return message.body;
  const opened = await unseal(env.SESSION_SECRET, SEAL_PURPOSE, message.secrets);
  if (!opened) return null;
  const values = JSON.parse(opened) as Record<string, string>;
  return message.body.replace(PLACEHOLDER, (typed, name: string) => (typeof values[name] === "string" ? values[name] : typed));
}

/**
 * Queues a campaign's messages, at most one per (campaign, recipient): a row that
 * is already there is left alone (the unique index), so sending twice, or two admins
 * at once, writes nothing twice. Campaign bodies carry no secrets. Returns nothing:
 * progress is read back from the rows.
 */
export async function enqueueCampaignMessages(
  db: Database,
  { campaignId, messages, now = Date.now(), notBefore = now }: { campaignId: number; messages: Array<Omit<NewMessage, "secrets"> & { customerId: number }>; now?: number; notBefore?: number },
) {
  await insertMany(
    db,
    outbox,
    messages.map((m) => ({ ...m, campaignId, subject: subjectLine(m.subject), headers: m.headers ?? null, html: m.html ?? null, createdAt: new Date(now), nextAttemptAt: new Date(notBefore) })),
    { ignoreConflicts: true },
  );
}

/**
 * A message without secrets as one insert statement, for a caller that writes it in
 * the same batch as its own rows (a saved-search digest and what it reported).
 */
export function queuedMessage(db: Database, message: Omit<NewMessage, "secrets">, now = Date.now()) {
  return db
    .insert(outbox)
    .values({ ...message, subject: subjectLine(message.subject), headers: message.headers ?? null, createdAt: new Date(now), nextAttemptAt: new Date(now) });
}

export type CampaignText = { customerId: number; recipient: string; body: string; segments: number; notBefore: number };
/** Texts per batch: five statements each, every statement well under D1's 100 parameters. */
const TEXTS_PER_BATCH = 20;

/**
 * Queues a campaign's texts, each paid for from its company's SMS allowance in the
 * transaction (one batch) that writes it: the row is kept only while the allowance
 * covers its segments, and the allowance is taken only for a row not yet paid for (its
 * `segments` still empty); query builders only, as D1's batch takes no raw statements. Sending twice, two admins at once, or finishing after a
 * crash therefore neither writes nor charges anything twice. A text waits until its
 * `notBefore` (quiet hours, a schedule); a row's week of retention counts from then.
 * Returns the recipients that now have a row (queued in this call or before).
 */
export async function enqueueCampaignTexts(db: Database, { campaignId, texts, now = Date.now() }: { campaignId: number; texts: CampaignText[]; now?: number }) {
  for (let i = 0; i < texts.length; i += TEXTS_PER_BATCH) {
    // a libsql batch answers within the turn it was asked in: 5,000 texts held Node's one thread 6.5 s, every
    // other request waiting. Each batch is whole on its own (a crash between two is finished without repeats)
    if (i > 0) await nextTurn();
    const statements = texts.slice(i, i + TEXTS_PER_BATCH).flatMap((t) => {
      const due = new Date(Math.max(now, t.notBefore));
      const row = and(eq(outbox.campaignId, campaignId), eq(outbox.recipient, t.recipient));
      // a negative count marks the row this transaction is charging, so only it is charged
      const charging = and(row, eq(outbox.segments, -t.segments));
      return [
        db
          .insert(outbox)
          .values({ channel: "sms", recipient: t.recipient, body: t.body, subject: "", campaignId, customerId: t.customerId, createdAt: due, nextAttemptAt: due })
          .onConflictDoNothing(),
        // and only while the campaign is being queued: a text written after an admin cancelled it is taken back unpaid
        db
          .update(outbox)
          .set({ segments: -t.segments })
          .where(
            and(
              row,
              isNull(outbox.segments),
              sql`exists (select 1 from ${customers} where ${customers.id} = ${t.customerId} and ${customers.smsAllowance} >= ${t.segments})`,
              sql`exists (select 1 from ${campaigns} c where c.id = ${campaignId} and c.status = 'sending')`,
            ),
          ),
        db
          .update(customers)
          .set({ smsAllowance: sql`${customers.smsAllowance} - ${t.segments}` })
          .where(and(eq(customers.id, t.customerId), sql`exists (select 1 from ${outbox} where ${charging})`)),
        db.update(outbox).set({ segments: t.segments }).where(charging),
        // the allowance could not cover it: no row, and the recipient is counted "no allowance"
        db.delete(outbox).where(and(row, isNull(outbox.segments))),
      ];
    });
    if (statements.length) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  }
  if (!texts.length) return new Set<string>();
  const rows = await db
    .select({ recipient: outbox.recipient })
    .from(outbox)
    .where(and(eq(outbox.campaignId, campaignId), inList(outbox.recipient, texts.map((t) => t.recipient))));
  return new Set(rows.map((r) => r.recipient));
}

/** Exponential back-off: 1 min, 2, 4 ... capped at 6 hours. */
export function nextAttemptDelayMs(attempts: number) {
  return Math.min(6 * 60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}



/**
 * How long a sender holds a message it claimed: another sender (a second isolate,
 * the maintenance timer, the request's own waitUntil) leaves it alone meanwhile; if
 * the holder dies mid-send, the message is due again after this.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Sends what is due. Without a provider, messages simply wait in the outbox
 * (admins can read them there). Each message is first claimed with one conditional
 * update (its due time moved a lease ahead, only if nobody moved it first), so two
 * senders running at once never send the same message twice. Returns how many were sent.
 */
export async function deliverDueMessages(
  db: Database,
  env: Env,
  { now = Date.now(), limit = 20, send = sendThroughProvider }: { now?: number; limit?: number; send?: Send } = {},
) {
  const channels = configuredChannels(env);
  if (!channels.length) return 0;
  const due = await db
    .select({ ...getTableColumns(outbox), suppressedAs: campaignSuppression, offMarket: campaignOffMarket, cancelled: campaignCancelled, shutOut: campaignCompanyShutOut })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date(now)), inArray(outbox.channel, channels)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
  let sent = 0;
  for (const message of due) {
    if (message.cancelled) {
      await giveUpUnsent(db, message, CAMPAIGN_CANCELLED);
      continue;
    }
    if (message.suppressedAs) {
      await giveUpUnsent(db, message, `Not sent: the recipient ${message.suppressedAs === "stop" ? "texted STOP" : message.suppressedAs} after it was queued.`);
      continue;
    }
    if (message.offMarket) {
      await giveUpUnsent(db, message, "Not sent: the promoted project left the market after it was queued.");
      continue;
    }
    if (message.shutOut) {
      await giveUpUnsent(db, message, "Not sent: the company was disabled, locked or deleted after it was queued.");
      continue;
    }
    const claimed = await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
      .where(and(eq(outbox.id, message.id), eq(outbox.status, "pending"), eq(outbox.nextAttemptAt, message.nextAttemptAt), campaignNotCancelled))
      .returning({ id: outbox.id });
    if (!claimed.length) continue;
    const attempts = message.attempts + 1;
    const body = await renderForDelivery(message, env);
    if (body === null) {
      await db
        .update(outbox)
        .set({ attempts, status: "failed", secrets: null, lastError: "Its link can no longer be read; it was not sent." })
        .where(eq(outbox.id, message.id));
      continue;
    }
    try {
      await send({ ...message, body }, env);
      // the secrets are spent: the stored row keeps only the placeholders
      await db
        .update(outbox)
        .set({ status: "sent", attempts, sentAt: new Date(now), lastError: null, secrets: null })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (error) {
      // 429 and 5xx are worth retrying; a refusal of this very message is not
      const givenUp = attempts >= MAX_ATTEMPTS || error instanceof ProviderRefused;
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          status: givenUp ? "failed" : "pending",
          nextAttemptAt: new Date(now + nextAttemptDelayMs(attempts)),
          ...(givenUp ? { secrets: null } : {}),
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}

/**
 * A campaign's message whose recipient unsubscribed (or bounced, complained, texted STOP) after it was
 * queued: held for quiet hours or a schedule, or waiting for a retry, it was sent all the same. Only
 * marketing is held back: a reset link or a deal's notice still goes.
 */
const campaignSuppression = sql<string | null>`case when ${outbox.campaignId} is not null then (select s.reason from ${suppressions} s where s.channel = ${outbox.channel} and s.address = lower(${outbox.recipient})) end`;

/**
 * A campaign's message promoting a listing that buyers can no longer open (withdrawn, sold) since it
 * was queued: held for quiet hours, a schedule or a retry, it would still carry the listing and a
 * teaser link that buyers find missing.
 */
const campaignOffMarket = sql<number | null>`case when ${outbox.campaignId} is not null then exists (select 1 from ${campaigns} c join ${projects} p on p.id = c.project_id where c.id = ${outbox.campaignId} and not ${statusSeenByBuyers(sql`p.status`)}) end`;

/**
 * A campaign's message to a company an admin disabled, locked or deleted since it was queued (held for quiet hours, a
 * schedule or a retry): no list markets to such a company, and its members could not sign in to follow the message.
 */
const campaignCompanyShutOut = sql<number | null>`case when ${outbox.campaignId} is not null and ${outbox.customerId} is not null then exists (select 1 from ${customers} c where c.id = ${outbox.customerId} and (c.enabled = 0 or c.locked = 1 or c.anonymised_at is not null)) end`;

/** What a campaign's message not sent because an admin cancelled the campaign says (its page counts them by it). */
export const CAMPAIGN_CANCELLED = "Not sent: the campaign was cancelled.";

const cancelledCampaign = sql`exists (select 1 from ${campaigns} c where c.id = ${outbox.campaignId} and c.status = 'cancelled')`;

/** A message of a campaign an admin cancelled after it was queued: given up unsent, as one whose listing left the market. */
const campaignCancelled = sql<number | null>`case when ${outbox.campaignId} is not null then ${cancelledCampaign} end`;

/**
 * Asked in the claim itself: a cancel that commits between the read of what is due and the claim leaves the
 * message unclaimed, so nothing of a campaign is sent once its cancel has been answered.
 */
const campaignNotCancelled = sql`(${outbox.campaignId} is null or not ${cancelledCampaign})`;

/**
 * Gives such a message up unsent, as a claim would take it (only while nobody moved it first), and
 * gives a text's segments back to its company's allowance, in one batch.
 */
function giveUpUnsent(db: Database, message: OutboxMessage, lastError: string) {
  const untouched = and(eq(outbox.id, message.id), eq(outbox.status, "pending"), eq(outbox.nextAttemptAt, message.nextAttemptAt));
  const segments = message.channel === "sms" && message.customerId !== null ? (message.segments ?? 0) : 0;
  if (!segments) return db.update(outbox).set({ status: "failed", secrets: null, lastError }).where(untouched);
  // a negative count marks the row this batch gave up, so that only it is refunded (as a text is charged)
  const refunding = and(eq(outbox.id, message.id), eq(outbox.segments, -segments));
  return db.batch([
    db.update(outbox).set({ status: "failed", secrets: null, lastError, segments: -segments }).where(untouched),
    db
      .update(customers)
      .set({ smsAllowance: sql`${customers.smsAllowance} + ${segments}` })
      .where(and(eq(customers.id, message.customerId!), sql`exists (select 1 from ${outbox} where ${refunding})`)),
    db.update(outbox).set({ segments: 0 }).where(refunding),
  ]);
}

/** How long one drain keeps going: within what a Worker may do after its response (and a cron run). */
export const DRAIN_BUDGET_MS = 25_000;
const DRAIN_BATCH = 50;
/**
 * Messages one drain takes at most, unless OUTBOX_DRAIN_MAX says otherwise. A Worker's invocation (a campaign's send and its waitUntil, a
 * cron run) may make 1,000 subrequests on the paid plan, D1 queries and fetches alike, and a message
 * costs three (its claim, the provider's call, its mark): with a provider quick enough, 25 s drained
 * 400 messages and more, and past the thousandth every call failed, a message sent but not marked
 * sent going again once its lease was over. 200 is 604 at most, leaving the rest of the invocation
 * (the send's own reads, the digests before the cron's drain, the housekeeping after) its part.
 * The free plan allows 50 subrequests an invocation: there OUTBOX_DRAIN_MAX=10 (some 30) is the most.
 */
export const DRAIN_MAX_MESSAGES = 200;

/**
 * Delivers until nothing more is due, or the time budget or the cap (OUTBOX_DRAIN_MAX, else DRAIN_MAX_MESSAGES) is spent: a campaign
 * queues far more than one batch. Several drains at once are safe (each message is claimed before it
 * is sent); what one leaves is taken up by the next (the Node worker loop, the cron, the next send).
 */
export async function drainOutbox(
  db: Database,
  env: Env,
  { budgetMs = DRAIN_BUDGET_MS, send, maxMessages = env.OUTBOX_DRAIN_MAX ?? DRAIN_MAX_MESSAGES }: { budgetMs?: number; send?: Send; maxMessages?: number } = {},
) {
  const until = Date.now() + budgetMs;
  let total = 0;
  let left = maxMessages;
  // the server stopping: no more claims (a claimed message cut off waits out its lease before it is sent)
  while (Date.now() < until && left > 0 && !stopRequested()) {
    const limit = Math.min(DRAIN_BATCH, left);
    left -= limit;
    const sent = await deliverDueMessages(db, env, { limit, ...(send ? { send } : {}) });
    total += sent;
    // nothing sent: nothing due, or the provider is down (the rows wait for their retry)
    if (sent === 0) break;
  }
  return total;
}

/**
 * Keeps no message text longer than a week: delivered and abandoned bodies are
 * emptied, and a message still waiting after a week is given up (its link has long
 * expired) with its sealed secrets dropped.
 */
export async function purgeOutbox(db: Database, now = Date.now()) {
  await db.batch(purgeStatements(db, now));
}

/** The purge's two updates, in their order (the plan test reads the second's). */
export function purgeStatements(db: Database, now: number) {
  const cutoff = new Date(now - OUTBOX_RETENTION_MS);
  return [
    db
      .update(outbox)
      .set({ status: "failed", secrets: null, lastError: "Not sent within 7 days; given up." })
      .where(and(eq(outbox.status, "pending"), lt(outbox.createdAt, cutoff))),
    db
      .update(outbox)
      .set({ body: "", html: null, secrets: null })
      .where(
        and(
          inArray(outbox.status, ["sent", "failed"]),
          lt(outboxSettledAt(outbox), cutoff.getTime()),
          bodyKept(outbox.body),
        ),
      ),
  ] as const;
}

/** What admins read, a page at a time, newest first: never the sealed secrets, and every placeholder shown as hidden. */
export async function listOutbox(db: Database, { status, page = 1, pageSize = 100 }: { status?: OutboxStatus; page?: number; pageSize?: number } = {}) {
  const where = status ? eq(outbox.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, body: redactSecrets(row.body) })), total: total?.n ?? 0 };
}

/** Queues the e-mail and tries to send it after the response; the outbox keeps it until it is sent. */
export async function sendEmail(
  services: Pick<Services, "db" | "env" | "waitUntil">,
  message: { to: string; subject: string; body: string; secrets?: Record<string, string>; html?: string; headers?: Record<string, string> },
) {
  const queued = await enqueueMessage(services.db, services.env, {
    channel: "email",
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    secrets: message.secrets,
    html: message.html,
    headers: message.headers,
  });
  services.waitUntil(deliverDueMessages(services.db, services.env));
  return queued;
}

/** Queues a text (a test to an admin's own phone) and tries to send it after the response. */
export async function sendText(services: Pick<Services, "db" | "env" | "waitUntil">, message: { to: string; body: string }) {
  const queued = await enqueueMessage(services.db, services.env, { channel: "sms", recipient: e164(message.to) ?? message.to, body: message.body });
  services.waitUntil(deliverDueMessages(services.db, services.env));
  return queued;
}
