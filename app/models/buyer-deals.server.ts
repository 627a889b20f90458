import { and, desc, eq, inArray, notExists, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { contracts, feedback, holdsRole, messages, offerEvents, offers, projects, recentlyViewed, users } from "~/.server/db/schema";
import { preparedQuery } from "~/.server/db/prepared";
import { PIPELINE_STAGES, type NdaStatus, type OfferStatus, type PipelineStage } from "~/lib/deal";
import { pageCarryingTotal } from "./list-query.server";
import { withFirstLook, type PipelineEntry } from "./pipeline.server";
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

// the chart's latest looks, read apart from the page when another page is asked for: only the first
// few looks are walked, each checked by its seeks, and none is counted
const latestLooks = preparedQuery((db) => {
  const buyerId = sql.placeholder("buyerId");
  const order = [desc(recentlyViewed.viewedAt), desc(recentlyViewed.projectId)];
  const chosen = db.select({ projectId: recentlyViewed.projectId }).from(recentlyViewed).where(lookAlone(db, recentlyViewed, buyerId)).orderBy(...order).limit(sql.placeholder("limit"));
  return db
    .select({ projectId: recentlyViewed.projectId, projectName: projects.projectName, projectStatus: sql<string>`${projects.status}`, viewedAt: sql<number>`${recentlyViewed.viewedAt}` })
    .from(recentlyViewed)
    .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
    .where(and(eq(recentlyViewed.userId, buyerId), inArray(recentlyViewed.projectId, chosen)))
    .orderBy(...order)
    .prepare();
});

/**
 * The projects of a buyer's threads, a seek of the (buyer, project) index each rather than a read of
 * all of their messages (the survey's buyer: 300 threads of 11,000 messages); ends with a null.
 */
const threadsOf = (buyerId: Placeholder) => sql`threads(project_id) as (
      select min(project_id) from messages where buyer_id = ${buyerId}
      union all select (select min(m.project_id) from messages m where m.buyer_id = ${buyerId} and m.project_id > threads.project_id) from threads where threads.project_id is not null
    )`;

/**
 * The projects of a buyer's deals past a look and their own listings, once for a statement: a look
 * at any other is a look alone. Each table is read from its buyer's range (a few hundred rows).
 */
function dealtProjects(buyerId: Placeholder) {
  return sql`${threadsOf(buyerId)}, dealt(project_id) as (
      select project_id from contracts where buyer_id = ${buyerId}
      union all select project_id from threads where project_id is not null
      union all select project_id from offers where buyer_id = ${buyerId}
      union all select project_id from feedback where buyer_id = ${buyerId}
      union all select id from projects where seller_id = ${buyerId}
    )`;
}

// a page of the looks alone, latest first (the project settles a tie, so that none is on two pages),
// each carrying how many there are: each look is tested against the buyer's deals read once (a
// seek of five indexes a look was 3 ms of the survey's 2,003 looks for the count, and again for
// every look a deep page walks past); the page's projects are chosen from the (buyer, time) index
// first and only those projects' rows read
const lookedAtPage = preparedQuery((db) => {
  const buyerId = sql.placeholder("buyerId");
  const whole = (name: string) => sql`cast(${sql.placeholder(name)} as integer)`;
  const statement = sql`
    with recursive ${dealtProjects(buyerId)},
    alone as (select project_id, viewed_at from recently_viewed where user_id = ${buyerId} and project_id not in (select project_id from dealt))
    select rv.project_id as projectId, p.project_name as projectName, p.status as projectStatus, rv.viewed_at as viewedAt, (select count(*) from alone) as total
    from recently_viewed rv join projects p on p.id = rv.project_id
    where rv.user_id = ${buyerId} and rv.project_id in (select project_id from alone order by viewed_at desc, project_id desc limit ${whole("limit")} offset ${whole("offset")})`;
  const column = <T>(name: string) => sql<T>`${sql.identifier(name)}`;
  return db
    .select({
      projectId: column<number>("projectId"),
      projectName: column<string>("projectName"),
      projectStatus: column<string>("projectStatus"),
      viewedAt: column<number>("viewedAt"),
      total: column<number>("total"),
    })
    .from(sql`(${statement}) as "counted_looks"`)
    .orderBy(sql`"viewedAt" desc`, sql`"projectId" desc`)
    .prepare();
});

type Look = { projectId: number; projectName: string; projectStatus: string; viewedAt: number };

type PastStage = Exclude<PipelineStage, "viewed">;
type StagedRow = {
  projectId: number;
  projectName: string;
  projectStatus: string;
  stage: PastStage;
  last: number;
  total: number;
  page: number;
  shown: number;
  viewed: number | null;
  ndaRequested: number | null;
  ndaSigned: number | null;
  ndaApproved: number | null;
  negotiating: number | null;
  offered: number | null;
  passed: number | null;
  ndaStatus: NdaStatus | null;
  offerStatus: OfferStatus | null;
};

// each stage's page of the buyer's deals past a look, and each stage's `latest` first (the `latest`
// of them all are among those), each row carrying its stage's count and page. A deal's stage is its
// furthest record's: the buyer's NDAs, threads, offers and passes read once from their buyer ranges
// and grouped by project (five seeks of their (project, buyer) indexes a deal were 3,000 for the
// survey's 600); deals are ranked by the kept latest activity (`project_pipeline`, decision 077) within
// their stage, so that only the rows shown have their dates and statuses read. The rule is
// `entriesOf`'s: the tests hold the two equal.
const stagedDeals = preparedQuery((db) => {
  // a bound JS number reaches SQLite as a real, and a page's division must be a whole number's
  const whole = (name: string) => sql`cast(${sql.placeholder(name)} as integer)`;
  const buyerId = sql.placeholder("buyerId");
  const size = whole("pageSize");
  const pair = (alias: string) => sql`${sql.raw(alias)}.project_id = d.project_id and ${sql.raw(alias)}.buyer_id = ${buyerId}`;
  const STAGE_OF_MARK = ["nda_requested", "nda_signed", "nda_approved", "negotiating", "offered", "passed"] as const;
  const statement = sql`
    with recursive ${threadsOf(buyerId)}, marks(project_id, mark) as (
      select project_id, case when nda_status = 'NDA Approved' and coalesce(decided_at, signed_at) is not null then 3 when signed_at is not null then 2 else 1 end
        from contracts where buyer_id = ${buyerId}
      union all select project_id, 4 from threads where project_id is not null
      union all select project_id, 5 from offers where buyer_id = ${buyerId}
      union all select project_id, 6 from feedback where buyer_id = ${buyerId}
    ), staged as (
      select d.project_id, case max(d.mark) ${sql.raw(STAGE_OF_MARK.map((stage, i) => `when ${i + 1} then '${stage}'`).join(" "))} end as stage,
        coalesce((select k.last_activity_at from project_pipeline k where k.project_id = d.project_id and k.buyer_id = ${buyerId}), 0) as last
      from marks d group by d.project_id
    ), ranked as (
      select *, row_number() over (partition by stage order by last desc, project_id desc) as rn, count(*) over (partition by stage) as n
      from staged
    ), paged as (
      select *, min(max(1, case stage when 'passed' then ${whole("passed")} when 'offered' then ${whole("offered")} when 'negotiating' then ${whole("negotiating")}
        when 'nda_approved' then ${whole("nda_approved")} when 'nda_signed' then ${whole("nda_signed")} else ${whole("nda_requested")} end), (n + ${size} - 1) / ${size}) as page
      from ranked
    )
    select d.project_id as projectId, p.project_name as projectName, p.status as projectStatus, d.stage, d.last, d.n as total, d.page,
      (d.rn - 1) / ${size} + 1 = d.page as shown,
      (select rv.viewed_at from recently_viewed rv where rv.user_id = ${buyerId} and rv.project_id = d.project_id and p.seller_id != ${buyerId}) as viewed,
      (select c.requested_at from contracts c where ${pair("c")} order by c.id limit 1) as ndaRequested,
      (select c.signed_at from contracts c where ${pair("c")} and c.signed_at is not null order by c.id limit 1) as ndaSigned,
      (select coalesce(c.decided_at, c.signed_at) from contracts c where ${pair("c")} and c.nda_status = 'NDA Approved' and coalesce(c.decided_at, c.signed_at) is not null order by c.id limit 1) as ndaApproved,
      (select min(m.created_at) from messages m where ${pair("m")}) as negotiating,
      (select o.created_at from offers o where ${pair("o")} order by o.id limit 1) as offered,
      (select f.created_at from feedback f where ${pair("f")} order by f.rowid limit 1) as passed,
      (select c.nda_status from contracts c where ${pair("c")} order by c.id desc limit 1) as ndaStatus,
      (select o.status from offers o where ${pair("o")} order by o.id desc limit 1) as offerStatus
    from paged d join projects p on p.id = d.project_id
    where (d.rn - 1) / ${size} + 1 = d.page or d.rn <= ${whole("latest")}`;
  const column = <T>(name: keyof StagedRow) => sql<T>`${sql.identifier(name)}`;
  const names: Array<keyof StagedRow> = ["projectId", "projectName", "projectStatus", "stage", "last", "total", "page", "shown", "viewed", "ndaRequested", "ndaSigned", "ndaApproved", "negotiating", "offered", "passed", "ndaStatus", "offerStatus"];
  return db
    .select(Object.fromEntries(names.map((name) => [name, column(name)])) as { [K in keyof StagedRow]: SQL<StagedRow[K]> })
    .from(sql`(${statement}) as staged_deals`)
    .orderBy(sql`"last" desc`, sql`"projectId" desc`)
    .prepare();
});

const buyerOf = preparedQuery((db) =>
  db
    .select({ name: users.name, company: users.company, admin: sql<number>`${holdsRole(users.roles, "ROLE_ADMIN")}` })
    .from(users)
    .where(eq(users.id, sql.placeholder("buyerId")))
    .prepare(),
);


const latestFirst = (a: PipelineEntry, b: PipelineEntry) => b.lastActivity - a.lastActivity || b.projectId - a.projectId;

export type StagePage = { stage: PipelineStage; total: number; page: number; shown: PipelineEntry[] };

/**
 * A buyer's deals for their deals page: each stage reached (furthest first) with how many deals are
 * at it and the asked page of them, latest activity first; and the `latest` deals of all stages.
 * The deals past a look (hundreds: each is an NDA, a thread, an offer or a pass) are staged and
 * paged by one statement, only the rows shown read whole (working all 600 of the survey's buyer out
 * in JavaScript to show 25 a stage took 6 ms); the looks alone, thousands for a buyer who browses,
 * are a page and a count of an index, where working them all out took 44 ms for 2,600 deals.
 */
export async function buyerDealsPage(
  db: Database,
  { buyerId, pages, pageSize, latest }: { buyerId: number; pages: Partial<Record<PipelineStage, number>>; pageSize: number; latest: number },
) {
  const lookedAt = (offset: number) => lookedAtPage(db).all({ buyerId, offset, limit: pageSize });
  const asked = pageNumber(pages.viewed);
  // every read started together: on D1 one call (decision 037); the chart's latest looks are the
  // first page's, read again only when another page is asked for
  const pastPages = Object.fromEntries(PIPELINE_STAGES.filter((stage) => stage !== "viewed").map((stage) => [stage, pageNumber(pages[stage])])) as Record<PastStage, number>;
  const [[buyer], past, looks, latestRead] = await Promise.all([
    buyerOf(db).all({ buyerId }),
    stagedDeals(db).all({ buyerId, pageSize, latest, ...pastPages }),
    pageCarryingTotal(lookedAt, { page: asked, pageSize }),
    asked === 1 && latest <= pageSize ? null : latestLooks(db).all({ buyerId, limit: latest }),
  ]);
  // an admin's looks are no interest: they have no deals
  if (!buyer || buyer.admin) return { stages: [], latest: [], total: 0 };
  const person = { buyerId, buyerName: buyer.name, buyerCompany: buyer.company };
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
  const dealOf = (row: StagedRow): PipelineEntry => {
    const at = { viewed: row.viewed, nda_requested: row.ndaRequested, nda_signed: row.ndaSigned, nda_approved: row.ndaApproved, negotiating: row.negotiating, offered: row.offered, passed: row.passed };
    return {
      projectId: row.projectId,
      projectName: row.projectName,
      projectStatus: row.projectStatus,
      ...person,
      stage: row.stage,
      ndaStatus: row.ndaStatus,
      offerStatus: row.offerStatus,
      dates: withFirstLook(Object.fromEntries(Object.entries(at).filter(([, when]) => when !== null))),
      lastActivity: row.last,
    };
  };
  const stages = [...PIPELINE_STAGES].reverse().flatMap((stage): StagePage[] => {
    if (stage === "viewed") return looks.total ? [{ stage, total: looks.total, page: looks.page, shown: looks.rows.map(named) }] : [];
    const shown = past.filter((row) => row.stage === stage && row.shown);
    return shown.length ? [{ stage, total: shown[0]!.total, page: shown[0]!.page, shown: shown.map(dealOf) }] : [];
  });
  // the rows come latest first, and the `latest` of all deals are among each stage's `latest`
  const latestDeals = past.slice(0, latest).map(dealOf);
  const firstLooks = latestRead ?? looks.rows;
  return {
    stages,
    latest: [...latestDeals, ...firstLooks.slice(0, latest).map(named)].sort(latestFirst).slice(0, latest),
    // every stage reached has a page shown, carrying its count
    total: stages.reduce((sum, { total }) => sum + total, 0),
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
