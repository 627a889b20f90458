import { parseWithZod } from "@conform-to/zod/v4";
import { aliasedTable, and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, holdsRole, inboundItems, inboundItemsText, projects, users, type InboundItem } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { siteOrigin } from "~/.server/mailer";
import { readForm } from "~/.server/body";
import { clientAddress, notFound } from "~/.server/http";
import { answer as reply, invalid, refuse } from "~/.server/replies";
import { chosen } from "~/lib/admin-tables";
import { inboundAdminSchema, inboundPageSchema } from "~/lib/schemas/inbound";
import {
  INBOUND_ADMIN_PATHS,
  INBOUND_KIND_LABELS,
  INBOUND_PAGE_SIZE,
  INBOUND_STATUS_LABELS,
  INBOUND_STATUSES,
  INBOUND_TABLE_KEYS,
  type InboundColumn,
  type InboundFilters,
  type InboundKind,
  type InboundStatus,
} from "~/lib/inbound";
import { sendEmail } from "./outbox.server";
import { recordAudit } from "./audit.server";
import { dealServices, notify } from "./notifications.server";
import { createLeadFromInbound } from "./leads.server";
import { asciiText, containsText, indexedTextMatch, oneOf, pageOfChosen, pageOfGathered, pageOrLast, shortJoinedText, TRIGRAM, trigramMatch, walkedTextMatch, withinDays, type ListQuery } from "./list-query.server";
import { DENSITY_SAMPLE, isDense, learnDensity, matchesAmongNewest } from "./text-density.server";
import { handleTableAction, listView } from "./table-view.server";
import { recordId } from "~/lib/query-params";
import type { ActionResult } from "~/lib/action-result";

type Admin = { id: number; name: string; email: string };

export type NewInbound = {
  kind: InboundKind;
  name: string;
  email: string;
  company?: string;
  phone?: string;
  companyWebsite?: string;
  message: string;
  userId?: number | null;
  projectId?: number | null;
};

const isAdminRow = holdsRole(users.roles, "ROLE_ADMIN");

/** How long the same message (kind, e-mail, text and project) sent again counts as the one already kept. */
const SAME_MESSAGE_WINDOW_MS = 10 * 60_000;

/** The admins an item may be given to (and who are told when one arrives). */
export async function listAdmins(db: Database) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isAdminRow, eq(users.enabled, true)))
    .orderBy(users.name)
    .limit(200);
}

/**
 * Files what arrived, tells every admin by e-mail through the outbox, and makes a
 * demo request or an affiliate application a potential customer.
 */
export async function receiveInbound(services: Pick<Services, "db" | "env" | "waitUntil">, input: NewInbound) {
  const now = Date.now();
  // the same message from the same address a moment ago (a double click without JavaScript, two posts
  // at once) is that message: kept once, the admins told once; written only while there is none
  const same = sql`select ${inboundItems.id} from ${inboundItems} where ${inboundItems.kind} = ${input.kind} and ${inboundItems.email} = ${input.email} and ${inboundItems.message} = ${input.message} and ${inboundItems.projectId} is ${input.projectId ?? null} and ${inboundItems.createdAt} > ${now - SAME_MESSAGE_WINDOW_MS}`;
  const [item] = await services.db
    .insert(inboundItems)
    // every column in the table's order
    .select(
      sql`select null, ${input.kind}, 'new', null, '', ${input.name}, ${input.email}, ${input.company ?? ""}, ${input.phone ?? ""}, ${input.companyWebsite ?? ""}, ${input.message}, ${input.userId ?? null}, ${input.projectId ?? null}, null, null, null, ${now}, null where not exists (${same})`,
    )
    .returning();
  if (!item) {
    const [kept] = await services.db.select().from(inboundItems).where(sql`${inboundItems.id} in (${same})`).orderBy(inboundItems.id).limit(1);
    return kept!;
  }
  if (input.kind === "demo" || input.kind === "affiliate") {
    await createLeadFromInbound(services.db, { item: item! });
  }
  const label = INBOUND_KIND_LABELS[input.kind];
  const link = `${siteOrigin(services)}${INBOUND_ADMIN_PATHS[input.kind]}`;
  // a name or company with line breaks in it stays on one line: in the subject it would add headers
  const oneLine = (text: string) => text.replace(/\s+/g, " ");
  const from = `${oneLine(input.name)} <${input.email}>${input.company ? `, ${oneLine(input.company)}` : ""}`;
  for (const admin of await listAdmins(services.db)) {
    await sendEmail(services, {
      to: admin.email,
      subject: `New ${label.toLowerCase()} from ${oneLine(input.name)}`,
      body: `${label} from ${from}:\n\n${input.message}\n\n${link}`,
    });
  }
  return item!;
}

const owner = aliasedTable(users, "owner");
const member = aliasedTable(users, "member");

/** What each sortable column sorts by. */
const SORT: Partial<Record<InboundColumn, SQL>> = {
  id: sql`${inboundItems.id}`,
  createdAt: sql`${inboundItems.createdAt}`,
  name: sql`lower(${inboundItems.name})`,
  email: sql`lower(${inboundItems.email})`,
  company: sql`lower(${inboundItems.company})`,
  phone: sql`${inboundItems.phone}`,
  member: sql`lower(${member.name})`,
  customer: sql`lower(${customers.name})`,
  project: sql`lower(${projects.projectName})`,
  companyWebsite: sql`lower(${inboundItems.companyWebsite})`,
  status: sql`${inboundItems.status}`,
  owner: sql`lower(${owner.name})`,
  updatedAt: sql`${inboundItems.updatedAt}`,
};

export type InboundListQuery = ListQuery<InboundFilters> & { kind: InboundKind };

/** What the text search looks in: the columns of `inbound_items_fts` (migration 0060), and the same in the table. */
const INBOUND_TEXT_FIELDS = ["name", "email", "company", "phone", "company_website", "message", "notes"];
// the message first: a word in most items is in their messages, and a row is checked no further once found
const INBOUND_TEXT_COLUMNS = [inboundItems.message, inboundItems.name, inboundItems.email, inboundItems.company, inboundItems.phone, inboundItems.companyWebsite, inboundItems.notes];

const INBOUND_INDEX = "inbound_items_fts";

/**
 * The text of a search whose density is sampled: one the trigram index finds (three characters or
 * more) and `like` can find in the rows walked (ASCII); null for any other (decision 093).
 */
function sampledText(q: string | undefined) {
  const text = q?.trim();
  return text && [...text].length >= TRIGRAM && asciiText(text) ? text : null;
}

/**
 * The WHERE of a view: the kind, the text search and the per-column filters. A text in most items
 * (`dense`) is checked on each row the page's order walks; any other is found in the trigram index.
 */
function whereOf(kind: InboundKind, filters: InboundFilters, dense: boolean, shortDense = false, { shortWalked = false, walkSortIndex = false } = {}) {
  const status = oneOf(INBOUND_STATUSES, filters.status);
  const ownerId = chosen(filters.owner);
  const text = sampledText(filters.q);
  const short = shortWalked ? shortJoinedText(filters.q) : null;
  return and(
    eq(inboundItems.kind, kind),
    // walking the sort's index (decision 105), a status is kept off its own (a unary plus): else SQLite sorts the status's items
    status ? (walkSortIndex ? sql`+${inboundItems.status} = ${status}` : eq(inboundItems.status, status)) : undefined,
    ownerId === "none" ? isNull(inboundItems.ownerId) : ownerId ? eq(inboundItems.ownerId, recordId(ownerId) ?? -1) : undefined,
    short
      ? sql`exists (select 1 from ${inboundItemsText} where ${inboundItemsText.kind} = ${kind} and ${inboundItemsText.id} = ${inboundItems.id} and ${containsText(inboundItemsText.text, short)})`
      : dense && text
      ? walkedTextMatch(text, { id: inboundItems.id, index: INBOUND_INDEX, columns: INBOUND_TEXT_COLUMNS })
      : ((!shortDense && shortTextMatch(kind, filters.q)) || indexedTextMatch(filters.q, { id: inboundItems.id, index: INBOUND_INDEX, fields: INBOUND_TEXT_FIELDS, columns: INBOUND_TEXT_COLUMNS })),
    withinDays(inboundItems.createdAt, filters),
  );
}

/** Where how densely a kind's short text is found is learnt (text-density.server.ts): each kind apart. */
const shortTextKey = (kind: InboundKind) => `inbound_items_text ${kind}`;

/** A short text's matches among the kind's newest items (DENSITY_SAMPLE of its range of the joined text, 0.1 ms), read with the page. */
const shortTextSample = (kind: InboundKind, text: string) =>
  sql<number | null>`(select count(*) from (select ${inboundItemsText.text} as text from ${inboundItemsText} where ${inboundItemsText.kind} = ${kind} order by ${inboundItemsText.id} desc limit ${sql.raw(String(DENSITY_SAMPLE))}) where ${containsText(sql`text`, text)})`;

/**
 * A text shorter than a trigram, looked for in the kind's range of each item's seven fields kept joined
 * (inboundItemsText, migration 0085, decision 103), one value and one `like` an item: the kind's rows read for seven
 * fields each (25,000 items: 30 ms). Undefined for any other text. A short text in most of the kind's items is
 * read from the rows as before (`shortDense`): every match's row is read for its order either way, and gathered
 * through the joined copy they cost more (25,000 items, "e": 19 -> 28 ms).
 */
function shortTextMatch(kind: InboundKind, q: string | undefined) {
  const short = shortJoinedText(q);
  if (!short) return undefined;
  return sql`${inboundItems.id} in (select ${inboundItemsText.id} from ${inboundItemsText} where ${inboundItemsText.kind} = ${kind} and ${containsText(inboundItemsText.text, short)})`;
}

/** The sorts an index of the kind gives in either direction: a short text in most of the kind's items walks them (decision 105). */
const WALKED_SORTS = new Set<string>(["createdAt", "name", "id", "status"]);

/** One page of one kind, with the owner's name and, for inquiries, the member, customer and project. */
export async function listInbound(
  db: Database,
  { kind, filters = {}, sort = "createdAt", desc = true, page = 1, pageSize = INBOUND_PAGE_SIZE }: InboundListQuery,
) {
  const text = sampledText(filters.q);
  const walked = Boolean(text && isDense(INBOUND_INDEX, text));
  // lowered as `like`'s pattern is: "E" is the same search as "e"
  const short = shortJoinedText(filters.q)?.toLowerCase() ?? null;
  const shortDense = Boolean(short && isDense(shortTextKey(kind), short));
  // a short text in most of the kind's items under a sort an index gives (decision 105): the page walks that index, each
  // item's joined text sought by its key, and stops at its last row; gathered, every match was sorted (25,000 items, "e": 25-30 ms)
  const shortWalked = shortDense && WALKED_SORTS.has(sort);
  const where = shortWalked
    ? whereOf(kind, filters, false, true, { shortWalked, walkSortIndex: sort !== "status" })
    : whereOf(kind, filters, walked, shortDense);
  const learn = (seen: unknown) => {
    if (seen == null) return;
    if (text) learnDensity(INBOUND_INDEX, text, Number(seen));
    if (short) learnDensity(shortTextKey(kind), short, Number(seen));
  };
  // the count carries how densely the text is found among the newest items, for the next search
  const sample = text
    ? sql<number | null>`(${matchesAmongNewest(INBOUND_INDEX, trigramMatch(INBOUND_INDEX, text), { table: inboundItems, id: inboundItems.id })})`
    : short
      ? shortTextSample(kind, short)
      : sql<number | null>`null`;
  const rowsOf = <E extends Record<string, SQL.Aliased>>(extra: E) =>
    db
      .select({
        item: inboundItems,
        ownerName: owner.name,
        memberName: member.name,
        memberEmail: member.email,
        customerId: customers.id,
        customerName: customers.name,
        projectName: projects.projectName,
        ...extra,
      })
      .from(inboundItems)
      .leftJoin(owner, eq(owner.id, inboundItems.ownerId))
      .leftJoin(member, eq(member.id, inboundItems.userId))
      .leftJoin(customers, eq(customers.id, member.customerId))
      .leftJoin(projects, eq(projects.id, inboundItems.projectId))
      .$dynamic();
  const by = SORT[sort as InboundColumn] ?? SORT.createdAt!;
  const idsOf = <C extends Record<string, SQL | SQL.Aliased | typeof inboundItems.id>>(columns: C) => {
    // only the join the sort reads: SQLite kept the member's for every row otherwise
    const ids = db.select(columns).from(inboundItems).$dynamic();
    if (sort === "owner") ids.leftJoin(owner, eq(owner.id, inboundItems.ownerId));
    if (sort === "member" || sort === "customer") ids.leftJoin(member, eq(member.id, inboundItems.userId));
    if (sort === "customer") ids.leftJoin(customers, eq(customers.id, member.customerId));
    if (sort === "project") ids.leftJoin(projects, eq(projects.id, inboundItems.projectId));
    ids.where(where);
    return ids;
  };
  if (filters.q?.trim() && !walked && !shortWalked) {
    // a text found in the trigram index: its matches gathered once, carrying their count and the sample, the page's rows joined to them
    const ids = () => idsOf({ id: inboundItems.id, total: sql<number>`count(*) over ()`.as("total"), sample: sample.as("sample") });
    const found = await pageOfGathered(
      (chosen) => rowsOf({ total: chosen.total, sample: chosen.sample }).innerJoin(chosen, eq(chosen.id, inboundItems.id)),
      ids,
      { by, desc, id: inboundItems.id, page, pageSize },
      ({ sample: seen }) => {
        learn(seen);
      },
    );
    return { ...found, rows: found.rows.map(({ sample: _sample, ...row }) => row) };
  }
  return pageOrLast((at) => {
    const ids = idsOf({ id: inboundItems.id });
    // a walked short text alone is counted in one pass over the kind's range of the joined text; with a filter, the filter's items each checked by key
    const textAlone = shortWalked && !oneOf(INBOUND_STATUSES, filters.status) && !chosen(filters.owner) && !withinDays(inboundItems.createdAt, filters);
    const counted = textAlone
      ? db.select({ count: sql<number>`count(*)`, sample }).from(inboundItemsText).where(and(eq(inboundItemsText.kind, kind), containsText(inboundItemsText.text, short!)))
      : db.select({ count: sql<number>`count(*)`, sample }).from(inboundItems).where(shortWalked ? whereOf(kind, filters, false, true, { shortWalked }) : where);
    const count = counted
      .then((rows) => {
        const [counted] = rows;
        learn(counted?.sample);
        return rows;
      });
    return pageOfChosen((chosen) => rowsOf({}).where(chosen), ids, count, { by, desc, id: inboundItems.id, page: at, pageSize });
  }, page);
}

type Handling = { status: InboundStatus; ownerId: number | null; notes: string };
const HANDLING = ["status", "ownerId", "notes"] as const;

/**
 * Status, owner and notes of an item of this kind; null when there is no such item (or the owner is not an admin).
 * Given `opened`, the row as the admin's page showed it, only what this admin changed there is written: another
 * admin's save meanwhile (the item taken, its notes written) is kept, not put back as the page showed it; a field
 * both changed, to different values, is `clash` and nothing is written. Each field written is conditioned on being
 * still as read, so a save landing between the read and the write is a clash too.
 */
export async function updateInbound(
  db: Database,
  { id, kind, status, ownerId, notes, opened }: { id: number; kind: InboundKind; opened?: Handling } & Handling,
): Promise<InboundItem | null | "not-an-admin" | { clash: keyof Handling; current: Handling }> {
  if (ownerId !== null) {
    const [admin] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, ownerId), isAdminRow)).limit(1);
    if (!admin) return "not-an-admin";
  }
  const item = and(eq(inboundItems.id, id), eq(inboundItems.kind, kind));
  const typed: Handling = { status, ownerId, notes };
  let changed: (keyof Handling)[] = [...HANDLING];
  let asRead: SQL | undefined;
  if (opened) {
    const [current] = await db.select().from(inboundItems).where(item);
    if (!current) return null;
    // changed on the page, and not already so (the same change made twice: a second click, two admins alike)
    changed = HANDLING.filter((key) => typed[key] !== opened[key] && current[key] !== typed[key]);
    const clash = changed.find((key) => current[key] !== opened[key]);
    if (clash) return { clash, current: handlingOf(current) };
    if (!changed.length) return current;
    asRead = and(...changed.map((key) => (opened[key] === null ? isNull(inboundItems[key]) : eq(inboundItems[key], opened[key]))));
  }
  const [row] = await db
    .update(inboundItems)
    .set({ ...Object.fromEntries(changed.map((key) => [key, typed[key]])), updatedAt: new Date() })
    .where(and(item, asRead))
    .returning();
  if (!row && asRead) {
    // another save landed between the read and this write: answered as one made before it, with the row as it is now
    const [now] = await db.select().from(inboundItems).where(item);
    return now ? { clash: changed[0]!, current: handlingOf(now) } : null;
  }
  return row ?? null;
}

const handlingOf = (item: InboundItem): Handling => ({ status: item.status, ownerId: item.ownerId, notes: item.notes });

/**
 * An admin's answer to a member's inquiry: kept on the inquiry (the member reads it
 * in /messages), and the member is told in the app and by e-mail. Written only while the
 * inquiry has no answer: an answer sent twice (a double click, a second tab, two posts at
 * once) finds it answered (`already`), keeps the first and tells the member nothing more.
 */
export async function answerInquiry(services: Services, { id, admin, answer }: { id: number; admin: Admin; answer: string }) {
  const inquiry = and(eq(inboundItems.id, id), eq(inboundItems.kind, "inquiry"));
  const [row] = await services.db
    .update(inboundItems)
    .set({
      answer,
      answeredAt: new Date(),
      answeredBy: admin.id,
      updatedAt: new Date(),
      status: sql`case when ${inboundItems.status} = 'new' then 'contacted' else ${inboundItems.status} end`,
    })
    .where(and(inquiry, isNull(inboundItems.answeredAt)))
    .returning();
  if (!row) {
    const [answered] = await services.db.select().from(inboundItems).where(inquiry).limit(1);
    return answered ? { row: answered, already: true as const } : null;
  }
  if (row.userId) {
    // a question asked from a teaser: the member may have asked about several listings, the mail says which
    const [listing] = row.projectId ? await services.db.select({ name: projects.projectName }).from(projects).where(eq(projects.id, row.projectId)).limit(1) : [];
    const about = listing ? ` about ${listing.name}` : "";
    await notify(dealServices(services), row.userId, {
      kind: "message",
      message: `Our team answered your question${about}.`,
      link: "/messages",
      email: { subject: `Our team answered your question${about}`, body: `Your question${about}:\n${row.message}\n\nOur answer:\n${answer}` },
    });
  }
  return { row, already: false as const };
}

/** The inbox shows a member's latest questions, this many. */
const MEMBER_INQUIRIES_SHOWN = 50;

/** A member's own questions and the answers, newest first. */
export async function listMemberInquiries(db: Database, { userId }: { userId: number }) {
  return memberInquiries(db).all({ userId });
}

// on every visit to the inbox: built once
const memberInquiries = preparedQuery((db) =>
  db
    .select({
      id: inboundItems.id,
      message: inboundItems.message,
      answer: inboundItems.answer,
      answeredAt: inboundItems.answeredAt,
      createdAt: inboundItems.createdAt,
      projectId: inboundItems.projectId,
      projectName: projects.projectName,
    })
    .from(inboundItems)
    .leftJoin(projects, eq(projects.id, inboundItems.projectId))
    .where(and(eq(inboundItems.kind, "inquiry"), eq(inboundItems.userId, sql.placeholder("userId"))))
    .orderBy(desc(inboundItems.id))
    .limit(MEMBER_INQUIRIES_SHOWN)
    .prepare(),
);

/** What an admin list of one kind shows: this admin's view of its table, one page of it, and the admins an item may go to. */
export async function inboundListPage(services: Services, { admin, kind, request }: { admin: Pick<Admin, "id">; kind: InboundKind; request: Request }) {
  const { view, query } = await listView(services, { reader: admin, table: INBOUND_TABLE_KEYS[kind], request });
  const [list, admins] = await Promise.all([listInbound(services.db, { kind, ...query }), listAdmins(services.db)]);
  return { kind, ...list, view, filters: query.filters as InboundFilters, admins: admins.map(({ id, name }) => ({ id, name })) };
}

/**
 * An inbound list page's form, read and done: a response to send as it is (the
 * errors, or the table's preference forms), or where to go back to and what to say.
 */
export async function inboundAction(services: Services, { admin, kind, request }: { admin: Admin; kind: InboundKind; request: Request }) {
  const table = INBOUND_TABLE_KEYS[kind];
  const submission = parseWithZod(await readForm(request), { schema: inboundPageSchema(table) });
  if (submission.status !== "success") return invalid(submission);
  const change = submission.value;
  if (change.intent === "columns" || change.intent === "save-view" || change.intent === "reset") {
    return handleTableAction(services, admin.id, change, request);
  }
  const opened = change.intent === "update" ? openedHandling(change.id, submission.payload.opened) : undefined;
  const done = await applyInboundIntent(services, { admin, kind, change: change.intent === "update" ? { ...change, opened } : change, address: clientAddress(request) });
  if (!done) throw notFound();
  if ("clash" in done) return theirChangeShown(services.db, submission, done);
  if ("error" in done) return refuse(submission, done.error, 400);
  const url = new URL(request.url);
  return { to: url.pathname + url.search, message: done.message };
}

/**
 * The row's form as its page showed it (its hidden `opened`), read by the same schema as the typed values;
 * undefined when missing or unreadable (the save then writes every field, as before).
 */
function openedHandling(id: number, opened: unknown): Handling | undefined {
  try {
    const parsed = inboundAdminSchema().safeParse({ ...(JSON.parse(String(opened ?? "")) as object), intent: "update", id });
    return parsed.success && parsed.data.intent === "update" ? { status: parsed.data.status, ownerId: parsed.data.ownerId, notes: parsed.data.notes } : undefined;
  } catch {
    return undefined;
  }
}

/** The message on a field another admin changed meanwhile, once the row's form shows the change (`now`, as the form names it). */
export const inboundChangedMeanwhileTo = (now: string) =>
  `${now ? `Someone changed this to “${now}”` : "Someone emptied this"} since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`;

/**
 * A row's save refused for a field another admin changed meanwhile: the row's form shows it as it is now, with
 * what this admin changed kept as they typed it, says on the field what it holds now, and is opened on the row as
 * stored (as the admin's user and customer edits): saving again is a decision made having seen the other's.
 */
async function theirChangeShown(db: Database, submission: { payload: Record<string, unknown>; reply: (o: { fieldErrors: Record<string, string[]> }) => ActionResult }, { clash, current }: { clash: keyof Handling; current: Handling }) {
  const now = { status: current.status, ownerId: current.ownerId === null ? "" : String(current.ownerId), notes: current.notes };
  let was: Record<string, unknown> = {};
  try {
    was = JSON.parse(String(submission.payload.opened ?? "")) as Record<string, unknown>;
  } catch {
    // unreadable: every field counts as this admin's
  }
  const typed = submission.payload;
  const shown = Object.fromEntries(Object.entries(now).map(([key, value]) => [key, String(typed[key] ?? "") === String(was[key] ?? "") ? value : typed[key]]));
  const owner = current.ownerId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, current.ownerId));
  const said = clash === "status" ? INBOUND_STATUS_LABELS[current.status] : clash === "ownerId" ? (owner[0]?.name ?? "") : current.notes;
  const result = submission.reply({ fieldErrors: { [clash]: [inboundChangedMeanwhileTo(said)] } });
  return reply({ ...result, initialValue: { ...result.initialValue, ...shown, opened: JSON.stringify(now) } }, 409);
}

export type InboundIntent =
  | ({ intent: "update"; id: number; opened?: Handling } & Handling)
  | { intent: "answer"; id: number; answer: string };

/**
 * An admin's change to an item of this kind, written to the audit log. Null when
 * there is no such item; an error message when the change cannot be made.
 */
export async function applyInboundIntent(
  services: Services,
  { admin, kind, change, address }: { admin: Admin; kind: InboundKind; change: InboundIntent; address?: string },
): Promise<null | { error: string } | { clash: keyof Handling; current: Handling } | { message: string }> {
  if (change.intent === "answer") {
    if (kind !== "inquiry") return null;
    const done = await answerInquiry(services, { id: change.id, admin, answer: change.answer });
    if (!done) return null;
    // sent again: the first answer is the one the member was sent
    if (done.already) return { message: "This question is answered already." };
    const { row } = done;
    await recordAudit(services.db, { actor: admin, action: "inquiry.answer", subjectType: "inbound", subjectId: row.id, address });
    return { message: "Your answer is sent." };
  }
  const row = await updateInbound(services.db, { ...change, kind });
  if (row === "not-an-admin") return { error: "The owner must be an admin." };
  if (!row) return null;
  if ("clash" in row) return row;
  await recordAudit(services.db, {
    actor: admin,
    action: `${kind}.update`,
    subjectType: "inbound",
    subjectId: row.id,
    detail: `status ${row.status}, owner ${row.ownerId ?? "none"}`,
    address,
  });
  return { message: "Saved." };
}
