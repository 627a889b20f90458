import { and, count, desc, eq, inArray, notExists, sql, type Column, type Placeholder } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { contracts, feedback, messages, offerEvents, offers, projects, recentlyViewed } from "~/.server/db/schema";
import { preparedQuery } from "~/.server/db/prepared";
import { PIPELINE_STAGES, type PipelineStage } from "~/lib/deal";
import { pageCarryingTotal } from "./list-query.server";
import { dealsPastViewing, type PipelineEntry } from "./pipeline.server";
import { pageNumber } from "~/lib/query-params";
import { WITHDRAWN_NOTE } from "./project-withdrawal.server";
import { FELL_THROUGH_NOTE, SOLD_NOTE } from "./project-sale.server";
import { ACCEPTED_ANOTHER_NOTE } from "./offers.server";

/**
 * The buyer's looks that are a deal at the stage "viewed": at a project of someone else's on which
 * they have no NDA, thread, offer or pass. Each is a seek of the (project, buyer) index of the four.
 */
function lookAlone(db: Database, looks: { userId: Column; projectId: Column }, buyerId: Placeholder) {
  const seller = alias(projects, "seller");
  const none = (table: typeof contracts | typeof messages | typeof offers | typeof feedback) =>
    notExists(db.select({ one: sql`1` }).from(table).where(and(eq(table.projectId, looks.projectId), eq(table.buyerId, looks.userId))));
  return and(
    eq(looks.userId, buyerId),
    // the seller's own looks are not interest; (id, seller) is read from its index, not the wide row
    notExists(db.select({ one: sql`1` }).from(seller).where(and(eq(seller.id, looks.projectId), eq(seller.sellerId, looks.userId)))),
    none(contracts),
    none(messages),
    none(offers),
    none(feedback),
  );
}

// a page of those looks, latest first (the project settles a tie, so that none is on two pages),
// each carrying how many there are: the page's projects are chosen from the buyer's (buyer, time)
// index first, and only those projects' rows read; built once, the offset bound. The chart's latest
// looks, read again when another page is asked for, are the same read without the count: it was
// counted twice (1.5 ms of a 600-deal buyer's page at scale).
function looksPage(db: Database, counted: boolean) {
  const buyerId = sql.placeholder("buyerId");
  const order = [desc(recentlyViewed.viewedAt), desc(recentlyViewed.projectId)];
  const chosen = db
    .select({ projectId: recentlyViewed.projectId })
    .from(recentlyViewed)
    .where(lookAlone(db, recentlyViewed, buyerId))
    .orderBy(...order)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  const others = alias(recentlyViewed, "counted");
  return db
    .select({
      projectId: recentlyViewed.projectId,
      projectName: projects.projectName,
      projectStatus: sql<string>`${projects.status}`,
      viewedAt: sql<number>`${recentlyViewed.viewedAt}`,
      total: counted ? sql<number>`(${db.select({ n: count() }).from(others).where(lookAlone(db, others, buyerId))})` : sql<number>`0`,
    })
    .from(recentlyViewed)
    .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
    .where(and(eq(recentlyViewed.userId, buyerId), inArray(recentlyViewed.projectId, chosen)))
    .orderBy(...order)
    .prepare();
}
const lookedAtPage = preparedQuery((db) => looksPage(db, true));
const latestLooks = preparedQuery((db) => looksPage(db, false));

type Look = { projectId: number; projectName: string; projectStatus: string; viewedAt: number };


const latestFirst = (a: PipelineEntry, b: PipelineEntry) => b.lastActivity - a.lastActivity || b.projectId - a.projectId;

export type StagePage = { stage: PipelineStage; total: number; page: number; shown: PipelineEntry[] };

/**
 * A buyer's deals for their deals page: each stage reached (furthest first) with how many deals are
 * at it and the asked page of them, latest activity first; and the `latest` deals of all stages.
 * The deals past a look (hundreds at most: each is an NDA, a thread, an offer or a pass) are worked
 * out from every record, as `pipeline` does; the looks alone, thousands for a buyer who browses, are
 * a page and a count of an index, where working them all out took 44 ms for 2,600 deals.
 */
export async function buyerDealsPage(
  db: Database,
  { buyerId, pages, pageSize, latest }: { buyerId: number; pages: Partial<Record<PipelineStage, number>>; pageSize: number; latest: number },
) {
  const lookedAt = (offset: number) => lookedAtPage(db).all({ buyerId, offset, limit: pageSize });
  const asked = pageNumber(pages.viewed);
  // every read started together: on D1 one call (decision 037); the chart's latest looks are the
  // first page's, read again only when another page is asked for
  const [past, looks, latestRead] = await Promise.all([
    dealsPastViewing(db, buyerId),
    pageCarryingTotal(lookedAt, { page: asked, pageSize }),
    asked === 1 && latest <= pageSize ? null : latestLooks(db).all({ buyerId, offset: 0, limit: latest }),
  ]);
  // an admin's looks are no interest: they have no deals
  if (!past.buyer || past.buyer.admin) return { stages: [], latest: [], total: 0 };
  const person = { buyerId, buyerName: past.buyer.name, buyerCompany: past.buyer.detail };
  const named = (look: Look): PipelineEntry => ({
    projectId: look.projectId,
    projectName: look.projectName,
    projectStatus: look.projectStatus,
    ...person,
    stage: "viewed",
    ndaStatus: null,
    offerStatus: null,
    dates: { viewed: look.viewedAt },
    lastActivity: look.viewedAt,
  });
  const deals = [...past.entries].sort(latestFirst);
  const stages = [...PIPELINE_STAGES].reverse().flatMap((stage): StagePage[] => {
    if (stage === "viewed") return looks.total ? [{ stage, total: looks.total, page: looks.page, shown: looks.rows.map(named) }] : [];
    const all = deals.filter((e) => e.stage === stage);
    if (!all.length) return [];
    const page = Math.min(Math.ceil(all.length / pageSize), pageNumber(pages[stage]));
    return [{ stage, total: all.length, page, shown: all.slice((page - 1) * pageSize, page * pageSize) }];
  });
  const firstLooks = latestRead ?? looks.rows;
  return {
    stages,
    latest: [...deals.slice(0, latest), ...firstLooks.slice(0, latest).map(named)].sort(latestFirst).slice(0, latest),
    total: deals.length + looks.total,
  };
}

/**
 * The notes the marketplace closes an offer or NDA request with (decisions 089–091): only these are
 * a closing whose reason the deals page shows; a seller's rejection stays a rejection, its note theirs.
 */
const MARKET_CLOSINGS: ReadonlySet<string> = new Set([WITHDRAWN_NOTE, ACCEPTED_ANOTHER_NOTE, SOLD_NOTE, FELL_THROUGH_NOTE]);

/** Why a deal's last step closed without the seller answering it: its offer's or its NDA request's. */
export type Closing = { of: "offer" | "nda"; reason: string };

// the buyer's rejected offers, each with its latest history entry's note, and their rejected NDA
// requests with the reason: a seek of the (buyer, status) index, and a buyer has hundreds of deals at most
const rejectedOffers = preparedQuery((db) => {
  const latestNote = db.select({ note: offerEvents.note }).from(offerEvents).where(eq(offerEvents.offerId, offers.id)).orderBy(desc(offerEvents.id)).limit(1);
  return db
    .select({ projectId: offers.projectId, offerId: offers.id, note: sql<string | null>`(${latestNote})` })
    .from(offers)
    .where(and(eq(offers.buyerId, sql.placeholder("buyerId")), eq(offers.status, "rejected")))
    .prepare();
});
const rejectedNdas = preparedQuery((db) =>
  db
    .select({ projectId: contracts.projectId, reason: contracts.rejectionReason })
    .from(contracts)
    .where(and(eq(contracts.buyerId, sql.placeholder("buyerId")), eq(contracts.ndaStatus, "Rejected")))
    .prepare(),
);

/**
 * A buyer's deals the marketplace closed (the listing withdrawn, another offer accepted): for a deal,
 * the reason its buyer was told, null when its last step is open or the seller's own answer. A deal's
 * row shows its offer when it has one (the latest: the one `offerStatus` is of), else its NDA request.
 */
export async function marketClosings(db: Database, buyerId: number) {
  const [offerRows, ndaRows] = await Promise.all([rejectedOffers(db).all({ buyerId }), rejectedNdas(db).all({ buyerId })]);
  const latestRejected = new Map<number, { offerId: number; note: string | null }>();
  for (const row of offerRows) if ((latestRejected.get(row.projectId)?.offerId ?? 0) < row.offerId) latestRejected.set(row.projectId, row);
  const marketOnly = (rows: Array<[number, string | null]>) => new Map(rows.filter((r): r is [number, string] => r[1] !== null && MARKET_CLOSINGS.has(r[1])));
  const byOffer = marketOnly([...latestRejected].map(([projectId, { note }]) => [projectId, note]));
  const byNda = marketOnly(ndaRows.map((r) => [r.projectId, r.reason]));
  return (deal: Pick<PipelineEntry, "projectId" | "ndaStatus" | "offerStatus">): Closing | null => {
    const [of, reason] = deal.offerStatus
      ? (["offer", deal.offerStatus === "rejected" ? byOffer.get(deal.projectId) : undefined] as const)
      : (["nda", deal.ndaStatus === "Rejected" ? byNda.get(deal.projectId) : undefined] as const);
    return reason ? { of, reason } : null;
  };
}
