import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, matches, recipientLists, users, type RecipientList } from "~/.server/db/schema";
import { customerFiltersFrom } from "~/lib/customers";
import { isEmailAddress, normalAddress, type ListChannel, type ListDefinition, type ListKind, type SuppressionChannel } from "~/lib/marketing";
import { e164 } from "~/lib/sms";
import { recordAudit, type AuditEntry } from "./audit.server";
import { whereOf } from "./customers.server";
import { suppressedAmong } from "./suppressions.server";
import { inList } from "~/.server/db/in-list";

export type ListMember = {
  customerId: number;
  customerName: string;
  contactPerson: string;
  attentionEmail: string;
  attentionPhone: string;
  smsAllowance: number;
  /** A US state code or a §9 region: where the company's clock is, for SMS quiet hours. */
  headquarters: string;
};

const memberColumns = {
  customerId: customers.id,
  customerName: customers.name,
  contactPerson: customers.contactPerson,
  attentionEmail: customers.attentionEmail,
  attentionPhone: customers.attentionPhone,
  smsAllowance: customers.smsAllowance,
  headquarters: customers.headquarters,
};

// anonymised companies are never marketed to, whatever a list says
const membersWhere = (where: SQL | undefined) => and(isNull(customers.anonymisedAt), where);

/**
 * "The matched buyers of project X": the enabled buyer companies matchmaking scored
 * for it (the matches table, kept current as projects and criteria change), best first.
 */
export async function matchedBuyersOf(db: Database, { projectId }: { projectId: number }): Promise<ListMember[]> {
  return db
    .select(memberColumns)
    .from(customers)
    .innerJoin(matches, and(eq(matches.customerId, customers.id), eq(matches.projectId, projectId)))
    .where(membersWhere(and(eq(customers.customerType, "buyer"), eq(customers.enabled, true))))
    .orderBy(desc(matches.score), customers.id);
}

/** The list's members as of now: its definition resolved against today's customers. */
export async function membersOf(db: Database, list: Pick<RecipientList, "definition">): Promise<ListMember[]> {
  const d = list.definition;
  if ("projectId" in d) return matchedBuyersOf(db, { projectId: d.projectId });
  const where =
    "customerIds" in d
      ? inList(customers.id, d.customerIds)
      : (() => {
          const filters = customerFiltersFrom(d.query);
          return whereOf(filters.q, filters);
        })();
  return db.select(memberColumns).from(customers).where(membersWhere(where)).orderBy(customers.id);
}

export type Recipient = { member: ListMember; address: string };

/** A member's address on a channel: the attention e-mail lower-cased, or the attention phone in E.164; null when it has none usable. */
export const addressOn: Record<SuppressionChannel, (member: ListMember) => string | null> = {
  email: (m) => (isEmailAddress(m.attentionEmail) ? normalAddress(m.attentionEmail) : null),
  sms: (m) => e164(m.attentionPhone),
};

/**
 * Who a message on this channel reaches: each member's attention address (or phone),
 * once per address; members without a usable one are unreachable, and addresses on
 * the suppression list (unsubscribed, replied STOP) are skipped and counted. The SMS
 * allowance is checked when the texts are queued.
 */
export async function recipientsOf(db: Database, { definition, channel }: Pick<RecipientList, "definition"> & { channel: SuppressionChannel }) {
  const members = await membersOf(db, { definition });
  const byAddress = new Map<string, Recipient>();
  let unreachable = 0;
  for (const member of members) {
    const address = addressOn[channel](member);
    if (!address) unreachable++;
    else if (!byAddress.has(address)) byAddress.set(address, { member, address });
  }
  const suppressed = await suppressedAmong(db, { channel, addresses: [...byAddress.keys()] });
  const recipients = [...byAddress.values()].filter((r) => !suppressed.has(r.address));
  return { members: members.length, recipients, unreachable, suppressed: suppressed.size };
}

/** What a list page shows before anything is sent: its size and who cannot be reached, per channel. */
export async function reachOf(db: Database, list: Pick<RecipientList, "definition">) {
  const members = await membersOf(db, list);
  const emails = members.filter((m) => isEmailAddress(m.attentionEmail)).map((m) => normalAddress(m.attentionEmail));
  const phones = members.map((m) => ({ m, phone: e164(m.attentionPhone) }));
  const [emailSuppressed, smsSuppressed] = await Promise.all([
    suppressedAmong(db, { channel: "email", addresses: emails }),
    suppressedAmong(db, { channel: "sms", addresses: phones.flatMap((p) => (p.phone ? [p.phone] : [])) }),
  ]);
  const noPhone = members.filter((m) => !m.attentionPhone.trim()).length;
  const invalidPhone = phones.filter((p) => p.m.attentionPhone.trim() && !p.phone).length;
  const usablePhones = phones.filter((p) => p.phone && !smsSuppressed.has(p.phone));
  return {
    size: members.length,
    email: {
      noAddress: members.length - emails.length,
      suppressed: emails.filter((e) => emailSuppressed.has(e)).length,
      reachable: new Set(emails.filter((e) => !emailSuppressed.has(e))).size,
    },
    sms: {
      noPhone,
      invalidPhone,
      suppressed: phones.filter((p) => p.phone && smsSuppressed.has(p.phone)).length,
      noAllowance: usablePhones.filter((p) => p.m.smsAllowance <= 0).length,
      reachable: usablePhones.filter((p) => p.m.smsAllowance > 0).length,
    },
  };
}

/** Saves a named list (its definition frozen as given) and records who saved it. */
export async function createRecipientList(
  db: Database,
  {
    name,
    channel,
    kind,
    definition,
    actor,
    address,
  }: { name: string; channel: ListChannel; kind: ListKind; definition: ListDefinition; actor: NonNullable<AuditEntry["actor"]>; address?: string },
) {
  const [row] = await db
    .insert(recipientLists)
    .values({ name, channel, kind, definition, createdById: actor.id })
    .returning({ id: recipientLists.id });
  await recordAudit(db, { actor, action: "list.save", subjectType: "recipient_list", subjectId: row!.id, detail: `${name} (${kind}, ${channel})`, address });
  return row!.id;
}

export async function findRecipientList(db: Database, { listId }: { listId: number }) {
  const [row] = await db
    .select({ list: recipientLists, createdBy: users.name })
    .from(recipientLists)
    .leftJoin(users, eq(users.id, recipientLists.createdById))
    .where(eq(recipientLists.id, listId))
    .limit(1);
  return row ? { ...row.list, createdBy: row.createdBy ?? "" } : null;
}

/** Saved lists, newest first, a page at a time. */
export async function listRecipientLists(db: Database, { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: recipientLists.id,
        name: recipientLists.name,
        channel: recipientLists.channel,
        kind: recipientLists.kind,
        createdAt: recipientLists.createdAt,
        createdBy: users.name,
      })
      .from(recipientLists)
      .leftJoin(users, eq(users.id, recipientLists.createdById))
      .orderBy(desc(recipientLists.createdAt), desc(recipientLists.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(recipientLists),
  ]);
  return { rows, total: total?.n ?? 0 };
}
