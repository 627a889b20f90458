import { and, desc, eq, lt, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { messageThreads, messages, offers, projects, threadReads, users, type Project, type User } from "~/.server/db/schema";
import { DESK_TABLE_PAGE_SIZE, workspacePath } from "~/lib/deal";
import type { Role } from "~/lib/roles";
import { notify, type DealServices } from "./notifications.server";
import { sellerOfProject, statusSeenByBuyers } from "./projects.server";
import { colleaguesWithPlaceholders, reachValues, reachWithPlaceholders, type Reach } from "./seller-reach.server";
import { recomputeLater } from "./responsiveness.server";
import { hitRateLimit } from "./rate-limits.server";
import { pageCarryingTotal } from "./list-query.server";
import { recordId } from "~/lib/query-params";

export const MESSAGE_MAX = 4000;

/** Messages on one page of a thread. */
export const THREAD_PAGE_SIZE = 50;

// a page of a thread, newest first from `before` (one more than shown, to know whether earlier ones
// exist): a range of the buyers' index, (buyer, project) ended by the id, so the page is read in id
// order and stops at its 51st message however long the thread; built once
const threadPage = preparedQuery((db) =>
  db
    .select({ id: messages.id, body: messages.body, createdAt: messages.createdAt, senderId: messages.senderId, senderName: users.name, senderCompany: users.company })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.buyerId, sql.placeholder("buyerId")), eq(messages.projectId, sql.placeholder("projectId")), lt(messages.id, sql.placeholder("before"))))
    .orderBy(desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1)
    .prepare(),
);
const readUpTo = preparedQuery((db) =>
  db
    .insert(threadReads)
    .values({ projectId: sql.placeholder("projectId"), buyerId: sql.placeholder("buyerId"), userId: sql.placeholder("userId"), lastReadId: sql.placeholder("lastReadId") })
    // a marker only moves forward: a page drawn before a newer one was read must not bring messages back
    .onConflictDoUpdate({
      target: [threadReads.projectId, threadReads.buyerId, threadReads.userId],
      set: { lastReadId: sql`excluded.last_read_id` },
      setWhere: sql`${threadReads.lastReadId} < excluded.last_read_id`,
    })
    .prepare(),
);

const markerOfReader = preparedQuery((db) =>
  db
    .select({ lastReadId: threadReads.lastReadId })
    .from(threadReads)
    .where(and(eq(threadReads.projectId, sql.placeholder("projectId")), eq(threadReads.buyerId, sql.placeholder("buyerId")), eq(threadReads.userId, sql.placeholder("userId"))))
    .prepare(),
);

/** The last message of a thread a member has read (0 when none): a page reads it to write the marker only when it moves. */
export async function readMarkerOf(db: Database, { projectId, buyerId, userId }: { projectId: number; buyerId: number; userId: number }) {
  return (await markerOfReader(db).all({ projectId, buyerId, userId }))[0]?.lastReadId ?? 0;
}

/** A thread page's `before` from its URL (`?before=<message id>`): undefined for the latest page. */
export function threadPageOf(request: Request) {
  return recordId(new URL(request.url).searchParams.get("before"));
}

/**
 * A page of a thread, oldest first as it is read: its latest 50 messages, or the 50 before the
 * message `before` (the oldest one the reader was shown). `earlier` is the `before` of the page
 * that precedes it, null when this page starts the thread. Messages are ordered by id, the order
 * they were written in, as the read markers are.
 */
export async function threadMessages(db: Database, { projectId, buyerId, before }: { projectId: number; buyerId: number; before?: number }) {
  const rows = await threadPage(db).all({ projectId, buyerId, before: before ?? Number.MAX_SAFE_INTEGER });
  const shown = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  return { messages: shown, earlier: rows.length > THREAD_PAGE_SIZE ? shown[0]!.id : null };
}

/** The thread is read up to `shownUpTo`: the last message a page showed or a member wrote (0: none). */
export async function markThreadRead(db: Database, { projectId, buyerId, userId, shownUpTo }: { projectId: number; buyerId: number; userId: number; shownUpTo: number }) {
  if (!shownUpTo) return;
  await readUpTo(db).run({ projectId, buyerId, userId, lastReadId: shownUpTo });
}

/** How much of a message its e-mail quotes. */
export const MESSAGE_EXCERPT_CHARS = 1000;

/**
 * A message as its e-mail quotes it: a long one was cut at 1,000 characters mid-word (or mid-emoji) with
 * nothing to say so, and read as the whole message; it now ends with an ellipsis and says the rest is in
 * the thread, whose link follows.
 */
export function messageExcerpt(body: string) {
  if (body.length <= MESSAGE_EXCERPT_CHARS) return body;
  const cut = body.slice(0, MESSAGE_EXCERPT_CHARS).replace(/[\uD800-\uDBFF]$/, "").trimEnd();
  return `${cut}…\n\n(The message goes on: read all of it in the thread.)`;
}

/**
 * E-mails a member gets about one thread in an hour; past them each message is still a notification in
 * the app. Every message was an e-mail: one side could send hundreds a minute to the other's inbox, from
 * a form (our mail provider's quota and our sending name spent with it).
 */
export const MESSAGE_MAILS = { limit: 10, windowMs: 60 * 60_000 };

/**
 * Posts to the thread and tells the other side: the seller when a buyer writes, the buyer otherwise.
 * With the message form's one-time key (decision 083), the same form posted again (a double click,
 * a resend, back and send again) gets the message the key stored, `repeated`, and nothing is stored,
 * notified or mailed again; the unique index (sender, key) decides, so two posts at the same moment
 * store one message too. A key of the sender's that stored another text or went to another thread
 * is not a repeat (a page sent again with a new message): that message is posted as one without a key.
 */
export async function postMessage(
  services: DealServices,
  project: Project,
  buyer: Pick<User, "id" | "roles">,
  sender: User,
  body: string,
  submissionKey: string | null = null,
): Promise<typeof messages.$inferSelect & { repeated?: true }> {
  const [row] = await services.db
    .insert(messages)
    .values({ projectId: project.id, buyerId: buyer.id, senderId: sender.id, body, submissionKey })
    .onConflictDoNothing({ target: [messages.senderId, messages.submissionKey] })
    .returning();
  if (!row) {
    const [first] = await services.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, sender.id), eq(messages.submissionKey, submissionKey!)));
    if (first && first.projectId === project.id && first.buyerId === buyer.id && first.body === body) return { ...first, repeated: true };
    return postMessage(services, project, buyer, sender, body);
  }
  await markThreadRead(services.db, { projectId: project.id, buyerId: buyer.id, userId: sender.id, shownUpTo: row!.id });
  // a message asks the other side, or answers it
  recomputeLater(services, { projectId: project.id, buyerId: buyer.id });
  // the other side hears of it; when an admin joins, both sides do
  const recipients = [project.sellerId, buyer.id].filter((id) => id !== sender.id);
  for (const recipient of recipients) {
    const mailed = await hitRateLimit(services.db, `message-mail:${project.id}:${buyer.id}:${recipient}`, MESSAGE_MAILS);
    await notify(services, recipient, {
      kind: "message",
      message: `${sender.name} (${sender.company}) wrote about ${project.projectName}.`,
      link: recipient === buyer.id ? workspacePath(buyer.roles, project.id) : `/messages/${project.id}/${buyer.id}`,
      email: mailed.allowed ? { subject: `New message: ${project.projectName}`, body: `${sender.name} (${sender.company}) wrote:\n\n${messageExcerpt(body)}` } : undefined,
    });
  }
  return row!;
}

const reader = alias(threadReads, "reader");

/** Threads on one page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/**
 * A page of the threads the member may read, the latest message first, each with its figures as
 * they read it: a buyer their own on projects buyers still see (and on one sold to them), a seller those on the projects they reach (their own, and their
 * team's as their permissions say: `reach` from sellerReachKindOf) and those they are the buyer in,
 * admins all. `older` says whether another page follows.
 */
export async function listThreads(db: Database, user: Pick<User, "id">, role: Role | null, { reach, page = 1 }: { reach?: Reach; page?: number } = {}) {
  const at = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const values = { userId: user.id, limit: INBOX_PAGE_SIZE + 1, offset: (at - 1) * INBOX_PAGE_SIZE };
  const within = reach ?? { kind: "own" as const, userId: user.id };
  const rows =
    role === "admin"
      ? await everyThread(db).all(values)
      : role !== "seller"
        ? await buyersThreads(db).all(values)
        : await sellersThreads[within.kind](db).all({ ...values, ...reachValues(within) });
  return { threads: rows.slice(0, INBOX_PAGE_SIZE), page: at, older: rows.length > INBOX_PAGE_SIZE };
}

/**
 * The threads on the projects a seller reaches, one row each (`thread`): SQLite has no skip-scan, so
 * the recursive step finds each project's next buyer thread with one seek into the threads' index
 * instead of reading every message. Counting a seller's unread messages and listing their inbox
 * start here.
 */
function threadsInReach(reached: SQL) {
  return sql`with recursive thread(project_id, buyer_id) as (
      select ${projects.id}, (select min(m.buyer_id) from ${messages} m where m.project_id = ${projects.id}) from ${projects} where ${reached}
      union all
      select project_id, (select min(m.buyer_id) from ${messages} m where m.project_id = thread.project_id and m.buyer_id > thread.buyer_id)
      from thread where buyer_id is not null
    )`;
}

/** A thread's last message: the highest id in its range of the buyers' index (whose rows end in the id). */
const lastIdOf = (thread: string) => sql`(select max(m.id) from ${messages} m where m.buyer_id = ${sql.raw(thread)}.buyer_id and m.project_id = ${sql.raw(thread)}.project_id)`;

/**
 * The rule of an unread message, for one thread of an outer query (`thread` names its row: project_id,
 * buyer_id): from someone else, past the reader's marker. A range of the buyers' index.
 */
const unreadIn = (thread: string, userId: Placeholder) => {
  const t = sql.raw(thread);
  return sql`(select count(*) from ${messages} m where m.buyer_id = ${t}.buyer_id and m.project_id = ${t}.project_id and m.sender_id != ${userId} and m.id > coalesce(
    (select r.last_read_id from ${threadReads} r where r.project_id = ${t}.project_id and r.buyer_id = ${t}.buyer_id and r.user_id = ${userId}), 0))`;
};

/**
 * The inbox's pages, one statement for each kind of reader: the page's threads (project, buyer,
 * last message id) are chosen first, and only their figures are read. Grouping every message of
 * the market into threads for the admin's inbox took 85 ms at 200,000 messages, and listed
 * thousands; a page of the newest threads walks the newest messages and stops at its 26th thread.
 */
const inboxPage = (pageOf: (userId: Placeholder) => SQL) =>
  preparedQuery((db) => {
    const userId = sql.placeholder("userId");
    const inThread = sql.raw("m.buyer_id = page.buyer_id and m.project_id = page.project_id");
    return db
      .select({
        projectId: sql<number>`page.project_id`,
        projectName: sql<string>`(select p.project_name from ${projects} p where p.id = page.project_id)`,
        buyerId: sql<number>`page.buyer_id`,
        buyerName: sql<string>`(select u.name from ${users} u where u.id = page.buyer_id)`,
        buyerCompany: sql<string>`(select u.company from ${users} u where u.id = page.buyer_id)`,
        messages: sql<number>`(select count(*) from ${messages} m where ${inThread})`,
        lastAt: sql<number>`(select max(m.created_at) from ${messages} m where m.project_id = page.project_id and m.buyer_id = page.buyer_id)`,
        unread: sql<number>`${unreadIn("page", userId)}`,
      })
      .from(sql`(${pageOf(userId)}) page`)
      .orderBy(sql`page.last_id desc`)
      .prepare();
  });
const PAGE = sql`limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`;
// every thread: a message is its thread's last when no later one is in the thread
const everyThread = inboxPage(
  () => sql`select m.project_id, m.buyer_id, m.id as last_id from ${messages} m
    where not exists (select 1 from ${messages} n where n.buyer_id = m.buyer_id and n.project_id = m.project_id and n.id > m.id)
    order by m.id desc ${PAGE}`,
);
/**
 * Whether a thread's buyer still reads it (`status`, `projectId`, `buyerId` name its project's status
 * and its columns): on a project buyers see, or on a sold one whose accepted offer is theirs, which its
 * buyer keeps reading (decision 092, as findDealProject says). On a withdrawn one, or one sold to
 * another, the thread answers its buyer 404, so their inbox and their count leave it out. The offers
 * are looked up (by their project's index) only for a sold project.
 */
const buyerStillReads = (status: SQL | AnyColumn, projectId: SQL, buyerId: SQL) =>
  sql`(${statusSeenByBuyers(status)} or (${status} = 'sold' and exists (select 1 from ${offers} o where o.project_id = ${projectId} and o.buyer_id = ${buyerId} and o.status = 'accepted')))`;
// one look-up of the project's key a thread
const openToBuyer = (projectId: SQL, buyerId: SQL) =>
  sql`exists (select 1 from ${projects} p where p.id = ${projectId} and ${buyerStillReads(sql.raw("p.status"), projectId, buyerId)})`;
// the threads are grouped first (materialized), so that each thread's project is looked up once, not
// once for each of its messages
const buyersThreads = inboxPage(
  (userId) => sql`with thread as materialized (select project_id, buyer_id, max(id) as last_id from ${messages} where buyer_id = ${userId} group by project_id, buyer_id)
    select project_id, buyer_id, last_id from thread where ${openToBuyer(sql.raw("thread.project_id"), sql.raw("thread.buyer_id"))} order by last_id desc ${PAGE}`,
);
// Three parts, each latest first: on the seller's own projects, their markers (each keeps its
// thread's latest message, migration 0065), as many as the page reaches; on the team's projects they
// reach, thread by thread (a colleague has a marker only once they opened a thread); and the threads
// where they are the buyer, on projects they do not reach.
const sellersInbox = (kind: Reach["kind"]) => {
  const reached = reachWithPlaceholders(kind);
  const [limit, offset] = [sql.placeholder("limit"), sql.placeholder("offset")];
  return inboxPage((userId) => {
    const own = sql`select * from (select r.project_id, r.buyer_id, r.last_message_id as last_id from ${threadReads} r indexed by thread_reads_latest_idx
      where r.user_id = ${userId} and r.last_message_id > 0 and (select p.seller_id from ${projects} p where p.id = r.project_id) = ${userId}
      order by r.last_message_id desc limit ${limit} + ${offset})`;
    const team =
      kind === "own"
        ? sql``
        : sql`union all select * from (${threadsInReach(colleaguesWithPlaceholders(kind))}
      select project_id, buyer_id, ${lastIdOf("thread")} as last_id from thread where buyer_id is not null)`;
    return sql`${own}
      ${team}
      union all
      select m.project_id, m.buyer_id, max(m.id) from ${messages} m join ${projects} on ${projects.id} = m.project_id
      where m.buyer_id = ${userId} and not coalesce(${reached}, 0) and ${buyerStillReads(projects.status, sql.raw("m.project_id"), sql.raw("m.buyer_id"))} group by m.project_id, m.buyer_id
      order by last_id desc ${PAGE}`;
  });
};
const sellersThreads = { own: sellersInbox("own"), team: sellersInbox("team"), granted: sellersInbox("granted") };
/** The statement an inbox page runs, for its query plan's test. */
export const inboxStatement = (db: Database, reader: "admin" | "buyer" | Reach["kind"]) =>
  (reader === "admin" ? everyThread : reader === "buyer" ? buyersThreads : sellersThreads[reader])(db);

/** The threads a page of a project's desk lists. */
export const DESK_THREADS_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

/**
 * A page of a project's threads on its desk (`?threads=`), the latest message first, with their
 * unread counts as `reader` sees them: "seller" for the project's seller (whose threads a colleague
 * reads), or an admin's id; and how many threads there are. The desk's guard decided who may read
 * them; every thread of the project is the seller's, and an admin reads all.
 */
export async function projectThreads(db: Database, { projectId, reader: who, page = 1 }: { projectId: number; reader: "seller" | number; page?: number }) {
  return pageCarryingTotal(
    (offset) => (who === "seller" ? threadsForSeller(db).all({ projectId, offset }) : threadsForAdmin(db).all({ projectId, readerId: who, offset })),
    { page, pageSize: DESK_THREADS_PAGE_SIZE },
  );
}

// The page's threads are read from the kept threads (migration 0082) in the index's order (each
// thread's latest message time, the buyer settling a tie, so that no thread is on two pages), with
// their message counts; they were worked out by grouping every message of the project, 1.2 ms of
// the busiest desk (decision 098). What the reader has not read is their marker's count (kept by
// triggers on messages), so that no message row is read: a thread of 5,000 messages was read whole
// to compare each with the marker. A reader with no marker on a thread (an admin who never opened
// it, a seller who took the project over) has every message from others unread.
function projectThreadsQuery(db: Database, readerId: Placeholder | SQL) {
  const projectId = sql.placeholder("projectId");
  const thread = db
    .select({
      projectId: messageThreads.projectId,
      buyerId: messageThreads.buyerId,
      count: sql<number>`${messageThreads.messageCount}`.as("count"),
      lastAt: sql<number>`${messageThreads.lastAt}`.as("last_at"),
    })
    .from(messageThreads)
    .where(eq(messageThreads.projectId, projectId))
    .orderBy(desc(messageThreads.lastAt), messageThreads.buyerId)
    .limit(DESK_THREADS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .as("thread");
  const threadCount = db.select({ total: sql<number>`count(*)` }).from(messageThreads).where(eq(messageThreads.projectId, projectId));
  const fromOthers = sql`(select count(*) from ${messages} others where others.project_id = ${thread.projectId} and others.buyer_id = ${thread.buyerId} and others.sender_id != ${readerId})`;
  const buyer = alias(users, "buyer");
  return db
    .select({
      projectId: thread.projectId,
      projectName: projects.projectName,
      buyerId: thread.buyerId,
      buyerName: buyer.name,
      buyerCompany: buyer.company,
      messages: thread.count,
      lastAt: thread.lastAt,
      unread: sql<number>`coalesce(${reader.unread}, ${fromOthers})`,
      total: sql<number>`(${threadCount})`,
    })
    .from(thread)
    .innerJoin(projects, eq(projects.id, thread.projectId))
    .innerJoin(buyer, eq(buyer.id, thread.buyerId))
    .leftJoin(reader, and(eq(reader.projectId, thread.projectId), eq(reader.buyerId, thread.buyerId), eq(reader.userId, readerId)))
    .orderBy(desc(thread.lastAt), thread.buyerId)
    .prepare();
}

// every project desk lists its threads: built once for each kind of reader
const threadsForSeller = preparedQuery((db) => projectThreadsQuery(db, sellerOfProject(sql.placeholder("projectId"))));
const threadsForAdmin = preparedQuery((db) => projectThreadsQuery(db, sql.placeholder("readerId")));

/**
 * A buyer's or broker's unread messages; the member is a placeholder, or a column of an outer query.
 * Every thread's buyer has a marker from its first message on (migration 0069), keeping the messages
 * from others past it: the count adds up their markers as the thread's buyer that have any, a range of
 * the partial index (user, buyer, ...). Every page a member opens runs it with their session (sellers
 * and admins too), where it read each of the buyer's messages (decision 078). A marker's project is
 * looked up by its key only for the markers with something unread: a thread on a withdrawn project, or
 * one sold to another, which its buyer can no longer open, must not keep a count they cannot clear.
 */
export function buyersUnreadQuery(db: Database, userId: Placeholder | AnyColumn) {
  return db
    .select({ count: sql<number>`coalesce(sum(reader.unread), 0)` })
    .from(sql`${threadReads} reader`)
    // the partial index's condition written out as it is (thread_reads_buyer_unread_idx): a bound
    // value would not show the planner it holds
    .where(sql`reader.user_id = ${userId} and reader.unread > 0 and reader.buyer_id = reader.user_id and ${openToBuyer(sql.raw("reader.project_id"), sql.raw("reader.buyer_id"))}`);
}

// a buyer's or broker's count is on every page they open: built once, with the member as a placeholder
const buyersUnreadCount = preparedQuery((db) => buyersUnreadQuery(db, sql.placeholder("userId")).prepare());

/**
 * Messages from others the member has not read, across the threads they may read: a seller's are
 * those of the projects they reach (their own when `reach` is not given).
 */
export async function unreadMessageCount(db: Database, user: Pick<User, "id">, role: Role | null, reach?: Reach) {
  if (role === "admin") return 0; // admins read threads, they are not a side in them
  if (role !== "seller") {
    const [row] = await buyersUnreadCount(db).all({ userId: user.id });
    return row?.count ?? 0;
  }
  const within = reach ?? { kind: "own", userId: user.id };
  const [row] = await sellersUnreadCount[within.kind](db).all({ userId: user.id, ...reachValues(within) });
  return row?.count ?? 0;
}

// A seller's count is on every page they open: built once for each kind of reach, its values
// placeholders. Three counts added, each found through an index. On their own projects, the
// unread kept on their markers (migration 0058: every thread of their projects has one), the rows
// with any read from a partial index of the markers of projects they sell (0072). On their team's projects they reach, thread by thread
// (threadsInReach), each thread counting only the messages past the seller's read marker (a range
// of the buyers' index, whose rows end in the message id): a colleague's marker is made when they
// first open a thread. Then the threads where they are the buyer, on projects they do not reach, from
// their markers as the buyer. As one condition ("reached or theirs as buyer") SQLite read every message
// of the market.
const sellersUnreadQuery = (kind: Reach["kind"]) =>
  preparedQuery((db) => {
    const userId = sql.placeholder("userId");
    const reached = reachWithPlaceholders(kind);
    const own = sql`select coalesce(sum(r.unread), 0) from ${threadReads} r indexed by thread_reads_seller_unread_idx
      where r.user_id = ${userId} and r.unread > 0 and r.as_seller = 1`;
    const teams =
      kind === "own"
        ? sql`0`
        : sql`${threadsInReach(colleaguesWithPlaceholders(kind))}
      select coalesce(sum(${unreadIn("thread", userId)}), 0) from thread where buyer_id is not null`;
    // as a buyer's: their markers as the thread's buyer that have any (migration 0069), as a buyer's count is
    const asBuyer = sql`select coalesce(sum(r.unread), 0) from ${threadReads} r indexed by thread_reads_buyer_unread_idx
      join ${projects} on ${projects.id} = r.project_id where r.user_id = ${userId} and r.unread > 0 and r.buyer_id = r.user_id and not coalesce(${reached}, 0) and ${buyerStillReads(projects.status, sql.raw("r.project_id"), sql.raw("r.buyer_id"))}`;
    // one row, the member's: the three counts are its columns' subqueries
    return db
      .select({ count: sql<number>`(${own}) + (${teams}) + (${asBuyer})` })
      .from(users)
      .where(eq(users.id, userId))
      .prepare();
  });
const sellersUnreadCount = { own: sellersUnreadQuery("own"), team: sellersUnreadQuery("team"), granted: sellersUnreadQuery("granted") };
/** The statement a seller's count runs, for its query plan's test. */
export const sellersUnreadStatement = (db: Database, kind: Reach["kind"]) => sellersUnreadCount[kind](db);
