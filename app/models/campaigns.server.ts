import { and, count, desc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { campaigns, customers, outbox, projects, recipientLists, suppressions, users } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { unsubscribeToken } from "~/.server/unsubscribe-token";
import { campaignEmailHtml, escapeMarkdown } from "~/.server/render/email-markdown";
import type { SuppressionChannel } from "~/lib/marketing";
import { fillMergeFields, mergeFieldProblem, type MergeValues } from "~/lib/merge-fields";
import { countSms, releaseTime, timeZoneOf, withStopFooter } from "~/lib/sms";
import { SEND_AT_IN_THE_PAST, SEND_AT_SKEW_MINUTES } from "~/lib/schemas/marketing";
import { recordAudit, type AuditEntry } from "./audit.server";
import { nextTurn } from "~/.server/platform/next-turn";
import { seenByBuyers, statusSeenByBuyers } from "./projects.server";
import { CAMPAIGN_CANCELLED, CLAIM_LEASE_MS, drainOutbox, enqueueCampaignMessages, enqueueCampaignTexts, sendEmail, sendText } from "./outbox.server";
import { auditListSaved, createRecipientList, findRecipientList, listChoices, memberOfList, membersPage, recipientsOf, savableDefinition, type ListMember, type Recipient } from "./recipient-lists.server";

type Actor = NonNullable<AuditEntry["actor"]>;
type MailServices = Pick<Services, "db" | "env" | "waitUntil">;

export type CampaignDraft = { listId: number; subject: string; body: string; projectId: number | null };

/**
 * A new campaign, not yet sent: the page it opens on previews it. An API client's
 * Idempotency-Key makes a retry find the first campaign (the unique index) rather
 * than write a second; `created` says which happened.
 */
export async function createCampaign(
  db: Database,
  { channel, draft, actor, sendAt = null, idempotencyKey = null }: { channel: SuppressionChannel; draft: CampaignDraft; actor: Actor; sendAt?: Date | null; idempotencyKey?: string | null },
) {
  const [row] = await db
    .insert(campaigns)
    .values({ channel, ...draft, createdById: actor.id, sendAt, idempotencyKey })
    .onConflictDoNothing()
    .returning({ id: campaigns.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.idempotencyKey, idempotencyKey!)).limit(1);
  return { id: existing!.id, created: false };
}

/**
 * A draft from the compose form (/admin/marketing/bulk-email, bulk-sms). With the form's one-time key
 * (decision 083) the same form sent again (a double click, a resend) answers the draft its first post
 * wrote (`created: false`); a key whose draft says something else (back, the text changed, sent from the
 * old page) is no repeat, and that draft is written without it. Kept apart from the API's keys, which
 * start with their caller's id.
 */
export async function createDraftOnce(db: Database, { channel, draft, actor, submissionKey }: { channel: SuppressionChannel; draft: CampaignDraft; actor: Actor; submissionKey: string | null }) {
  const made = await createCampaign(db, { channel, draft, actor, idempotencyKey: submissionKey ? `form:${submissionKey}` : null });
  if (made.created || !submissionKey) return made;
  const [first] = await db.select({ channel: campaigns.channel, listId: campaigns.listId, subject: campaigns.subject, body: campaigns.body, projectId: campaigns.projectId }).from(campaigns).where(eq(campaigns.id, made.id));
  const same = first && first.channel === channel && first.listId === draft.listId && first.subject === draft.subject && first.body === draft.body && (first.projectId ?? null) === (draft.projectId ?? null);
  return same ? made : createCampaign(db, { channel, draft, actor });
}

export async function findCampaign(db: Database, { campaignId }: { campaignId: number }) {
  const [row] = await db
    .select({ campaign: campaigns, listName: recipientLists.name, projectName: projects.projectName, projectStatus: projects.status, createdBy: users.name })
    .from(campaigns)
    .innerJoin(recipientLists, eq(recipientLists.id, campaigns.listId))
    .leftJoin(projects, eq(projects.id, campaigns.projectId))
    .leftJoin(users, eq(users.id, campaigns.createdById))
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row ? { ...row.campaign, listName: row.listName, projectName: row.projectName ?? "", projectStatus: row.projectStatus, createdBy: row.createdBy ?? "" } : null;
}

/** When a sent campaign's messages are due, while that is still to come (the API's `sendAt`); null otherwise. */
export function scheduledFor(campaign: { status: string; sendAt: Date | null }, now = Date.now()) {
  return campaign.status === "sent" && campaign.sendAt && campaign.sendAt.getTime() > now ? campaign.sendAt : null;
}

export async function listCampaigns(db: Database, { channel, page = 1, pageSize = 25, now = Date.now() }: { channel: SuppressionChannel; page?: number; pageSize?: number; now?: number }) {
  const [found, [total]] = await Promise.all([
    db
      .select({ id: campaigns.id, subject: campaigns.subject, body: campaigns.body, status: campaigns.status, sendAt: campaigns.sendAt, createdAt: campaigns.createdAt, listName: recipientLists.name, total: campaigns.total })
      .from(campaigns)
      .innerJoin(recipientLists, eq(recipientLists.id, campaigns.listId))
      .where(eq(campaigns.channel, channel))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(campaigns).where(eq(campaigns.channel, channel)),
  ]);
  const rows = found.map(({ sendAt, ...row }) => ({ ...row, scheduledFor: scheduledFor({ status: row.status, sendAt }, now) }));
  return { rows, total: total?.n ?? 0 };
}

type Campaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** The merge values for one member; the teaser link is the project's page, which asks a visitor to sign in. */
export function mergeValuesFor(services: Pick<Services, "env">, campaign: Pick<Campaign, "projectId" | "projectName">, member: Pick<ListMember, "contactPerson" | "customerName">): MergeValues {
  return {
    contactPerson: member.contactPerson || member.customerName,
    customerName: member.customerName,
    projectName: campaign.projectName,
    teaserUrl: campaign.projectId ? `${siteOrigin(services)}/projects/more-details/${campaign.projectId}` : "",
  };
}

export const unsubscribeUrl = async (services: Pick<Services, "env">, address: string) =>
  `${siteOrigin(services)}/unsubscribe/${await unsubscribeToken(services.env.SESSION_SECRET, address)}`;

/** One recipient's message: merged subject and body, the unsubscribe link at its foot and in the RFC 8058 headers. */
export async function campaignMessageFor(services: Pick<Services, "env">, campaign: Campaign, member: ListMember, address: string) {
  const values = mergeValuesFor(services, campaign, member);
  const link = await unsubscribeUrl(services, address);
  // names go into the Markdown escaped, so that "*Prime* Credit" is not drawn in italics; the teaser's
  // address is the site's own and stays a link
  const named = { ...values, contactPerson: escapeMarkdown(values.contactPerson), customerName: escapeMarkdown(values.customerName), projectName: values.projectName && escapeMarkdown(values.projectName) };
  return {
    subject: fillMergeFields(campaign.subject, values),
    body: `${fillMergeFields(campaign.body, values)}\n\n--\nTo stop receiving these e-mails, unsubscribe: ${link}\n`,
    html: await campaignEmailHtml(fillMergeFields(campaign.body, named), { unsubscribe: link }),
    // the header's target takes the provider's POST; the body's link opens the confirm page
    headers: { "List-Unsubscribe": `<${link}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** One recipient's text: merged, with the opt-out line at its foot, and the segments it costs. */
export function campaignTextFor(services: Pick<Services, "env">, campaign: Campaign, member: ListMember) {
  const body = withStopFooter(fillMergeFields(campaign.body, mergeValuesFor(services, campaign, member)));
  return { subject: "", body, count: countSms(body) };
}

/** How many members the preview's picker offers at a time. */
export const PICKER_SIZE = 200;

/**
 * The campaign as one member would receive it (the preview); the first member when none is named. The picker
 * offers the list's members PICKER_SIZE at a time (`pickerPage`, from 1), the member previewed among them
 * (first when on no other page): a member past the first 200 was previewed while the box named the first.
 */
export async function previewCampaign(services: Pick<Services, "db" | "env">, { campaign, customerId, pickerPage = 1 }: { campaign: Campaign; customerId?: number; pickerPage?: number }) {
  const list = { definition: (await listDefinition(services.db, campaign.listId))! };
  const pageOf = (n: number) => membersPage(services.db, { list, offset: (n - 1) * PICKER_SIZE, limit: PICKER_SIZE + 1 });
  let picker = { page: pickerPage, more: false };
  const [page, named] = await Promise.all([pageOf(pickerPage), customerId ? memberOfList(services.db, { list, customerId }) : null]);
  let found = page;
  // a page past the list's end (a shrunk list, a made-up address) offers the first
  if (!found.length && pickerPage > 1) [found, picker] = [await pageOf(1), { page: 1, more: false }];
  picker.more = found.length > PICKER_SIZE;
  const members = found.slice(0, PICKER_SIZE);
  const member = named ?? members[0];
  if (!member) return { members: [] as Array<{ customerId: number; customerName: string }>, preview: null, picker };
  const message =
    campaign.channel === "sms"
      ? campaignTextFor(services, campaign, member)
      : { ...(await campaignMessageFor(services, campaign, member, member.attentionEmail || "recipient@example.com")), count: null };
  const offered = members.some((m) => m.customerId === member.customerId) ? members : [member, ...members];
  return { members: offered.map((m) => ({ customerId: m.customerId, customerName: m.customerName })), preview: { customerId: member.customerId, ...message }, picker };
}

export async function listDefinition(db: Database, listId: number) {
  const [row] = await db.select({ definition: recipientLists.definition }).from(recipientLists).where(eq(recipientLists.id, listId)).limit(1);
  return row?.definition ?? null;
}

/**
 * "Send a test to me": the campaign as the first member would get it, to the admin's
 * own address (or phone), outside the campaign and its allowance.
 */
export async function sendTestToSelf(services: MailServices, { campaign, to }: { campaign: Campaign; to: string }) {
  const sample: ListMember = { customerId: 0, customerName: "Sample Company", contactPerson: "Sample Contact", attentionEmail: to, attentionPhone: to, smsAllowance: 0, headquarters: "" };
  if (campaign.channel === "sms") {
    const { preview } = await previewCampaign(services, { campaign });
    await sendText(services, { to, body: (preview ?? campaignTextFor(services, campaign, sample)).body });
    return;
  }
  // merged as the first member reads it, but with the admin's own unsubscribe link: the member's
  // (the preview's) would take them off every mailing from whoever clicks it in the admin's mailbox
  const list = { definition: (await listDefinition(services.db, campaign.listId))! };
  const [first] = await membersPage(services.db, { list, offset: 0, limit: 1 });
  const message = await campaignMessageFor(services, campaign, first ?? sample, to);
  // with the one-click headers too: the test is how an admin sees the message as members will (a mail client's
  // "Unsubscribe" button included), and they name the admin's own address like the body's link
  await sendEmail(services, { to, subject: `[Test] ${message.subject}`, body: message.body, html: message.html, headers: message.headers });
}

/**
 * E-mails: one row per recipient (the unique (campaign, recipient) index keeps a repeat from writing twice), due at
 * the campaign's schedule: without it a campaign the API scheduled for next week went out the moment it was made.
 */
async function queueEmails(services: MailServices, campaign: Campaign, recipients: Recipient[], now: number) {
  // a slice at a time, others' requests let in between: the whole list as one batch held Node's one thread (5,000
  // e-mails 1.6 s). A slice is whole on its own, and a crash between two is finished without repeats
  for (let start = 0; start < recipients.length; start += EMAILS_PER_SLICE) {
    if (start > 0) await nextTurn();
    // an admin cancelled it meanwhile: the rest of the list is not written (a slice written at that moment is settled below)
    if (start > 0 && (await campaignStatus(services.db, campaign.id)) === "cancelled") break;
    const messages = await Promise.all(
      recipients
        .slice(start, start + EMAILS_PER_SLICE)
        .map(async ({ member, address: to }) => ({ channel: "email" as const, recipient: to, customerId: member.customerId, ...(await campaignMessageFor(services, campaign, member, to)) })),
    );
    await enqueueCampaignMessages(services.db, { campaignId: campaign.id, messages, now, notBefore: Math.max(now, campaign.sendAt?.getTime() ?? 0) });
  }
  return { queued: recipients.length, noAllowance: 0 };
}

const EMAILS_PER_SLICE = 500;

/**
 * Texts: each held until 08:00 on its company's clock when it would arrive between
 * 21:00 and 08:00 (or until the campaign's schedule), and paid for from its
 * company's allowance as it is queued; a company that cannot cover it is skipped.
 */
async function queueTexts(services: MailServices, campaign: Campaign, recipients: Recipient[], now: number) {
  const start = Math.max(now, campaign.sendAt?.getTime() ?? 0);
  const texts = recipients.map(({ member, address }) => {
    const { body, count } = campaignTextFor(services, campaign, member);
    return { customerId: member.customerId, recipient: address, body, segments: count.segments, notBefore: releaseTime(start, timeZoneOf(member.headquarters)) };
  });
  const queued = await enqueueCampaignTexts(services.db, { campaignId: campaign.id, texts, now });
  return { queued: queued.size, noAllowance: texts.length - queued.size };
}

/** What an admin's send of a campaign whose listing has left the market answers (the draft is kept). */
export const PROJECT_OFF_MARKET = "The promoted project is no longer on the market: choose another or none.";

/**
 * The listing is checked in the very update that starts the send: checked only when the draft was
 * saved, a listing withdrawn since went to the whole list with a teaser link that buyers found missing.
 */
const promotesNothingOffMarket = sql`(${campaigns}.project_id is null or exists (select 1 from ${projects} p where p.id = ${campaigns}.project_id and ${statusSeenByBuyers(sql`p.status`)}))`;

/**
 * Sends the campaign: one outbox row per reachable, unsuppressed recipient. Only the
 * request that moves it from draft to sending (one conditional update) records it;
 * a campaign left "sending" by a crash is sent again, which adds only the rows that
 * are missing (the outbox's unique (campaign, recipient) index), so nothing goes twice:
 * by the admin's "Finish queueing" (`resumed`), or by housekeeping (finishStalledCampaigns).
 * A scheduled campaign is queued now, its rows due at its time. A draft whose listing buyers can no
 * longer open is not sent (`offMarket`); rows held for later are given up if it leaves before they are due.
 */
export async function sendCampaign(services: MailServices, { campaignId, actor, address, now = Date.now() }: { campaignId: number; actor: Actor; address?: string; now?: number }) {
  const { db } = services;
  // when it started sending is kept from the first: housekeeping tells a queueing cut off (a restart) by it
  const moved = await db
    .update(campaigns)
    .set({ status: "sending", sentAt: new Date(now) })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "draft"), promotesNothingOffMarket))
    .returning({ id: campaigns.id });
  const campaign = await findCampaign(db, { campaignId });
  if (!campaign) return null;
  if (!moved.length && campaign.status === "draft") return { started: false, offMarket: true as const };
  if (!moved.length && campaign.status !== "sending") return { started: false };
  const { queued } = await queueCampaign(services, campaign, now);
  if (moved.length) {
    const what = campaign.channel === "sms" ? `Text "${campaign.body.slice(0, 40)}"` : campaign.subject;
    await recordAudit(db, { actor, action: "campaign.send", subjectType: "campaign", subjectId: campaignId, detail: `${what} to ${campaign.listName}: ${queued} queued`, address });
  }
  services.waitUntil(drainOutbox(services.db, services.env));
  return moved.length ? { started: true, queued } : { started: false, resumed: true as const, queued };
}

/** Writes the campaign's missing outbox rows (all of them the first time) and marks it sent with its counts. */
async function queueCampaign(services: MailServices, campaign: Campaign, now: number) {
  const { db } = services;
  const definition = await listDefinition(db, campaign.listId);
  const { members, recipients, unreachable, suppressed } = await recipientsOf(db, { definition: definition!, channel: campaign.channel });
  const { queued, noAllowance } =
    campaign.channel === "sms" ? await queueTexts(services, campaign, recipients, now) : await queueEmails(services, campaign, recipients, now);
  const [marked] = await db
    .update(campaigns)
    .set({ status: "sent", sentAt: sql`coalesce(${campaigns.sentAt}, ${now})`, total: members, unreachable, suppressed, noAllowance })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "sending")))
    .returning({ id: campaigns.id });
  // cancelled while it was queued: what this queueing wrote after the cancel is settled as cancelled too (no sender takes it)
  if (!marked) await db.batch(settleCancelled(db, campaign.id, Date.now()));
  return { queued };
}

async function campaignStatus(db: Database, campaignId: number) {
  const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
  return row?.status ?? null;
}

/**
 * A cancelled campaign's pending rows that no sender holds: due and unclaimed (a claim moves a row a lease ahead), or
 * due after any claim's lease (held for quiet hours or a schedule). A row in between may be on its way to the provider
 * now: it is left to its sender, which marks it sent, or, never claimed, it is given up when due (deliverDueMessages).
 */
function cancellableRows(campaignId: number, now: number) {
  return and(
    eq(outbox.campaignId, campaignId),
    eq(outbox.status, "pending"),
    or(lte(outbox.nextAttemptAt, new Date(now)), gt(outbox.nextAttemptAt, new Date(now + CLAIM_LEASE_MS))),
    sql`exists (select 1 from ${campaigns} c where c.id = ${campaignId} and c.status = 'cancelled')`,
  );
}

/**
 * A cancelled campaign's rows given up unsent, in one batch: each company's allowance gets back the segments of its
 * texts never tried (a text tried before may have reached the phone, decision 021), then the rows are marked.
 */
function settleCancelled(db: Database, campaignId: number, now: number) {
  const refundable = sql`${cancellableRows(campaignId, now)} and ${outbox.channel} = 'sms' and ${outbox.attempts} = 0 and ${outbox.segments} > 0`;
  return [
    db
      .update(customers)
      .set({
        smsAllowance: sql`${customers.smsAllowance} + (select coalesce(sum(${outbox.segments}), 0) from ${outbox} where ${refundable} and ${outbox.customerId} = ${customers.id})`,
      })
      .where(sql`${customers.id} in (select ${outbox.customerId} from ${outbox} where ${refundable})`),
    db
      .update(outbox)
      .set({
        status: "failed",
        secrets: null,
        lastError: CAMPAIGN_CANCELLED,
        segments: sql`case when ${outbox.channel} = 'sms' and ${outbox.attempts} = 0 and ${outbox.segments} > 0 then 0 else ${outbox.segments} end`,
      })
      .where(cancellableRows(campaignId, now)),
  ] as const;
}

/**
 * An admin stops a campaign being queued or sent: it is marked cancelled and its messages not yet sent are given up
 * (their texts' segments given back), in one batch. What was sent stays sent. The sender asks in each claim whether
 * the campaign was cancelled, so nothing more goes once this has returned; neither "Finish queueing" nor housekeeping
 * takes a cancelled campaign up. Null when there was nothing left to cancel (a draft, or every message settled).
 */
export async function cancelCampaign(db: Database, { campaignId, actor, address, now = Date.now() }: { campaignId: number; actor: Actor; address?: string; now?: number }) {
  const [[stopped]] = await db.batch([
    db
      .update(campaigns)
      .set({ status: "cancelled" })
      .where(and(eq(campaigns.id, campaignId), or(eq(campaigns.status, "sending"), and(eq(campaigns.status, "sent"), gt(campaigns.pendingCount, 0)))))
      .returning({ id: campaigns.id, channel: campaigns.channel, subject: campaigns.subject, body: campaigns.body }),
    ...settleCancelled(db, campaignId, now),
  ]);
  if (!stopped) return null;
  const counts = await cancelledCounts(db, { campaignId });
  const what = stopped.channel === "sms" ? `Text "${stopped.body.slice(0, 40)}"` : stopped.subject;
  await recordAudit(db, { actor, action: "campaign.cancel", subjectType: "campaign", subjectId: campaignId, detail: `${what}: ${counts.sent} sent before the cancel, ${counts.cancelled} not sent`, address });
  return counts;
}

/** A cancelled campaign's messages sent before the cancel, and those given up because of it. */
export async function cancelledCounts(db: Database, { campaignId }: { campaignId: number }) {
  const [row] = await db
    .select({
      sent: campaigns.sentCount,
      // the campaign's failed rows only, by its status index
      cancelled: sql<number>`(select count(*) from ${outbox} indexed by outbox_campaign_status_idx where ${outbox.campaignId} = ${campaignId} and ${outbox.status} = 'failed' and ${outbox.lastError} = ${CAMPAIGN_CANCELLED})`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return { sent: row?.sent ?? 0, cancelled: row?.cancelled ?? 0 };
}

/**
 * How long a campaign may stay "sending" before housekeeping takes it for one whose queueing was cut off (a
 * restart, a request's end on Workers): queueing a list of 20,000 takes well under a minute, and finishing one
 * still being queued writes nothing twice.
 */
export const QUEUEING_STALLED_MS = 5 * 60_000;

/**
 * Housekeeping: campaigns left "sending" (their queueing stopped part-way) are queued to the end. Their rows
 * written before go out meanwhile; without this the rest of the list waited for an admin to open the page
 * and press "Finish queueing". Returns how many were finished.
 */
export async function finishStalledCampaigns(services: MailServices, now = Date.now(), { startedBefore = now - QUEUEING_STALLED_MS }: { startedBefore?: number } = {}) {
  const stalled = await services.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "sending"), sql`coalesce(${campaigns.sentAt}, ${campaigns.createdAt}) < ${startedBefore}`))
    .limit(FINISHED_A_RUN);
  for (const { id } of stalled) {
    const campaign = await findCampaign(services.db, { campaignId: id });
    if (campaign?.status !== "sending") continue;
    const { queued } = await queueCampaign(services, campaign, now);
    await recordAudit(services.db, { actor: null, action: "campaign.finish", subjectType: "campaign", subjectId: id, detail: `Queueing finished after it stopped part-way: ${queued} queued` });
  }
  return stalled.length;
}

const FINISHED_A_RUN = 5;

/**
 * At the Node server's start: every campaign left "sending" by the process before it (its queueing died with it,
 * however recently it began) is queued to the end now, not at housekeeping's first run after five minutes. Those
 * started before `bootedAt` only: no request of this process has queued one yet. Not on Workers, where other
 * isolates may be queueing: there the cron's housekeeping takes them once QUEUEING_STALLED_MS has passed.
 */
export async function finishCampaignsCutOffByRestart(services: MailServices, bootedAt: number) {
  let finished = 0;
  for (;;) {
    const now = Math.max(Date.now(), bootedAt);
    const taken = await finishStalledCampaigns(services, now, { startedBefore: bootedAt });
    finished += taken;
    if (taken < FINISHED_A_RUN) return finished;
  }
}

/** A row not yet tried and not due for a while; a row a sender has claimed is due again within the lease: being sent, not held. */
// the due time with a unary plus: a campaign's pending rows are found by its own index, not among every due row of the outbox
const heldAt = (now: number) => sql<number>`${outbox.status} = 'pending' and ${outbox.attempts} = 0 and +${outbox.nextAttemptAt} > ${now + CLAIM_LEASE_MS}`;

/**
 * Progress: queued (due, being sent, or retrying), held (not yet tried and not due for a
 * while: quiet hours or a schedule), sent, failed (given up after the last retry); suppressed
 * and the rest as counted when sent. The statuses are the campaign's own counts, kept by the
 * outbox's triggers (migration 0088); only its rows still pending are read, to tell held from queued.
 */
export async function campaignProgress(db: Database, { campaignId, now = Date.now() }: { campaignId: number; now?: number }) {
  // the index named: analyzed, the planner preferred walking every row of the outbox by status; and
  // read only while some are pending (with one campaign's rows in it, the planner walks all of them)
  const held = sql`case when ${campaigns.pendingCount} > 0 then (select count(*) from ${outbox} indexed by outbox_campaign_status_idx where ${outbox.campaignId} = ${campaignId} and ${heldAt(now)}) else 0 end`;
  const [counts] = await db
    .select({ pending: campaigns.pendingCount, held: sql<number>`${held}`, sent: campaigns.sentCount, failed: campaigns.failedCount })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!counts) return { queued: 0, held: 0, sent: 0, failed: 0 };
  return { queued: counts.pending - counts.held, held: counts.held, sent: counts.sent, failed: counts.failed };
}

/** Each recipient's row, a page at a time (the CSV reads every page). */
export async function campaignRecipients(db: Database, { campaignId, page = 1, pageSize = 50, now = Date.now() }: { campaignId: number; page?: number; pageSize?: number; now?: number }) {
  const rows = await db
    .select({
      held: heldAt(now),
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      dueAt: outbox.nextAttemptAt,
      sentAt: outbox.sentAt,
      segments: outbox.segments,
      lastError: outbox.lastError,
      // given up because an admin cancelled the campaign: not a failure of its own, and shown apart
      cancelled: sql<number>`${outbox.status} = 'failed' and ${outbox.lastError} = ${CAMPAIGN_CANCELLED}`,
      suppressedAs: suppressions.reason,
    })
    .from(outbox)
    .leftJoin(suppressions, and(eq(suppressions.channel, outbox.channel), eq(suppressions.address, sql`lower(${outbox.recipient})`), sql`${suppressions.at} >= ${outbox.createdAt}`))
    // the page's rows chosen from the campaign's index first (an offset would join every row it skips; named,
    // as the analyzed planner reads a half-campaign outbox in id order, bodies and all)
    .where(
      sql`${outbox.id} in (select id from ${outbox} indexed by outbox_campaign_idx where ${outbox.campaignId} = ${campaignId} order by id limit ${pageSize} offset ${(Math.max(1, page) - 1) * pageSize})`,
    )
    .orderBy(outbox.id);
  return rows.map((r) => ({ ...r, held: Boolean(r.held), cancelled: Boolean(r.cancelled) }));
}

/** What a campaign's page shows: progress, a page of recipients, and the preview as one member receives it. */
export async function campaignOverview(
  services: Pick<Services, "db" | "env">,
  { campaign, page, pageSize, customerId, pickerPage, now = Date.now() }: { campaign: Campaign; page: number; pageSize: number; customerId?: number; pickerPage?: number; now?: number },
) {
  const [progress, recipients, { members, preview, picker }, cancelled] = await Promise.all([
    campaignProgress(services.db, { campaignId: campaign.id, now }),
    campaignRecipients(services.db, { campaignId: campaign.id, page, pageSize, now }),
    previewCampaign(services, { campaign, customerId, pickerPage }),
    campaign.status === "cancelled" ? cancelledCounts(services.db, { campaignId: campaign.id }) : null,
  ]);
  return {
    campaign: {
      id: campaign.id,
      subject: campaign.subject,
      body: campaign.body,
      status: campaign.status,
      listId: campaign.listId,
      listName: campaign.listName,
      projectName: campaign.projectName,
      total: campaign.total,
      suppressed: campaign.suppressed,
      unreachable: campaign.unreachable,
      noAllowance: campaign.noAllowance,
      sentAt: campaign.sentAt,
      scheduledFor: scheduledFor(campaign, now),
    },
    progress,
    /** A cancelled campaign's messages sent before the cancel and those not sent because of it. */
    cancelled,
    /** Everyone the campaign wrote to: the pager's count. */
    recipientTotal: progress.queued + progress.held + progress.sent + progress.failed,
    recipients,
    members,
    preview,
    picker,
    page,
    now,
  };
}

export type ApiCampaign = { channel: SuppressionChannel; customerIds: number[]; subject: string; body: string; sendAt?: string };

/**
 * A campaign from the API (CRM automation): a saved selection of the named customers,
 * the campaign, sent at once or scheduled (its rows due at sendAt). The client's
 * Idempotency-Key, kept per admin, makes a retry answer the same campaign; sending it
 * again only finishes what a crash may have left (nothing goes twice).
 */
export async function createCampaignFromApi(
  services: MailServices,
  { values, actor, idempotencyKey, address }: { values: ApiCampaign; actor: Actor; idempotencyKey: string | null; address?: string },
): Promise<{ id: number } | { error: string; conflict?: true; field?: "sendAt" | "customerIds" }> {
  const { db } = services;
  const key = idempotencyKey ? `${actor.id}:${idempotencyKey}` : null;
  const customerIds = [...new Set(values.customerIds)];
  const sendAt = values.sendAt ? new Date(values.sendAt) : null;
  const subject = values.channel === "sms" ? "" : values.subject;
  // a key names one request: the same key with other values is no retry, and is not answered as one
  const otherRequest = (first: KeyedCampaign) =>
    first.channel !== values.channel ||
    first.subject !== subject ||
    first.body !== values.body ||
    (first.sendAt?.getTime() ?? null) !== (sendAt?.getTime() ?? null) ||
    !("customerIds" in first.definition) ||
    [...first.definition.customerIds].sort((a, b) => a - b).join() !== [...customerIds].sort((a, b) => a - b).join();
  const conflict = (first: KeyedCampaign) => ({
    error: `Idempotency-Key "${idempotencyKey}" was used for another request (campaign ${first.id}): send a new key for a new campaign, or the same request to retry it.`,
    conflict: true as const,
  });
  const [known] = key ? await keyedCampaign(db, key) : [];
  if (known && otherRequest(known)) return conflict(known);
  if (!known) {
    if (sendAt && sendAt.getTime() < Date.now() - SEND_AT_SKEW_MINUTES * 60_000) return { error: SEND_AT_IN_THE_PAST, field: "sendAt" };
    // a company disabled or locked is known, and left out when sent (as a saved selection leaves it out); only one
    // that does not exist, or was deleted, is refused
    const known = await savableDefinition(db, { customerIds });
    const found = new Set(known && "customerIds" in known ? known.customerIds : []);
    const missing = customerIds.filter((id) => !found.has(id));
    if (missing.length) {
      return { error: `Unknown customer${missing.length === 1 ? "" : "s"} in customerIds: ${missing.slice(0, 20).join(", ")}.`, field: "customerIds" };
    }
    const list = {
      name: `API ${values.channel === "sms" ? "SMS" : "e-mail"} ${new Date().toISOString().slice(0, 16).replace("T", " ")}`,
      channel: values.channel,
      kind: "selection" as const,
      actor,
      address,
    };
    const listId = await createRecipientList(db, { ...list, definition: { customerIds }, audited: false });
    const draft = { listId, subject, body: values.body, projectId: null };
    const { id, created } = await createCampaign(db, { channel: values.channel, draft, actor, sendAt, idempotencyKey: key });
    if (created) {
      await auditListSaved(db, { ...list, listId });
    } else {
      // a retry with the same key got there first (the unique index decided): this request's list is
      // nobody's, and would stay on the lists page as a second "API e-mail ..." list
      await db.delete(recipientLists).where(eq(recipientLists.id, listId));
      const [first] = await keyedCampaign(db, key!);
      if (first && otherRequest(first)) return conflict(first);
    }
    await sendCampaign(services, { campaignId: id, actor, address });
    return { id };
  }
  await sendCampaign(services, { campaignId: known.id, actor, address });
  return { id: known.id };
}

type KeyedCampaign = Awaited<ReturnType<typeof keyedCampaign>>[number];

/** The campaign an API client's Idempotency-Key made, with what it was asked for. */
function keyedCampaign(db: Database, key: string) {
  return db
    .select({ id: campaigns.id, channel: campaigns.channel, subject: campaigns.subject, body: campaigns.body, sendAt: campaigns.sendAt, definition: recipientLists.definition })
    .from(campaigns)
    .innerJoin(recipientLists, eq(recipientLists.id, campaigns.listId))
    .where(eq(campaigns.idempotencyKey, key))
    .limit(1);
}

/** What GET /api/1.0/campaigns/{id} answers; "scheduled" while its time has not come. */
export async function campaignForApi(db: Database, { campaignId, now = Date.now() }: { campaignId: number; now?: number }) {
  const campaign = await findCampaign(db, { campaignId });
  if (!campaign) return null;
  const [progress, stopped] = await Promise.all([
    campaignProgress(db, { campaignId, now }),
    campaign.status === "cancelled" ? cancelledCounts(db, { campaignId }) : null,
  ]);
  const scheduled = scheduledFor(campaign, now) !== null;
  // those an admin's cancel gave up are no failures: counted apart, as the campaign's page counts them
  const cancelled = stopped?.cancelled ?? 0;
  return {
    id: campaign.id,
    channel: campaign.channel,
    status: scheduled ? "scheduled" : campaign.status,
    total: campaign.total,
    queued: progress.queued + progress.held,
    sent: progress.sent,
    failed: progress.failed - cancelled,
    cancelled,
    suppressed: campaign.suppressed,
    // the admin's page shows who was not written to; a CRM reading only the counts above saw a
    // campaign to one customer without a phone as "sent" to nobody, with nothing failed
    unreachable: campaign.unreachable,
    noAllowance: campaign.noAllowance,
    // the time it was scheduled for, in UTC whatever offset the client sent (null: sent when made);
    // a CRM read "scheduled" back with no word of when, which the admin's page shows
    sendAt: campaign.sendAt ? campaign.sendAt.toISOString() : null,
  };
}

/** What a compose page offers: the lists for its channel (and the one `listId` names), the projects to promote, and a page of its campaigns. */
export async function composeChoices(db: Database, { channel, page, pageSize, listId }: { channel: SuppressionChannel; page: number; pageSize: number; listId?: number }) {
  const [lists, projects, sent] = await Promise.all([listChoices(db, { channel, named: listId }), projectChoices(db), listCampaigns(db, { channel, page, pageSize })]);
  return {
    lists: lists.map((l) => ({ value: String(l.id), label: l.name })),
    projects: projects.map((p) => ({ value: String(p.id), label: p.name || `Project ${p.id}` })),
    campaigns: sent.rows,
    total: sent.total,
  };
}

/** Why a draft cannot use this list or project (a field and its message), or null. */
export async function draftProblem(
  db: Database,
  { channel, listId, projectId }: { channel: SuppressionChannel; listId: number; projectId?: number },
): Promise<Record<string, string[]> | null> {
  const list = await findRecipientList(db, { listId });
  if (!list || list.channel === (channel === "sms" ? "email" : "sms")) return { listId: [channel === "sms" ? "Choose an SMS list." : "Choose an e-mail list."] };
  if (projectId !== undefined && !(await projectChoices(db)).some((p) => p.id === projectId)) return { projectId: ["Choose a published project."] };
  return null;
}

/**
 * A draft's promoted listing, once it has left the market: the listings it may promote instead (none also). Null for a
 * sent campaign, or one whose listing buyers can still open.
 */
export async function offMarketDraft(db: Database, campaign: Pick<Campaign, "status" | "projectId" | "projectStatus">) {
  if (campaign.status !== "draft" || campaign.projectId === null) return null;
  if (campaign.projectStatus && seenByBuyers({ status: campaign.projectStatus })) return null;
  return { projects: (await projectChoices(db)).map((p) => ({ value: String(p.id), label: p.name || `Project ${p.id}` })) };
}

/**
 * The draft's promoted listing changed (or none): a draft whose listing left the market could not be sent, nor
 * changed, and had to be written again. Its text's project fields need a project.
 */
export async function changeDraftProject(db: Database, { campaign, projectId, actor, address }: { campaign: Campaign; projectId: number | null; actor: Actor; address?: string }) {
  const listed = await draftProblem(db, { channel: campaign.channel, listId: campaign.listId, projectId: projectId ?? undefined });
  if (listed) return { ok: false as const, message: Object.values(listed)[0]![0]! };
  const hasProject = projectId !== null;
  const problem = mergeFieldProblem(campaign.subject, { hasProject }) ?? mergeFieldProblem(campaign.body, { hasProject });
  if (problem) return { ok: false as const, message: problem };
  const [changed] = await db
    .update(campaigns)
    .set({ projectId })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "draft")))
    .returning({ id: campaigns.id });
  if (!changed) return { ok: false as const, message: "This campaign is no longer a draft." };
  await recordAudit(db, { actor, action: "campaign.project", subjectType: "campaign", subjectId: campaign.id, detail: projectId === null ? "No project" : `Project ${projectId}`, address });
  return { ok: true as const };
}

/** The projects a campaign may promote (or a list may match buyers to): those buyers can open, newest first. */
export async function projectChoices(db: Database) {
  return db
    .select({ id: projects.id, name: projects.projectName })
    .from(projects)
    // written as the partial index's own condition, so that its order (published, then id) is read, not sorted
    .where(sql`${projects.status} in ('published', 'under_offer')`)
    .orderBy(desc(projects.publishedAt), desc(projects.id))
    .limit(500);
}
