import { and, eq, sql, type Column, type SQL, type Table } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { contracts, feedback, messages, offers, pageSessions, projects, recentlyViewed, users } from "~/.server/db/schema";
import { PIPELINE_STAGES, type NdaStatus, type OfferStatus, type PipelineStage } from "~/lib/deal";
import { inList } from "~/.server/db/in-list";
import { preparedQuery } from "~/.server/db/prepared";

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

/** The records a pipeline is derived from, of one project or of one buyer (`id`). */
function pipelineReads(db: Database, byProject: boolean) {
  const id = sql.placeholder("id");
  const where = (projectColumn: Column, buyerColumn: Column): SQL => (byProject ? sql`${projectColumn} = ${id}` : sql`${buyerColumn} = ${id}`);

  // the other side of every record (the buyers of a project, the projects of a buyer), named in
  // the same round trip as the records: on D1 reads started together are one call (decision 037)
  const other = (table: Table, projectColumn: Column, buyerColumn: Column): SQL =>
    byProject ? sql`select ${buyerColumn} from ${table} where ${projectColumn} = ${id}` : sql`select ${projectColumn} from ${table} where ${buyerColumn} = ${id}`;
  const touched = sql.join(
    [
      other(recentlyViewed, recentlyViewed.projectId, recentlyViewed.userId),
      other(contracts, contracts.projectId, contracts.buyerId),
      other(messages, messages.projectId, messages.buyerId),
      other(offers, offers.projectId, offers.buyerId),
      other(feedback, feedback.projectId, feedback.buyerId),
    ],
    sql` union `,
  );
  return {
    views: db
      .select({ projectId: recentlyViewed.projectId, buyerId: recentlyViewed.userId, at: recentlyViewed.viewedAt })
      .from(recentlyViewed)
      .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
      // the seller's own looks are not interest
      .where(and(where(recentlyViewed.projectId, recentlyViewed.userId), sql`${projects.sellerId} != ${recentlyViewed.userId}`)),
    ndas: db
      .select({
        projectId: contracts.projectId,
        buyerId: contracts.buyerId,
        ndaStatus: contracts.ndaStatus,
        requestedAt: contracts.requestedAt,
        signedAt: contracts.signedAt,
        decidedAt: contracts.decidedAt,
      })
      .from(contracts)
      .where(where(contracts.projectId, contracts.buyerId)),
    threads: db
      .select({ projectId: messages.projectId, buyerId: messages.buyerId, first: sql<number>`min(${messages.createdAt})`, last: sql<number>`max(${messages.createdAt})` })
      .from(messages)
      .where(where(messages.projectId, messages.buyerId))
      .groupBy(messages.projectId, messages.buyerId),
    bids: db
      .select({ projectId: offers.projectId, buyerId: offers.buyerId, status: offers.status, createdAt: offers.createdAt, updatedAt: offers.updatedAt })
      .from(offers)
      .where(where(offers.projectId, offers.buyerId))
      .orderBy(offers.id),
    passes: db.select({ projectId: feedback.projectId, buyerId: feedback.buyerId, createdAt: feedback.createdAt }).from(feedback).where(where(feedback.projectId, feedback.buyerId)),
    people: db
      .select({ id: users.id, name: users.name, company: users.company, roles: users.roles })
      .from(users)
      .where(byProject ? sql`${users.id} in (${touched})` : eq(users.id, id)),
    listings: db
      .select({ id: projects.id, name: projects.projectName, status: projects.status })
      .from(projects)
      .where(byProject ? eq(projects.id, id) : sql`${projects.id} in (${touched})`),
  };
}

/** Every project page's desk and every buyer's deals read these: each built once. */
function preparedReads(byProject: boolean) {
  return {
    views: preparedQuery((db) => pipelineReads(db, byProject).views.prepare()),
    ndas: preparedQuery((db) => pipelineReads(db, byProject).ndas.prepare()),
    threads: preparedQuery((db) => pipelineReads(db, byProject).threads.prepare()),
    bids: preparedQuery((db) => pipelineReads(db, byProject).bids.prepare()),
    passes: preparedQuery((db) => pipelineReads(db, byProject).passes.prepare()),
    people: preparedQuery((db) => pipelineReads(db, byProject).people.prepare()),
    listings: preparedQuery((db) => pipelineReads(db, byProject).listings.prepare()),
  };
}
const OF_PROJECT = preparedReads(true);
const OF_BUYER = preparedReads(false);

/**
 * Where every interested buyer stands, derived from what they did (views, NDA,
 * messages, offers, feedback) so it can never disagree with the records themselves.
 * Scoped to one project (the seller's and admin's view) or one buyer (their deals).
 */
export async function pipeline(db: Database, scope: { projectId: number } | { buyerId: number }): Promise<PipelineEntry[]> {
  const [reads, id] = "projectId" in scope ? [OF_PROJECT, scope.projectId] : [OF_BUYER, scope.buyerId];
  const [views, ndas, threads, bids, passes, people, listings] = await Promise.all([
    reads.views(db).all({ id }),
    reads.ndas(db).all({ id }),
    reads.threads(db).all({ id }),
    reads.bids(db).all({ id }),
    reads.passes(db).all({ id }),
    reads.people(db).all({ id }),
    reads.listings(db).all({ id }),
  ]);

  const entries = new Map<Key, { projectId: number; buyerId: number; dates: PipelineEntry["dates"]; ndaStatus: NdaStatus | null; offerStatus: OfferStatus | null; last: number }>();
  const touch = (projectId: number, buyerId: number, stage: PipelineStage | null, at: number | undefined) => {
    const key = keyOf(projectId, buyerId);
    let entry = entries.get(key);
    if (!entry) entries.set(key, (entry = { projectId, buyerId, dates: {}, ndaStatus: null, offerStatus: null, last: 0 }));
    if (stage && at !== undefined) entry.dates[stage] ??= at;
    if (at !== undefined) entry.last = Math.max(entry.last, at);
    return entry;
  };
  for (const v of views) touch(v.projectId, v.buyerId, "viewed", ms(v.at));
  for (const c of ndas) {
    const entry = touch(c.projectId, c.buyerId, "nda_requested", ms(c.requestedAt));
    entry.ndaStatus = c.ndaStatus;
    touch(c.projectId, c.buyerId, "nda_signed", ms(c.signedAt));
    if (c.ndaStatus === "NDA Approved") touch(c.projectId, c.buyerId, "nda_approved", ms(c.decidedAt ?? c.signedAt));
  }
  for (const t of threads) {
    touch(t.projectId, t.buyerId, "negotiating", ms(t.first));
    touch(t.projectId, t.buyerId, null, ms(t.last));
  }
  for (const o of bids) {
    const entry = touch(o.projectId, o.buyerId, "offered", ms(o.createdAt));
    entry.offerStatus = o.status;
    touch(o.projectId, o.buyerId, null, ms(o.updatedAt));
  }
  for (const f of passes) touch(f.projectId, f.buyerId, "passed", ms(f.createdAt));
  if (!entries.size) return [];

  const list = [...entries.values()];
  const person = new Map(people.map((p) => [p.id, p]));
  const listing = new Map(listings.map((p) => [p.id, p]));
  return list
    .filter((e) => !person.get(e.buyerId)?.roles.includes("ROLE_ADMIN"))
    .map((e) => ({
      projectId: e.projectId,
      projectName: listing.get(e.projectId)?.name ?? "",
      projectStatus: listing.get(e.projectId)?.status ?? "",
      buyerId: e.buyerId,
      buyerName: person.get(e.buyerId)?.name ?? "",
      buyerCompany: person.get(e.buyerId)?.company ?? "",
      stage: stageOf(e.dates),
      ndaStatus: e.ndaStatus,
      offerStatus: e.offerStatus,
      dates: e.dates,
      lastActivity: e.last,
    }))
    .sort((a, b) => b.lastActivity - a.lastActivity);
}

/** The furthest stage reached; passing trumps everything before it. */
export function stageOf(dates: PipelineEntry["dates"]): PipelineStage {
  if (dates.passed !== undefined) return "passed";
  for (const stage of [...PIPELINE_STAGES].reverse()) if (dates[stage] !== undefined) return stage;
  return "viewed";
}

/** The engagement columns of the project tables (ndas, negotiations, bids). */
export async function dealCounts(db: Database, projectIds: number[] | SQL) {
  const listed = Array.isArray(projectIds);
  const counts = new Map<number, DealCounts>(listed ? projectIds.map((id) => [id, { ...NO_DEALS }]) : []);
  if (listed && !projectIds.length) return counts;
  // ids, or a query of them (a seller's projects): then the counts go beside the list, not after it
  const only = (column: Column) => (listed ? inList(column, projectIds) : sql`${column} in (${projectIds})`);
  const [n, t, b, v] = await Promise.all([
    db.select({ id: contracts.projectId, count: sql<number>`count(*)` }).from(contracts).where(only(contracts.projectId)).groupBy(contracts.projectId),
    db.select({ id: messages.projectId, count: sql<number>`count(distinct ${messages.buyerId})` }).from(messages).where(only(messages.projectId)).groupBy(messages.projectId),
    db.select({ id: offers.projectId, count: sql<number>`count(*)` }).from(offers).where(only(offers.projectId)).groupBy(offers.projectId),
    // a buyer's last look at the project's pages (the seller's own visits are not buyers')
    db
      .select({ id: pageSessions.projectId, last: sql<number>`max(${pageSessions.sessionEnd})` })
      .from(pageSessions)
      .innerJoin(projects, eq(projects.id, pageSessions.projectId))
      .where(and(only(pageSessions.projectId), sql`${pageSessions.userId} != ${projects.sellerId}`))
      .groupBy(pageSessions.projectId),
  ]);
  const of = (id: number) => {
    let entry = counts.get(id);
    if (!entry) counts.set(id, (entry = { ...NO_DEALS }));
    return entry;
  };
  for (const r of n) of(r.id).ndas = r.count;
  for (const r of t) of(r.id).negotiations = r.count;
  for (const r of b) of(r.id).bids = r.count;
  for (const r of v) if (r.id !== null) of(r.id).lastUpdateBuyer = r.last;
  return counts;
}

type DealCounts = { ndas: number; negotiations: number; bids: number; lastUpdateBuyer: number | null };
const NO_DEALS: DealCounts = { ndas: 0, negotiations: 0, bids: 0, lastUpdateBuyer: null };

/** Project rows with the counts read for them. */
export function withCounts<T extends { id: number }>(rows: T[], counts: Map<number, DealCounts>) {
  return rows.map((r) => ({ ...r, ...(counts.get(r.id) ?? NO_DEALS) }));
}
