import { and, count, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL, type Table } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { unionAll } from "drizzle-orm/sqlite-core";
import { preparedQuery } from "~/.server/db/prepared";
import { accountUnlocks, apiTokens, contracts, customers, formSubmissions, invitations, messages, offers, outbox, pageSessions, passwordResets, projects, sessions, users, type Customer } from "~/.server/db/schema";
import { randomToken } from "~/.server/crypto";
import { storeWithRecord } from "~/.server/files/store";
import type { Services } from "~/.server/services";
import { criteriaFrom, hasCriteria } from "~/lib/buyer-criteria";
import { websiteDomainOf, type OnboardingStatus } from "~/lib/customers";
import { userStateLabel } from "~/lib/user-status";
import { OFFER_STATUS_LABELS, OPEN_OFFER_STATUSES } from "~/lib/deal";
import { OUTBOX_STATUS_LABELS } from "~/lib/outbox";
import { formatCurrency } from "~/lib/format";
import type { CustomerValues } from "~/lib/schemas/customer";
import { changedFields, recordAudit, type AuditEntry } from "./audit.server";
import { dealServices, notify, type DealServices } from "./notifications.server";
import { recomputeCustomerMatches } from "./matches.server";
import { listView } from "./table-view.server";
import { customerLeavesAnAdmin, invitedNotYetIn, listUsers } from "./users.server";
import { pageOrLast } from "./list-query.server";
import { inList } from "~/.server/db/in-list";
import { isUniqueViolation } from "~/.server/db/errors";
import { customerGoingBy, customerNamed, isNameRefused, nameIsFree, nameTaken, nameWhileFree } from "./customer-names.server";

type Actor = NonNullable<AuditEntry["actor"]>;
type Change = { actor: Actor; customerId: number; address?: string };

// built once: building drizzle's relational query took 6 % of the customer page's Worker time
const customerById = preparedQuery((db) => db.query.customers.findFirst({ where: eq(customers.id, sql.placeholder("customerId")) }).prepare());

/** A customer by id; an admin sees every one, anonymised ones included. */
export async function findCustomer(db: Database, { customerId }: { customerId: number }) {
  return customerById(db).execute({ customerId });
}

// the fields the admin's page of a customer shows, and no more: the row's kept counts and deal bands
// serve the customer table, and its evidence key must not reach the page's data
const customerProfileById = preparedQuery((db) =>
  db
    .select({
      id: customers.id,
      name: customers.name,
      customerType: customers.customerType,
      onboardingStatus: customers.onboardingStatus,
      enabled: customers.enabled,
      locked: customers.locked,
      anonymisedAt: customers.anonymisedAt,
      contactPerson: customers.contactPerson,
      attentionEmail: customers.attentionEmail,
      attentionPhone: customers.attentionPhone,
      website: customers.website,
      businessType: customers.businessType,
      investorType: customers.investorType,
      size: customers.size,
      headquarters: customers.headquarters,
      smsAllowance: customers.smsAllowance,
      comments: customers.comments,
      preferences: customers.preferences,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder("customerId")))
    .prepare(),
);

/** A customer as its page shows it (profile, status, preferences); null for no such customer. */
export async function customerProfile(db: Database, { customerId }: { customerId: number }) {
  const [row] = await customerProfileById(db).all({ customerId });
  return row ?? null;
}

/** Customers a member may be added to (the form's list): not deleted, newest first, at most `limit`. */
export async function customerChoices(db: Database, { limit = 500 }: { limit?: number } = {}) {
  return db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(sql`${customers.anonymisedAt} is null`)
    .orderBy(customers.name)
    .limit(limit);
}

export type CustomerResult = { ok: true; customer: Customer; unchanged?: true; repeated?: true } | { ok: false; field: string; message: string };

/** The record a create form's first post made, by the form's one-time key (decision 083). */
export async function madeBy(db: Database, submissionKey: string, subjectType: "customer" | "user") {
  const [row] = await db
    .select({ id: formSubmissions.subjectId })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.submissionKey, submissionKey), eq(formSubmissions.subjectType, subjectType)));
  return row?.id ?? null;
}

/**
 * How long a create form's one-time key is kept: far longer than a form is sent again (a double click,
 * the back button's resend, a tab left open over a weekend), as the leads import keeps its own.
 */
export const FORM_SUBMISSION_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Keys dropped per statement: a backlog is deleted in short steps, each a small write. */
const FORM_SUBMISSION_PRUNE_STEP = 500;

/** Drops the create forms' one-time keys older than FORM_SUBMISSION_RETENTION_MS, a step at a time; the number dropped. */
export async function pruneFormSubmissions(db: Database, now = Date.now()) {
  const cutoff = now - FORM_SUBMISSION_RETENTION_MS;
  let dropped = 0;
  for (;;) {
    // by rowid, the order they were written in (the key is random text): the old ones come first
    const gone = await db.all<{ key: string }>(
      sql`delete from ${formSubmissions} where rowid in (select rowid from ${formSubmissions} where ${formSubmissions.createdAt} < ${cutoff} order by rowid limit ${FORM_SUBMISSION_PRUNE_STEP}) returning ${formSubmissions.submissionKey} as key`,
    );
    dropped += gone.length;
    if (gone.length < FORM_SUBMISSION_PRUNE_STEP) return dropped;
  }
}

export const CHANGED_MEANWHILE = "Someone changed this since you opened the page: reload it to see their change, then make yours.";
/** The message on a field another admin changed meanwhile, once the page shows their change (`now`, as stored). */
export const changedMeanwhileTo = (now: string) =>
  `${now ? `Someone changed this to “${now}”` : "Someone emptied this"} since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`;
/** The form's field of each column, for the message of a change made meanwhile ("" is the form's own message). */
const CLASH_FIELD: Record<string, string> = {
  name: "customerName",
  customerType: "customerType",
  contactPerson: "contactPerson",
  attentionEmail: "attentionEmail",
  attentionPhone: "attentionPhone",
  website: "website",
  websiteDomain: "website",
  businessType: "type",
  size: "size",
  headquarters: "headquarters",
  smsAllowance: "smsAllowance",
  comments: "comments",
};

function columnsOf(values: CustomerValues) {
  return {
    name: values.customerName,
    customerType: values.customerType,
    contactPerson: values.contactPerson,
    attentionEmail: values.attentionEmail,
    attentionPhone: values.attentionPhone,
    website: values.website,
    websiteDomain: websiteDomainOf(values.website),
    businessType: values.type,
    size: values.size,
    headquarters: values.headquarters,
    smsAllowance: values.smsAllowance,
    comments: values.comments,
  };
}

/** The refusal of an attention e-mail another customer has (the new-customer form's, and a potential customer's conversion). */
export const attentionEmailTaken = (clash: { id: number; name: string }) => `${clash.name} (customer ${clash.id}) has this attention e-mail already.`;

/** Another customer with the same name (the on-boarding's rule), website domain or attention e-mail, named in the refusal. */
async function duplicateOf(db: Database, values: CustomerValues, exceptId?: number): Promise<CustomerResult | null> {
  const named = await customerNamed(db, values.customerName, exceptId);
  if (named) return { ok: false, field: "customerName", message: nameTaken(named) };
  const domain = websiteDomainOf(values.website);
  const email = values.attentionEmail;
  if (!domain && !email) return null;
  const clash = await db.query.customers.findFirst({
    where: and(
      or(domain ? eq(customers.websiteDomain, domain) : undefined, email ? eq(customers.attentionEmail, email) : undefined),
      exceptId ? ne(customers.id, exceptId) : undefined,
    ),
  });
  if (!clash) return null;
  return domain && clash.websiteDomain === domain
    ? { ok: false, field: "website", message: `${clash.name} (customer ${clash.id}) has this website domain (${domain}) already.` }
    : { ok: false, field: "attentionEmail", message: attentionEmailTaken(clash) };
}

/**
 * A new customer's insert, refused whole (its name null) when another customer took the name since
 * the look before: for createCustomer, and for a batch that writes the customer with what points at it.
 */
export function customerInsert(db: Database, { values, onboardingStatus }: { values: CustomerValues; onboardingStatus: OnboardingStatus }) {
  return db.insert(customers).values({ ...columnsOf(values), name: nameWhileFree(values.customerName), onboardingStatus, updatedAt: new Date() });
}

/** Spec /admin/customers/create. A second customer with the same name, website domain or attention e-mail is refused. */
export async function createCustomer(
  services: Pick<Services, "db">,
  {
    actor,
    values,
    address,
    onboardingStatus = "invited",
    submissionKey = null,
  }: {
    actor: Actor;
    values: CustomerValues;
    address?: string;
    onboardingStatus?: OnboardingStatus;
    /** The form's one-time key (decision 083): sent again, the customer its first post made is answered (`repeated`). */
    submissionKey?: string | null;
  },
): Promise<CustomerResult> {
  const db = services.db;
  // refused as a duplicate: a post of a form whose key made a customer is that form sent again, not another customer
  const refused = async (duplicate: CustomerResult | null) => {
    const first = submissionKey ? await madeBy(db, submissionKey, "customer") : null;
    const customer = first ? await findCustomer(db, { customerId: first }) : undefined;
    // the same name: the same form again (back, another name typed and sent from the old page is no repeat)
    const same = customer && customer.name.trim().toLowerCase() === values.customerName.trim().toLowerCase();
    return same ? { ok: true as const, customer, repeated: true as const } : duplicate;
  };
  const duplicate = await duplicateOf(db, values);
  if (duplicate) return (await refused(duplicate))!;
  let customer: Customer | undefined;
  try {
    const insert = customerInsert(db, { values, onboardingStatus }).returning();
    [customer] = submissionKey
      ? (await db.batch([insert, db.insert(formSubmissions).values({ submissionKey, subjectType: "customer", subjectId: customerGoingBy(values.customerName) })]))[0]
      : await insert;
  } catch (error) {
    // another admin saved the same domain or name a moment ago: the unique index, or the name's condition, decides
    if (!isUniqueViolation(error) && !isNameRefused(error)) throw error;
    const duplicate = await duplicateOf(db, values);
    // no duplicate: the key was taken by another customer of the same page (back, another name typed), and this one is made without it
    if (!duplicate && submissionKey) return createCustomer(services, { actor, values, address, onboardingStatus });
    return (await refused(duplicate))!;
  }
  await recordAudit(services.db, { actor, action: "customer.create", subjectType: "customer", subjectId: customer!.id, detail: customer!.name, address });
  return { ok: true, customer: customer! };
}

/** Spec /admin/customers/edit/{id}. */
export async function updateCustomer(
  services: Pick<Services, "db">,
  { actor, customerId, values, address, opened, attempt = 1 }: Change & { values: CustomerValues; opened?: CustomerValues; attempt?: number },
): Promise<CustomerResult | null> {
  const existing = await findCustomer(services.db, { customerId });
  if (!existing || existing.anonymisedAt) return null;
  const json = (value: unknown) => JSON.stringify(value ?? null);
  const stored = (key: string) => json((existing as Record<string, unknown>)[key]);
  const typed = columnsOf(values);
  // what this admin changed on the page they opened: only that is written, so that another admin's save
  // (or a campaign's use of the SMS allowance) since then is kept, not put back as the page showed it
  const was = opened ? columnsOf(opened) : null;
  const changed = Object.entries(typed).filter(([key, value]) => !was || json(value) !== json(was[key as keyof typeof was]));
  // a field both changed, to different values: the admin decides, having seen the other's
  const clash = was ? changed.find(([key, value]) => stored(key) !== json(was[key as keyof typeof was]) && stored(key) !== json(value)) : undefined;
  if (clash) return { ok: false, field: CLASH_FIELD[clash[0]] ?? "", message: CHANGED_MEANWHILE };
  // saved as it was (a second click, a resent form): nothing written, nor audited again
  if (changed.every(([key, value]) => stored(key) === json(value))) return { ok: true, customer: existing, unchanged: true };
  const duplicate = await duplicateOf(services.db, values, customerId);
  if (duplicate) return duplicate;
  // the columns written are still as read above: a save landing between that read and this write is not
  // overwritten unseen, but weighed again against the page (below), as one made before the read is
  const asRead = changed.map(([key]) => {
    const column = customers[key as keyof ReturnType<typeof columnsOf>];
    const value = existing[key as keyof Customer];
    return value === null ? isNull(column) : eq(column, value as never);
  });
  let customer: Customer | undefined;
  try {
    [customer] = await services.db
      .update(customers)
      .set({ ...Object.fromEntries(changed), updatedAt: new Date() })
      .where(and(eq(customers.id, customerId), nameIsFree(values.customerName, customerId), ...asRead))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) return (await duplicateOf(services.db, values, customerId))!;
    throw error;
  }
  if (!customer) {
    // another admin gave another customer this name a moment ago, or deleted this one
    const duplicate = await duplicateOf(services.db, values, customerId);
    if (duplicate) return duplicate;
    // another save of these fields landed meanwhile: read again and decide as if it had come first
    if (attempt < 3) return updateCustomer(services, { actor, customerId, values, address, opened, attempt: attempt + 1 });
    return { ok: false, field: "", message: CHANGED_MEANWHILE };
  }
  const edited = changedFields(existing, customer!, changed.map(([key]) => key as keyof Customer & string));
  await recordAudit(services.db, { actor, action: "customer.update", subjectType: "customer", subjectId: customerId, detail: customer!.name, address, changes: edited });
  // a buyer made a seller (or back) leaves the matched buyers (or joins them)
  if (customer!.customerType !== existing.customerType) await recomputeCustomerMatches(services.db, { customerId });
  return { ok: true, customer: customer! };
}

/** A customer's members as its page lists them: this admin's view of the table and one page of it. */
export async function memberListPage(services: Services, { admin, customerId, request }: { admin: { id: number }; customerId: number; request: Request }) {
  const { view, query } = await listView(services, { reader: admin, table: "customerMembers", request });
  // a page past the last (a stale link, a made-up ?page=) shows the last
  const list = await pageOrLast((page) => listUsers(services.db, { ...query, page, customerId }), query.page);
  // the Status cell, worked out here: the page's script is at its weight budget
  const rows = list.rows.map((m) => ({ ...m, statusLabel: m.enabled && m.invited && !m.companyBlock ? "Invited" : userStateLabel(m) }));
  return { ...list, rows, view, filters: query.filters };
}

/** The member, when it belongs to this customer: invited and not yet in, or not. */
export async function findMember(db: Database, { customerId, userId }: { customerId: number; userId: number }) {
  const [row] = await db
    .select({ id: users.id, email: users.email, enabled: users.enabled, invited: invitedNotYetIn() })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)));
  return row ?? null;
}

// every member: a cap here left the deals of those past it out of the delete's check
async function memberIdsOf(db: Database, customerId: number) {
  return (await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId))).map((m) => m.id);
}

export type TimelineEvent = { at: Date; kind: "view" | "nda" | "message" | "offer" | "email" | "sms"; text: string; link?: string };

/**
 * A customer timeline's two reads, built once for its first page and once for the pages after
 * (`before`): the customer, the page's size and its start are placeholders. The members and the
 * addresses mail went to are subqueries, so that both reads go at once (on D1 one round trip).
 * Every kind of event is one arm of one read, in the columns they share, merged and cut to the page
 * in SQL: on D1 each read costs the Worker its own work even when it finds nothing (seven reads,
 * about 1.5 ms of a customer page's Worker time under `wrangler dev` for a customer with no events).
 */
function timelineReadsIn(paged: boolean) {
  const customerId = sql.placeholder("customerId");
  const page = sql.placeholder("page");
  const memberIds = sql`select ${users.id} from ${users} where ${users.customerId} = ${customerId}`;
  // matched as the customer table counts communications (decision 059), through the index of lower(recipient)
  const addresses = sql`select lower(${users.email}) from ${users} where ${users.customerId} = ${customerId}
    union select lower(${users.phone}) from ${users} where ${users.customerId} = ${customerId} and ${users.phone} != ''
    union select lower(${customers.attentionEmail}) from ${customers} where ${customers.id} = ${customerId} and ${customers.attentionEmail} != ''`;
  const anyMember = (column: AnyColumn) => sql`${column} in (${memberIds})`;
  const toMembers = sql`lower(${outbox.recipient}) in (${addresses})`;
  // A page after the first starts after the last event shown, in the page's order (time, kind, row): "older than
  // its time" alone skipped the events of that same millisecond the page had no room for. The time is bounded
  // (`<=`) so that the index still gives the range.
  const earlier = (rank: number, table: Table, column: AnyColumn) => {
    if (!paged) return undefined;
    const before = sql.placeholder("before");
    const kind = sql.raw(String(rank));
    return sql`${column} <= ${before} and (${column} < ${before} or ${kind} > ${sql.placeholder("beforeRank")} or (${kind} = ${sql.placeholder("beforeRank")} and ${table}.rowid < ${sql.placeholder("beforeKey")}))`;
  };
  // The page's rows chosen first, from what an index holds, then read: a company's page sessions were
  // all read to be sorted, 140 ms for one of 52,000 sessions; chosen first, under a millisecond. Rows of
  // one time are chosen newest row first, as the page orders them.
  const latest = (rank: number, table: Table, at: AnyColumn, where: SQL) =>
    sql`${table}.rowid in (select rowid from ${table} where ${and(where, earlier(rank, table, at))} order by ${at} desc, rowid desc limit ${page})`;
  // the member's name while they are one (a message's sender who is not is the seller)
  const memberName = (id: AnyColumn) => sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${id} and ${users.customerId} = ${customerId})`;
  // each arm's columns, in this order; what a kind lacks is null (a kind's rank settles a tie of time as the page always has)
  const arm = (rank: number, table: Table, at: AnyColumn, who: AnyColumn | null, fields: Partial<Record<"projectId" | "projectName" | "status" | "route" | "amount" | "channel" | "recipient" | "subject", AnyColumn>>) => ({
    rank: sql<number>`${sql.raw(String(rank))}`.as("rank"),
    at: sql<number>`${at}`.as("at"),
    key: sql<number>`${table}.rowid`.as("key"),
    userId: sql<number | null>`${who ?? sql`null`}`.as("user_id"),
    name: (who ? memberName(who) : sql<string | null>`null`).as("name"),
    projectId: sql<number | null>`${fields.projectId ?? sql`null`}`.as("project_id"),
    projectName: sql<string | null>`${fields.projectName ?? sql`null`}`.as("project_name"),
    status: sql<string | null>`${fields.status ?? sql`null`}`.as("status"),
    route: sql<string | null>`${fields.route ?? sql`null`}`.as("route"),
    amount: sql<number | null>`${fields.amount ?? sql`null`}`.as("amount"),
    channel: sql<"email" | "sms" | null>`${fields.channel ?? sql`null`}`.as("channel"),
    recipient: sql<string | null>`${fields.recipient ?? sql`null`}`.as("recipient"),
    subject: sql<string | null>`${fields.subject ?? sql`null`}`.as("subject"),
  });
  return {
    events: preparedQuery((db) =>
      unionAll(
        db
          .select(arm(0, pageSessions, pageSessions.sessionStart, pageSessions.userId, { projectId: pageSessions.projectId, projectName: projects.projectName, route: pageSessions.route, amount: pageSessions.activeTime }))
          .from(pageSessions)
          .leftJoin(projects, eq(projects.id, pageSessions.projectId))
          .where(latest(0, pageSessions, pageSessions.sessionStart, anyMember(pageSessions.userId))),
        db
          .select(arm(1, contracts, contracts.requestedAt, contracts.buyerId, { projectId: contracts.projectId, projectName: projects.projectName, status: contracts.ndaStatus }))
          .from(contracts)
          .innerJoin(projects, eq(projects.id, contracts.projectId))
          .where(latest(1, contracts, contracts.requestedAt, anyMember(contracts.buyerId))),
        db
          .select(arm(2, messages, messages.createdAt, messages.senderId, { projectId: messages.projectId, projectName: projects.projectName }))
          .from(messages)
          .innerJoin(projects, eq(projects.id, messages.projectId))
          .where(latest(2, messages, messages.createdAt, anyMember(messages.buyerId))),
        db
          .select(arm(3, offers, offers.createdAt, offers.buyerId, { projectId: offers.projectId, projectName: projects.projectName, status: offers.status, amount: offers.price }))
          .from(offers)
          .innerJoin(projects, eq(projects.id, offers.projectId))
          .where(latest(3, offers, offers.createdAt, anyMember(offers.buyerId))),
        db
          .select(arm(4, outbox, outbox.createdAt, null, { status: outbox.status, channel: outbox.channel, recipient: outbox.recipient, subject: outbox.subject }))
          .from(outbox)
          .where(latest(4, outbox, outbox.createdAt, toMembers)),
      )
        .orderBy(sql`at desc`, sql`rank`, sql`key desc`)
        .limit(page)
        .prepare(),
    ),
    // the totals in one statement, on the customer's own row (none for an unknown customer)
    counts: preparedQuery((db) =>
      db
        .select({
          // the views of projects the customer's row keeps (the list's column and its filter): counted here from every
          // page session, the home page and the search too, the page said 26 where the list said 19
          views: customers.viewCount,
          ndas: sql<number>`(select count(*) from ${contracts} where ${anyMember(contracts.buyerId)})`,
          messages: sql<number>`(select count(*) from ${messages} where ${anyMember(messages.buyerId)})`,
          offers: sql<number>`(select count(*) from ${offers} where ${anyMember(offers.buyerId)})`,
          emails: sql<number>`(select count(*) from ${outbox} where ${outbox.channel} = 'email' and ${toMembers})`,
          sms: sql<number>`(select count(*) from ${outbox} where ${outbox.channel} = 'sms' and ${toMembers})`,
        })
        .from(customers)
        .where(eq(customers.id, customerId))
        .prepare(),
    ),
  };
}
const TIMELINE_READS = { latest: timelineReadsIn(false), older: timelineReadsIn(true) };

/** Where a timeline page after the first starts: after the event of this time, kind and row. */
export type TimelineCursor = { at: number; rank: number; key: number };

/**
 * A timeline page's `?before=`: "time.kind.row" as `older` gives it, or a time alone (a link from
 * before the kind and row were kept: every event older than it); undefined for anything else.
 */
export function timelineCursor(value: string | null): TimelineCursor | undefined {
  const parts = /^(\d{1,15})(?:\.(\d)\.(\d{1,15}))?$/.exec(value ?? "");
  if (!parts || !Number(parts[1])) return undefined;
  // a kind past every kind's rank: none of that time is after it
  return parts[2] === undefined ? { at: Number(parts[1]), rank: 9, key: 0 } : { at: Number(parts[1]), rank: Number(parts[2]), key: Number(parts[3]) };
}

/**
 * Everything a customer's members did and were sent, newest first, `limit` events a
 * page (`before`: after the last event of the page before), with the totals:
 * project views with time spent, NDAs, thread messages, offers, e-mails and SMS.
 * `older` is where the next page starts ("time.kind.row", for `?before=`), or null on the last page.
 */
export async function customerTimeline(db: Database, { customerId, limit = 50, before }: { customerId: number; limit?: number; before?: TimelineCursor }) {
  const reads = before ? TIMELINE_READS.older : TIMELINE_READS.latest;
  // one more than a page: if there is one more, there is an older page
  const values = { customerId, page: limit + 1, before: before?.at ?? 0, beforeRank: before?.rank ?? 0, beforeKey: before?.key ?? 0 };
  const [found, [totals]] = await Promise.all([reads.events(db).all(values), reads.counts(db).all(values)]);
  const who = (name: string | null) => name ?? "A former member";
  const minutes = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);
  const project = (e: (typeof found)[number]) => `/admin/projects/${e.projectId}`;
  // an offer's or an e-mail's state as the deal and outbox pages name it: "(submitted)", "(pending)" were the stored words
  const said = <S extends string>(labels: Record<S, string>, status: string | null) => labels[status as S] ?? status;
  const merged = found.map((e): TimelineEvent => {
    const at = new Date(e.at);
    switch (e.rank) {
      case 0:
        return { at, kind: "view", text: `${who(e.name)} viewed ${e.projectName ?? e.route} (${minutes(e.amount ?? 0)} active)`, link: e.projectId ? project(e) : undefined };
      case 1:
        return { at, kind: "nda", text: `${who(e.name)}: NDA for ${e.projectName} (${e.status})`, link: project(e) };
      case 2:
        return { at, kind: "message", text: `${e.name ?? "The seller"} wrote in the thread on ${e.projectName}`, link: project(e) };
      case 3:
        return { at, kind: "offer", text: `${who(e.name)}: offer of ${formatCurrency(e.amount ?? 0)} on ${e.projectName} (${said(OFFER_STATUS_LABELS, e.status)})`, link: project(e) };
      default:
        return { at, kind: e.channel ?? "email", text: `${e.channel === "sms" ? "SMS" : "E-mail"} to ${e.recipient}: ${e.subject || "(no subject)"} (${said(OUTBOX_STATUS_LABELS, e.status)})` };
    }
  });
  const events = merged.slice(0, limit);
  const last = found[limit - 1];
  const older = merged.length > limit && last ? `${last.at}.${last.rank}.${last.key}` : null;
  const counts = totals ?? { views: 0, ndas: 0, messages: 0, offers: 0, emails: 0, sms: 0 };
  return { events, counts, older };
}

/** What disabling, locking or deleting a customer answers when one of its members is the last admin who can sign in. */
export const CUSTOMER_LAST_ADMIN_MESSAGE =
  "A member of this customer is the marketplace's last enabled admin: disabling, locking or deleting the customer would leave no admin who can sign in. Make a staff account an admin first (New user on the users page).";

/**
 * The flag, and when it shuts the members out (`shuts`: the flag's value that does) their sessions and API tokens,
 * in one batch. "last-admin": shutting them out would take the last admin who can sign in, nothing written; false: no such customer;
 * "unchanged": it was so already (a second click, a stale page), nothing written and nothing audited.
 */
async function setFlag(
  services: Pick<Services, "db">,
  { actor, customerId, address }: Change,
  set: { enabled: boolean } | { locked: boolean },
  action: string,
  shuts: SQL | null,
): Promise<boolean | "last-admin" | "unchanged"> {
  const db = services.db;
  const key = "enabled" in set ? "enabled" : "locked";
  const value = (set as Record<typeof key, boolean>)[key];
  const flag = db
    .update(customers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), ne(customers[key], value), shuts ? customerLeavesAnAdmin(customerId) : undefined))
    .returning({ id: customers.id });
  const [[row]] = shuts ? await db.batch([flag, ...endMemberSessions(db, customerId, shuts)]) : [await flag];
  if (!row) {
    const customer = await findCustomer(db, { customerId });
    if (!customer) return false;
    return customer[key] === value ? "unchanged" : "last-admin";
  }
  await recordAudit(db, { actor, action, subjectType: "customer", subjectId: customerId, address, changes: [{ field: key, from: String(!value), to: String(value) }] });
  return true;
}

/**
 * A disabled or locked customer's members cannot sign in; their sessions and API tokens end now, and
 * stay ended when it is enabled again (a token only paused would work again then, a session would not).
 * Only once the customer is so (`shut`, a condition on its row): not when the write's guard refused it.
 */
function endMemberSessions(db: Database, customerId: number, shut: SQL) {
  // one statement for every member, however many: a list of ids read first was capped and left some signed in
  const members = db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const shutNow = sql`exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${shut})`;
  return [
    db.delete(sessions).where(and(inArray(sessions.userId, members), shutNow)),
    db.update(apiTokens).set({ revokedAt: new Date() }).where(and(inArray(apiTokens.userId, members), isNull(apiTokens.revokedAt), shutNow)),
  ] as const;
}

/**
 * True when written, false for no such customer, "last-admin" when disabling would take the last admin who can sign in,
 * "unchanged" when it was so already.
 */
export async function setCustomerEnabled(services: Pick<Services, "db">, change: Change & { enabled: boolean }) {
  const done = await setFlag(services, change, { enabled: change.enabled }, change.enabled ? "customer.enable" : "customer.disable", change.enabled ? null : sql`${customers.enabled} = 0`);
  // only an enabled buyer is matched: disabled, it leaves every project's matched buyers; enabled, it is scored again
  if (done === true) await recomputeCustomerMatches(services.db, { customerId: change.customerId });
  return done;
}

/** As setCustomerEnabled: "last-admin" when locking would take the last admin who can sign in. */
export async function setCustomerLocked(services: Pick<Services, "db">, change: Change & { locked: boolean }) {
  return setFlag(services, change, { locked: change.locked }, change.locked ? "customer.lock" : "customer.unlock", change.locked ? sql`${customers.locked} = 1` : null);
}

/** Whether a member's company lets them sign in: not disabled, not locked. */
export async function customerAllowsSignin(db: Database, { customerId }: { customerId: number | null }) {
  if (!customerId) return true;
  const [row] = await db.select({ enabled: customers.enabled, locked: customers.locked }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return !row || (row.enabled && !row.locked);
}

export const HAS_DEALS_MESSAGE = "This customer has deals under way (open NDAs, offers or listings); it cannot be deleted until they are closed.";

/** Open deals: an NDA waiting for a decision, an open offer, or a listing on the market. */
async function hasOpenDeals(db: Database, ids: number[]) {
  if (!ids.length) return false;
  const [nda, offer, listing] = await Promise.all([
    db.select({ id: contracts.id }).from(contracts).where(and(inList(contracts.buyerId, ids), inArray(contracts.ndaStatus, ["Requested", "Signed"]))).limit(1),
    db.select({ id: offers.id }).from(offers).where(and(inList(offers.buyerId, ids), inArray(offers.status, [...OPEN_OFFER_STATUSES]))).limit(1),
    db.select({ id: projects.id }).from(projects).where(and(inList(projects.sellerId, ids), inArray(projects.status, ["submitted", "published", "under_offer"]))).limit(1),
  ]);
  return nda.length + offer.length + listing.length > 0;
}

/**
 * Spec: delete is refused while the customer has deals under way; otherwise the
 * customer is anonymised (name and contacts blanked, members disabled and their
 * names and e-mails replaced), its deal history kept. Its on-boarding evidence goes from the file store
 * with the key that named it: nothing reads it after, and a deleted company's papers are not kept.
 */
export async function deleteOrAnonymiseCustomer(services: Pick<Services, "db" | "files">, { actor, customerId, address }: Change): Promise<{ ok: true } | { ok: false; message: string } | null> {
  const customer = await findCustomer(services.db, { customerId });
  if (!customer || customer.anonymisedAt) return null;
  const ids = await memberIdsOf(services.db, customerId);
  if (await hasOpenDeals(services.db, ids)) return { ok: false, message: HAS_DEALS_MESSAGE };
  const now = new Date();
  const [anonymised] = await services.db.batch([
    services.db
      .update(customers)
      .set({
        name: `Deleted customer ${customerId}`,
        contactPerson: "",
        attentionEmail: "",
        attentionPhone: "",
        website: "",
        websiteDomain: null,
        headquarters: "",
        comments: "",
        preferences: {},
        evidenceKey: null,
        evidenceName: null,
        enabled: false,
        anonymisedAt: now,
        updatedAt: now,
      })
      // a delete sent twice at once: the second finds it anonymised, and neither it nor its members are written again;
      // nor when it would disable the last admin who can sign in (a member made an admin before that was refused)
      .where(and(eq(customers.id, customerId), isNull(customers.anonymisedAt), customerLeavesAnAdmin(customerId)))
      .returning({ id: customers.id }),
    services.db
      .update(users)
      .set({
        name: sql`'Deleted member ' || ${users.id}`,
        email: sql`'deleted-' || ${users.id} || '-' || ${randomToken(6)} || '@deleted.invalid'`,
        phone: "",
        company: "",
        enabled: false,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.customerId, customerId),
          // only when the first statement of this batch is the one that anonymised the customer
          sql`exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${customers.anonymisedAt} = ${now.getTime()})`,
        ),
      ),
    // in the same batch: a second write after it could fail and leave a deleted company's sessions, which
    // its member's account enabled again on /admin/users would open (a session does not ask the company);
    // a delete that lost the race above ends them too, as the winner does; one refused for the last admin, none
    ...endMemberSessions(services.db, customerId, sql`${customers.anonymisedAt} is not null`),
    // and the links still out to its members: each sets a password (an invitation's page named the deleted account and set one)
    ...spendMemberLinks(services.db, customerId, now),
  ]);
  if (!anonymised.length) {
    // deleted meanwhile by another request, or refused by the guard
    const now = await findCustomer(services.db, { customerId });
    return now?.anonymisedAt ? { ok: true } : { ok: false, message: CUSTOMER_LAST_ADMIN_MESSAGE };
  }
  if (customer.evidenceKey) await services.files.delete(customer.evidenceKey).catch((error: unknown) => console.error(`files: ${customer.evidenceKey} left behind:`, error));
  // a deleted company is nobody's matched buyer
  await recomputeCustomerMatches(services.db, { customerId });
  await recordAudit(services.db, { actor, action: "customer.anonymise", subjectType: "customer", subjectId: customerId, detail: customer.name, address });
  return { ok: true };
}

/** A deleted customer's members' invitation, password-reset and unlock links, spent only when this batch anonymised it (at `now`). */
function spendMemberLinks(db: Database, customerId: number, now: Date) {
  const members = db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const deletedNow = sql`exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${customers.anonymisedAt} = ${now.getTime()})`;
  return [invitations, passwordResets, accountUnlocks].map((links) =>
    db.update(links).set({ usedAt: now }).where(and(inArray(links.userId, members), isNull(links.usedAt), deletedNow)),
  );
}

/** The on-boarding checklist: what is done and what is missing. */
export async function onboardingChecklist(db: Database, customer: Customer) {
  const [members] = await db.select({ n: count() }).from(users).where(eq(users.customerId, customer.id));
  return {
    investorType: Boolean(customer.investorType),
    evidence: Boolean(customer.evidenceKey),
    terms: Boolean(customer.termsAcceptedAt),
    preferences: hasCriteria(criteriaFrom(customer.preferences)),
    members: (members?.n ?? 0) > 0,
  };
}

export const NOT_READY_MESSAGE = "Complete the investor type, the evidence and the terms before verifying the customer.";

/** invited → in progress → verified → active; every change goes to the audit log. Verifying needs the checklist's evidence. */
export async function setOnboardingStatus(services: Services, change: Change & { status: OnboardingStatus }): Promise<{ ok: true } | { ok: false; message: string } | null> {
  const done = await writeOnboardingStatus(services.db, change);
  if (done?.ok && done.cleared) await tellVerified(dealServices(services), change.customerId);
  return done && (done.ok ? { ok: true } : done);
}

/** An invited customer's first step of its own (the on-boarding chat): in progress, nobody told. */
export async function startOnboarding(services: Pick<Services, "db">, change: Change) {
  await writeOnboardingStatus(services.db, { ...change, status: "in_progress" });
}

// the statuses that let the customer's members sign NDAs
const cleared = (status: OnboardingStatus) => status === "verified" || status === "active";

async function writeOnboardingStatus(
  db: Database,
  { actor, customerId, status, address }: Change & { status: OnboardingStatus },
): Promise<{ ok: true; cleared: boolean } | { ok: false; message: string } | null> {
  const customer = await findCustomer(db, { customerId });
  if (!customer || customer.anonymisedAt) return null;
  if (cleared(status)) {
    const done = await onboardingChecklist(db, customer);
    if (!done.investorType || !done.evidence || !done.terms) return { ok: false, message: NOT_READY_MESSAGE };
  }
  if (customer.onboardingStatus === status) return { ok: true, cleared: false };
  // from the status read: of two saves sent at once only one writes, and its members are told once
  const [row] = await db
    .update(customers)
    .set({ onboardingStatus: status, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.onboardingStatus, customer.onboardingStatus)))
    .returning({ id: customers.id });
  if (!row) return { ok: true, cleared: false };
  await recordAudit(db, {
    actor,
    action: "customer.onboarding",
    subjectType: "customer",
    subjectId: customerId,
    detail: `${customer.onboardingStatus} → ${status}`,
    address,
    changes: [{ field: "onboardingStatus", from: customer.onboardingStatus, to: status }],
  });
  return { ok: true, cleared: cleared(status) && !cleared(customer.onboardingStatus) };
}

/** The teaser's refusal promises it: each member who can sign in hears, in the app and by e-mail, that the NDAs are open to them. */
async function tellVerified(services: DealServices, customerId: number) {
  const members = await services.db.select({ id: users.id }).from(users).where(and(eq(users.customerId, customerId), eq(users.enabled, true)));
  for (const member of members) {
    await notify(services, member.id, {
      kind: "onboarding_verified",
      message: "Your company's on-boarding is verified: you can sign NDAs now.",
      link: "/home",
      email: {
        subject: "Your company is verified",
        body: "Your company's on-boarding is verified. You can now sign NDAs and open the data rooms of the projects you are interested in.",
      },
    });
  }
}

/**
 * A checklist step (investor type, terms, evidence); the first step taken moves an invited customer to in progress.
 * A step that is so already (the same investor type, terms accepted before: a second click, a resent form) writes
 * nothing and is not audited again; the terms keep the time they were first accepted. "unchanged" then.
 */
export async function updateOnboarding(
  services: Pick<Services, "db" | "files">,
  { actor, customerId, address, change }: Change & { change: { investorType: string } | { termsAccepted: true } | { evidence: { name: string; bytes: Uint8Array; contentType: string } } },
) {
  const customer = await findCustomer(services.db, { customerId });
  if (!customer || customer.anonymisedAt) return false;
  if (("investorType" in change && customer.investorType === change.investorType) || ("termsAccepted" in change && customer.termsAcceptedAt)) return "unchanged" as const;
  let set: Partial<Customer>;
  let detail: string;
  let evidence: Parameters<typeof storeWithRecord>[1] | null = null;
  if ("investorType" in change) {
    set = { investorType: change.investorType };
    detail = `investor type: ${change.investorType}`;
  } else if ("termsAccepted" in change) {
    set = { termsAcceptedAt: new Date() };
    detail = "terms accepted";
  } else {
    const key = `customers/${customerId}/evidence/${randomToken(12)}`;
    evidence = { key, bytes: change.evidence.bytes, contentType: change.evidence.contentType };
    set = { evidenceKey: key, evidenceName: change.evidence.name };
    detail = `evidence: ${change.evidence.name}`;
  }
  if (customer.onboardingStatus === "invited") set.onboardingStatus = "in_progress";
  const write = () => services.db.update(customers).set({ ...set, updatedAt: new Date() }).where(eq(customers.id, customerId));
  await (evidence ? storeWithRecord(services.files, evidence, write) : write());
  // the evidence it replaces goes once the customer names the new one: a failed write keeps the old
  if ("evidence" in change && customer.evidenceKey) await services.files.delete(customer.evidenceKey);
  const { onboardingStatus, ...step } = set;
  await recordAudit(services.db, { actor, action: "customer.onboarding-step", subjectType: "customer", subjectId: customerId, detail, address, changes: changedFields(customer, step) });
  if (onboardingStatus) {
    await recordAudit(services.db, {
      actor,
      action: "customer.onboarding",
      subjectType: "customer",
      subjectId: customerId,
      detail: "invited → in_progress",
      address,
      changes: [{ field: "onboardingStatus", from: "invited", to: onboardingStatus }],
    });
  }
  return true;
}

export const NOT_VERIFIED_MESSAGE =
  "Your company's on-boarding is not verified yet, so you cannot sign NDAs. You can read teasers meanwhile; we will tell you when it is verified. Questions: contact us.";

/**
 * Why a member may not sign an NDA, or null when they may: their customer must be
 * verified (or active). A member without a customer (joined via /join) is not held back.
 */
export async function ndaBlockedReason(db: Database, { customerId }: { customerId: number | null }) {
  if (!customerId) return null;
  const [row] = await onboardingStatusOf(db).all({ customerId });
  if (!row) return null;
  return row.status === "verified" || row.status === "active" ? null : NOT_VERIFIED_MESSAGE;
}

// every teaser asks it of its buyer: built once
const onboardingStatusOf = preparedQuery((db) =>
  db.select({ status: customers.onboardingStatus }).from(customers).where(eq(customers.id, sql.placeholder("customerId"))).limit(1).prepare(),
);

/** A verified customer turns active when one of its members signs in (spec: verified → active). */
export async function activateOnSignin(db: Database, { customerId }: { customerId: number | null }) {
  if (!customerId) return;
  const [row] = await db
    .update(customers)
    .set({ onboardingStatus: "active", updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.onboardingStatus, "verified")))
    .returning({ id: customers.id });
  if (row) {
    await recordAudit(db, {
      actor: null,
      action: "customer.onboarding",
      subjectType: "customer",
      subjectId: customerId,
      detail: "verified → active (a member signed in)",
      changes: [{ field: "onboardingStatus", from: "verified", to: "active" }],
    });
  }
}
