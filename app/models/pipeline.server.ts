import { and, desc, eq, exists, max, min, sql, type Column, type Placeholder, type SQL, type Subquery, type Table } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contracts, feedback, holdsRole, messages, offers, projectPipeline, projects, recentlyViewed, users } from "~/.server/db/schema";
import { pageCarryingTotal } from "~/models/list-query.server";
import { PIPELINE_STAGES, type NdaStatus, type OfferStatus, type PipelineStage } from "~/lib/deal";
import { preparedQuery } from "~/.server/db/prepared";
import { alias } from "drizzle-orm/sqlite-core";

export type PipelineEntry = {
  projectId: number;
  projectName: string;
  projectStatus: string;
  buyerId: number;
  buyerName: string;
  buyerCompany: string;
  stage: PipelineStage;
  ndaStatus: NdaStatus | null;
  offerStatus: OfferStatus | null;
  /** When each stage was reached (epoch ms), where it was. */
  dates: Partial<Record<PipelineStage, number>>;
  lastActivity: number;
};

type Key = `${number}:${number}`;
const keyOf = (projectId: number, buyerId: number): Key => `${projectId}:${buyerId}`;
const ms = (d: Date | number | null | undefined) => (d instanceof Date ? d.getTime() : (d ?? undefined));

/** Whose records a pipeline reads: one project's or one buyer's. */
type Reach = "project" | "buyer";

/** The records a pipeline is derived from, of one project or of one buyer (`id`). */
function pipelineReads(db: Database, reach: Reach) {
  const byProject = reach === "project";
  const id = sql.placeholder("id");
  const where = (projectColumn: Column, buyerColumn: Column): SQL => (byProject ? sql`${projectColumn} = ${id}` : sql`${buyerColumn} = ${id}`);
  return {
    events: eventsOf(db, where, {
      // a buyer's threads' ends are sought in the thread index, not grouped from the buyer's
      threads: byProject ? undefined : { ofBuyer: id },
    }),
    names: namesOf(db, reach, id),
  };
}

/**
 * The records of the (project, buyer) pairs `where` chooses; `threads` when those pairs' threads are
 * known without the messages (each thread's ends then a seek of the thread index).
 */
function eventsOf(db: Database, where: (projectColumn: Column, buyerColumn: Column) => SQL, { threads }: { threads?: ThreadPairs } = {}) {
  // the five kinds of record as one statement (on D1 each statement of a batch is parsed and run
  // on its own), told apart by `kind`; `at`, `until` and `decided` are epoch ms. A buyer's NDAs
  // and offers are taken in the order they were made (`seq`, sorted in entriesOf): the last one's
  // status is where they stand.
  const kind = (name: EventKind) => sql<EventKind>`${name}`;
  const none = sql<null>`null`;
  const events = db
    .select({ kind: kind("view"), projectId: recentlyViewed.projectId, buyerId: recentlyViewed.userId, status: sql<string | null>`null`, at: sql<number | null>`${recentlyViewed.viewedAt}`, until: sql<number | null>`null`, decided: sql<number | null>`null`, seq: sql<number>`0`.as("seq") })
    .from(recentlyViewed)
    .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
    // the seller's own looks are not interest
    .where(
      and(
        where(recentlyViewed.projectId, recentlyViewed.userId),
        sql`${projects.sellerId} != ${recentlyViewed.userId}`,
      ),
    )
    .unionAll(
      db
        .select({ kind: kind("nda"), projectId: contracts.projectId, buyerId: contracts.buyerId, status: sql<string | null>`${contracts.ndaStatus}`, at: sql<number | null>`${contracts.requestedAt}`, until: sql<number | null>`${contracts.signedAt}`, decided: sql<number | null>`${contracts.decidedAt}`, seq: sql<number>`${contracts.id}` })
        .from(contracts)
        .where(where(contracts.projectId, contracts.buyerId)),
    )
    .unionAll(threadsOf(db, where, threads))
    .unionAll(
      db
        .select({ kind: kind("bid"), projectId: offers.projectId, buyerId: offers.buyerId, status: sql<string | null>`${offers.status}`, at: sql<number | null>`${offers.createdAt}`, until: sql<number | null>`${offers.updatedAt}`, decided: none, seq: sql<number>`${offers.id}` })
        .from(offers)
        .where(where(offers.projectId, offers.buyerId)),
    )
    .unionAll(
      db
        .select({ kind: kind("pass"), projectId: feedback.projectId, buyerId: feedback.buyerId, status: none, at: sql<number | null>`${feedback.createdAt}`, until: none, decided: none, seq: sql<number>`0` })
        .from(feedback)
        .where(where(feedback.projectId, feedback.buyerId)),
    );
  return events;
}

/**
 * The other side of every record (the buyers of a project, the projects of a buyer), as one union.
 */
function touchedOf(reach: Reach, id: Placeholder): SQL {
  const byProject = reach === "project";
  const other = (table: Table, projectColumn: Column, buyerColumn: Column): SQL =>
    byProject ? sql`select ${buyerColumn} from ${table} where ${projectColumn} = ${id}` : sql`select ${projectColumn} from ${table} where ${buyerColumn} = ${id}`;
  return sql.join(
    [
      other(recentlyViewed, recentlyViewed.projectId, recentlyViewed.userId),
      other(contracts, contracts.projectId, contracts.buyerId),
      // a thread is many messages: each named once before the union, which otherwise sorted every
      // message in (a buyer's 11,000 in 300 threads: the list took half again as long)
      sql`select * from (select distinct ${byProject ? messages.buyerId : messages.projectId} from ${messages} where ${byProject ? messages.projectId : messages.buyerId} = ${id})`,
      other(offers, offers.projectId, offers.buyerId),
      other(feedback, feedback.projectId, feedback.buyerId),
    ],
    sql` union `,
  );
}

function namesOf(db: Database, reach: Reach, id: Placeholder) {
  const byProject = reach === "project";
  // the other side of every record named in the same round trip as the records: on D1 reads
  // started together are one call (decision 037)
  const touched = touchedOf(reach, id);
  // the buyers and the projects named, as one statement: `side` tells them apart, and a
  // project's status stands in the column of a person's company
  return db
    // whether the person is an admin (their looks are not interest), not their roles: a project's thousands need no JSON read
    .select({ side: sql<"person" | "listing">`'person'`.as("side"), id: users.id, name: users.name, detail: users.company, admin: sql<number>`${holdsRole(users.roles, "ROLE_ADMIN")}`.as("admin") })
    .from(users)
    .where(byProject ? sql`${users.id} in (${touched})` : eq(users.id, id))
    .unionAll(
      db
        .select({ side: sql<"person" | "listing">`'listing'`, id: projects.id, name: projects.projectName, detail: sql<string>`${projects.status}`, admin: sql<number>`0` })
        .from(projects)
        .where(byProject ? eq(projects.id, id) : sql`${projects.id} in (${touched})`),
    );
}

type EventKind = "view" | "nda" | "thread" | "bid" | "pass";

/**
 * Each thread's first and latest message. A project's threads (and a page of its buyers') are ranges
 * of the thread index, which holds the time; a buyer's index does not, and grouping it read every
 * message's row (a buyer's 11,000 messages, 300 threads: 3.6 ms), where each thread's two ends are
 * a seek of the thread index.
 */
function threadsOf(db: Database, where: (projectColumn: Column, buyerColumn: Column) => SQL, pairs: ThreadPairs | undefined) {
  const kind = sql<EventKind>`${"thread" satisfies EventKind}`;
  const none = sql<null>`null`;
  if (pairs === undefined)
    return db
      .select({ kind, projectId: messages.projectId, buyerId: messages.buyerId, status: none, at: sql<number | null>`min(${messages.createdAt})`, until: sql<number | null>`max(${messages.createdAt})`, decided: none, seq: sql<number>`0` })
      .from(messages)
      .where(where(messages.projectId, messages.buyerId))
      .groupBy(messages.projectId, messages.buyerId);
  const threads = "ofBuyer" in pairs ? threadsOfBuyer(db, pairs.ofBuyer) : threadsOfPage(db, pairs);
  const message = alias(messages, "message");
  const end = (which: typeof min) => db.select({ at: which(message.createdAt) }).from(message).where(and(eq(message.projectId, threads.projectId), eq(message.buyerId, threads.buyerId)));
  // the ends worked out in a subquery of its own: in a compound's arm the columns lose their table
  const thread = db
    .select({ projectId: threads.projectId, buyerId: threads.buyerId, firstAt: sql<number | null>`(${end(min)})`.as("first_at"), lastAt: sql<number | null>`(${end(max)})`.as("last_at") })
    .from(threads)
    .as("thread");
  return db.select({ kind, projectId: thread.projectId, buyerId: thread.buyerId, status: none, at: thread.firstAt, until: thread.lastAt, decided: none, seq: sql<number>`0` }).from(thread);
}

/** The threads whose ends are sought: a buyer's, or those of a page of one project's buyers. */
type ThreadPairs = { ofBuyer: Placeholder } | { projectId: Placeholder; page: Subquery; buyerId: Column };

const threadsOfBuyer = (db: Database, buyerId: Placeholder) =>
  db.selectDistinct({ projectId: messages.projectId, buyerId: messages.buyerId }).from(messages).where(eq(messages.buyerId, buyerId)).as("threads");

// a page's buyers who wrote or were written to on the project, each found by one seek: grouping the
// project's messages by buyer read every message of the page's threads (the busiest project's
// 5,000-message thread: 0.6 ms of the desk's pipeline, where the seeks take 0.2)
function threadsOfPage(db: Database, { projectId, page, buyerId }: { projectId: Placeholder; page: Subquery; buyerId: Column }) {
  const message = alias(messages, "any_message");
  return db
    // named apart from the messages' columns: the ends' seeks name them unqualified
    .select({ projectId: sql<number>`${projectId}`.as("thread_project_id"), buyerId: sql<number>`${buyerId}`.as("thread_buyer_id") })
    .from(page)
    .where(exists(db.select({ one: sql`1` }).from(message).where(and(eq(message.projectId, projectId), eq(message.buyerId, buyerId)))))
    .as("threads");
}

/** A buyer's deals (and the tests' derivation of a project's pipeline) read these: each built once. */
function preparedReads(reach: Reach) {
  return {
    events: preparedQuery((db) => pipelineReads(db, reach).events.prepare()),
    names: preparedQuery((db) => pipelineReads(db, reach).names.prepare()),
  };
}
const OF_PROJECT = preparedReads("project");
const OF_BUYER = preparedReads("buyer");

/**
 * Where every interested buyer stands, derived from what they did (views, NDA,
 * messages, offers, feedback) so it can never disagree with the records themselves.
 * Scoped to one buyer (their deals) or one project: the desk pages a project's from what is
 * kept (`projectPipelinePage`), and the tests hold that to this derivation.
 */
export async function pipeline(db: Database, scope: { projectId: number } | { buyerId: number }): Promise<PipelineEntry[]> {
  const { entries, person, listing } = await pipelineEntries(db, scope);
  return entries.map((e) => named(e, person, listing));
}

async function pipelineEntries(db: Database, scope: { projectId: number } | { buyerId: number }) {
  const [reads, id] = "projectId" in scope ? [OF_PROJECT, scope.projectId] : [OF_BUYER, scope.buyerId];
  const [events, names] = await Promise.all([reads.events(db).all({ id }), reads.names(db).all({ id })]);
  const person = new Map(names.filter((n) => n.side === "person").map((p) => [p.id, p]));
  const listing = new Map(names.filter((n) => n.side === "listing").map((p) => [p.id, p]));
  return { entries: entriesOf(events).filter((e) => !person.get(e.buyerId)?.admin), person, listing };
}

/**
 * A page of a project's pipeline, latest activity first (the buyer's id settles a tie), and how many
 * buyers are in it: the desk of a sought-after project has thousands. Each buyer's latest activity
 * is kept (`project_pipeline`, decision 077), so the page's buyers are the first of its index past
 * the offset, and only their records are read to tell where each stands. Two statements started
 * together (one call to D1), each choosing the page again; the first names the page's buyers, in
 * order, and carries the count.
 */
export async function projectPipelinePage(db: Database, { projectId, page, pageSize }: { projectId: number; page: number; pageSize: number }) {
  const read = async (offset: number) => {
    const at = { id: projectId, limit: pageSize, offset };
    const [rows, events] = await Promise.all([PAGE.rows(db).all(at), PAGE.events(db).all(at)]);
    const byBuyer = new Map(entriesOf(events).map((e) => [e.buyerId, e]));
    const listing = new Map([[projectId, { name: rows[0]?.projectName ?? "", detail: rows[0]?.projectStatus ?? "" }]]);
    const person = new Map(rows.map((r) => [r.buyerId, { name: r.name ?? "", detail: r.company ?? "" }]));
    // a kept pair has a record (the triggers of migration 0067); one erased between the two
    // statements leaves the row its rank and name, without dates
    const rawOf = (buyerId: number, last: number): RawEntry => byBuyer.get(buyerId) ?? { projectId, buyerId, dates: {}, ndaStatus: null, offerStatus: null, last };
    return rows.map((r) => ({ ...named(rawOf(r.buyerId, r.last), person, listing), total: r.total }));
  };
  const { rows, total, page: at } = await pageCarryingTotal(read, { page, pageSize });
  return { entries: rows, total, page: at, pageSize };
}

/** The page's reads: built once, as every project page's desk reads them. */
const PAGE = {
  rows: preparedQuery((db) => pipelinePageReads(db).rows.prepare()),
  events: preparedQuery((db) => pipelinePageReads(db).events.prepare()),
};

function pipelinePageReads(db: Database) {
  const id = sql.placeholder("id");
  // an admin's look is not a buyer's interest: the admins are few, listed from their partial index
  const notAdmin = sql`${projectPipeline.buyerId} not in (select ${users.id} from ${users} where ${holdsRole(users.roles, "ROLE_ADMIN")})`;
  const ofProject = and(eq(projectPipeline.projectId, id), notAdmin);
  const pageIds = db
    .select({ buyerId: projectPipeline.buyerId })
    .from(projectPipeline)
    .where(ofProject)
    .orderBy(desc(projectPipeline.lastActivityAt), projectPipeline.buyerId)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  const pageBuyers = pageIds.as("page_buyers");
  return {
    rows: db
      .select({
        buyerId: projectPipeline.buyerId,
        name: users.name,
        company: users.company,
        projectName: projects.projectName,
        projectStatus: projects.status,
        last: projectPipeline.lastActivityAt,
        total: sql<number>`(select count(*) from ${projectPipeline} where ${ofProject})`,
      })
      .from(projectPipeline)
      .leftJoin(users, eq(users.id, projectPipeline.buyerId))
      .leftJoin(projects, eq(projects.id, projectPipeline.projectId))
      .where(ofProject)
      .orderBy(desc(projectPipeline.lastActivityAt), projectPipeline.buyerId)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
    events: eventsOf(db, (projectColumn, buyerColumn) => sql`${projectColumn} = ${id} and ${buyerColumn} in ${pageIds}`, { threads: { projectId: id, page: pageBuyers, buyerId: pageBuyers.buyerId } }),
  };
}

type Named = { name: string; detail: string };
type RawEntry = { projectId: number; buyerId: number; dates: PipelineEntry["dates"]; ndaStatus: NdaStatus | null; offerStatus: OfferStatus | null; last: number };

function named(e: RawEntry, person: Map<number, Named>, listing: Map<number, Named>): PipelineEntry {
  return {
    projectId: e.projectId,
    projectName: listing.get(e.projectId)?.name ?? "",
    projectStatus: listing.get(e.projectId)?.detail ?? "",
    buyerId: e.buyerId,
    buyerName: person.get(e.buyerId)?.name ?? "",
    buyerCompany: person.get(e.buyerId)?.detail ?? "",
    stage: stageOf(e.dates),
    ndaStatus: e.ndaStatus,
    offerStatus: e.offerStatus,
    dates: e.dates,
    lastActivity: e.last,
  };
}

/** Each (project, buyer)'s stages from their records, latest activity first. */
function entriesOf(events: Array<{ kind: EventKind; projectId: number; buyerId: number; status: string | null; at: number | null; until: number | null; decided: number | null; seq: number }>): RawEntry[] {
  const entries = new Map<Key, RawEntry>();
  const touch = (projectId: number, buyerId: number, stage: PipelineStage | null, at: number | undefined) => {
    const key = keyOf(projectId, buyerId);
    let entry = entries.get(key);
    if (!entry) entries.set(key, (entry = { projectId, buyerId, dates: {}, ndaStatus: null, offerStatus: null, last: 0 }));
    if (stage && at !== undefined) entry.dates[stage] ??= at;
    if (at !== undefined) entry.last = Math.max(entry.last, at);
    return entry;
  };
  // sorted here, not by the statement: a compound's ORDER BY sorted each kind apart and merged them,
  // twice the statement's time for a buyer's 3,000 records; a stable sort keeps the kinds' order
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    switch (e.kind) {
      case "view":
        touch(e.projectId, e.buyerId, "viewed", ms(e.at));
        break;
      case "nda": {
        const entry = touch(e.projectId, e.buyerId, "nda_requested", ms(e.at));
        entry.ndaStatus = e.status as NdaStatus;
        touch(e.projectId, e.buyerId, "nda_signed", ms(e.until));
        if (e.status === "NDA Approved") touch(e.projectId, e.buyerId, "nda_approved", ms(e.decided ?? e.until));
        break;
      }
      case "thread":
        touch(e.projectId, e.buyerId, "negotiating", ms(e.at));
        touch(e.projectId, e.buyerId, null, ms(e.until));
        break;
      case "bid":
        touch(e.projectId, e.buyerId, "offered", ms(e.at)).offerStatus = e.status as OfferStatus;
        touch(e.projectId, e.buyerId, null, ms(e.until));
        break;
      case "pass":
        touch(e.projectId, e.buyerId, "passed", ms(e.at));
    }
  }
  for (const entry of entries.values()) entry.dates = withFirstLook(entry.dates);
  return [...entries.values()].sort((a, b) => b.last - a.last);
}

/**
 * The dates with the look dated no later than any step after it. A look's record holds the buyer's
 * latest look (recently viewed moves with each), not their first: a buyer back on the listing
 * after signing showed "Viewed" dated after their NDA. Their first look came before every later step.
 */
export function withFirstLook(dates: PipelineEntry["dates"]): PipelineEntry["dates"] {
  if (dates.viewed === undefined) return dates;
  return { ...dates, viewed: Math.min(...Object.values(dates)) };
}

/** The furthest stage reached; passing trumps everything before it. */
export function stageOf(dates: PipelineEntry["dates"]): PipelineStage {
  if (dates.passed !== undefined) return "passed";
  for (const stage of [...PIPELINE_STAGES].reverse()) if (dates[stage] !== undefined) return stage;
  return "viewed";
}

