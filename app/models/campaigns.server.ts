import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { campaigns, outbox, projects, recipientLists, users } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/mailer";
import type { Services } from "~/.server/services";
import { unsubscribeToken } from "~/.server/unsubscribe-token";
import { fillMergeFields, type MergeValues } from "~/lib/merge-fields";
import { recordAudit, type AuditEntry } from "./audit.server";
import { deliverDueMessages, enqueueCampaignMessages, sendEmail } from "./outbox.server";
import { emailRecipientsOf, membersOf, type ListMember } from "./recipient-lists.server";

type Actor = NonNullable<AuditEntry["actor"]>;
type MailServices = Pick<Services, "db" | "env" | "waitUntil">;

export type CampaignDraft = { listId: number; subject: string; body: string; projectId: number | null };

/** A new e-mail campaign, not yet sent: the page it opens on previews it. */
export async function createEmailCampaign(db: Database, { draft, actor }: { draft: CampaignDraft; actor: Actor }) {
  const [row] = await db
    .insert(campaigns)
    .values({ channel: "email", ...draft, createdById: actor.id })
    .returning({ id: campaigns.id });
  return row!.id;
}

export async function findCampaign(db: Database, { campaignId }: { campaignId: number }) {
  const [row] = await db
    .select({ campaign: campaigns, listName: recipientLists.name, projectName: projects.projectName, createdBy: users.name })
    .from(campaigns)
    .innerJoin(recipientLists, eq(recipientLists.id, campaigns.listId))
    .leftJoin(projects, eq(projects.id, campaigns.projectId))
    .leftJoin(users, eq(users.id, campaigns.createdById))
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row ? { ...row.campaign, listName: row.listName, projectName: row.projectName ?? "", createdBy: row.createdBy ?? "" } : null;
}

export async function listCampaigns(db: Database, { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: campaigns.id, subject: campaigns.subject, status: campaigns.status, createdAt: campaigns.createdAt, listName: recipientLists.name, total: campaigns.total })
      .from(campaigns)
      .innerJoin(recipientLists, eq(recipientLists.id, campaigns.listId))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(campaigns),
  ]);
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
  return {
    subject: fillMergeFields(campaign.subject, values),
    body: `${fillMergeFields(campaign.body, values)}\n\n--\nTo stop receiving these e-mails, unsubscribe: ${link}\n`,
    // the header's target takes the provider's POST; the body's link opens the confirm page
    headers: { "List-Unsubscribe": `<${link}/one-click>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The campaign as one member would receive it (the preview); the first member when none is named. */
export async function previewCampaign(services: Pick<Services, "db" | "env">, { campaign, customerId }: { campaign: Campaign; customerId?: number }) {
  const members = await membersOf(services.db, { definition: (await listDefinition(services.db, campaign.listId))! });
  const member = members.find((m) => m.customerId === customerId) ?? members[0];
  if (!member) return { members: [] as Array<{ customerId: number; customerName: string }>, preview: null };
  const message = await campaignMessageFor(services, campaign, member, member.attentionEmail || "recipient@example.com");
  return { members: members.slice(0, 200).map((m) => ({ customerId: m.customerId, customerName: m.customerName })), preview: { customerId: member.customerId, ...message } };
}

async function listDefinition(db: Database, listId: number) {
  const [row] = await db.select({ definition: recipientLists.definition }).from(recipientLists).where(eq(recipientLists.id, listId)).limit(1);
  return row?.definition ?? null;
}

/** "Send a test to me": the campaign as the first member would get it, to the admin's own address, outside the campaign. */
export async function sendTestToSelf(services: MailServices, { campaign, to }: { campaign: Campaign; to: string }) {
  const { preview } = await previewCampaign(services, { campaign });
  const sample: ListMember = { customerId: 0, customerName: "Sample Company", contactPerson: "Sample Contact", attentionEmail: to, attentionPhone: "", smsAllowance: 0 };
  const message = preview ?? (await campaignMessageFor(services, campaign, sample, to));
  await sendEmail(services, { to, subject: `[Test] ${message.subject}`, body: message.body });
}

/**
 * Sends the campaign: one outbox row per reachable, unsuppressed recipient. Only the
 * request that moves it from draft to sending (one conditional update) records it;
 * a campaign left "sending" by a crash is sent again, which adds only the rows that
 * are missing (the outbox's unique (campaign, recipient) index), so nothing goes twice.
 */
export async function sendCampaign(services: MailServices, { campaignId, actor, address }: { campaignId: number; actor: Actor; address?: string }) {
  const { db } = services;
  const moved = await db
    .update(campaigns)
    .set({ status: "sending" })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "draft")))
    .returning({ id: campaigns.id });
  const campaign = await findCampaign(db, { campaignId });
  if (!campaign) return null;
  if (!moved.length && campaign.status !== "sending") return { started: false };
  const definition = await listDefinition(db, campaign.listId);
  const { members, recipients, unreachable, suppressed } = await emailRecipientsOf(db, { definition: definition! });
  const messages = await Promise.all(
    recipients.map(async ({ member, address: to }) => ({ channel: "email" as const, recipient: to, ...(await campaignMessageFor(services, campaign, member, to)) })),
  );
  await enqueueCampaignMessages(db, { campaignId, messages });
  await db
    .update(campaigns)
    .set({ status: "sent", sentAt: new Date(), total: members, unreachable, suppressed })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")));
  if (moved.length) {
    await recordAudit(db, { actor, action: "campaign.send", subjectType: "campaign", subjectId: campaignId, detail: `${campaign.subject} to ${campaign.listName}: ${recipients.length} queued`, address });
  }
  services.waitUntil(drainOutbox(services));
  return { started: moved.length > 0, queued: recipients.length };
}

/** Delivers until nothing more is due (a campaign queues more than one call sends). */
async function drainOutbox(services: MailServices) {
  for (let round = 0; round < 50; round++) {
    const sent = await deliverDueMessages(services.db, services.env, { limit: 50 });
    if (sent < 50) return;
  }
}

/** Progress from the outbox rows themselves: queued (waiting or retrying), sent, failed; suppressed as counted when sent. */
export async function campaignProgress(db: Database, { campaignId }: { campaignId: number }) {
  const rows = await db.select({ status: outbox.status, n: count() }).from(outbox).where(eq(outbox.campaignId, campaignId)).groupBy(outbox.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { queued: of("pending"), sent: of("sent"), failed: of("failed") };
}

/** Each recipient's row, a page at a time. */
export async function campaignRecipients(db: Database, { campaignId, page = 1, pageSize = 50 }: { campaignId: number; page?: number; pageSize?: number }) {
  return db
    .select({ recipient: outbox.recipient, status: outbox.status, attempts: outbox.attempts, sentAt: outbox.sentAt, lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.campaignId, campaignId), inArray(outbox.status, ["pending", "sent", "failed"])))
    .orderBy(outbox.id)
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
}

/** The projects a campaign may promote (or a list may match buyers to): those buyers can open, newest first. */
export async function projectChoices(db: Database) {
  return db
    .select({ id: projects.id, name: projects.projectName })
    .from(projects)
    .where(inArray(projects.status, ["published", "under_offer"]))
    .orderBy(desc(projects.publishedAt), desc(projects.id))
    .limit(500);
}
