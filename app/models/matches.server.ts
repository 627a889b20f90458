import { and, asc, desc, eq, gt, inArray, isNull, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { nextTurn } from "~/.server/platform/next-turn";
import { longWriterOf } from "~/.server/db/off-thread";
import { preparedQuery } from "~/.server/db/prepared";
import { inList } from "~/.server/db/in-list";
import { contracts, customers, matches, pageSessions, projects, responsiveness, systemSettings, users, type Project } from "~/.server/db/schema";
import { criteriaFrom, type BuyerCriteria } from "~/lib/buyer-criteria";
import {
  MIN_MATCH_SCORE,
  NO_BEHAVIOUR,
  projectFacts,
  scoreProject,
  weightsFrom,
  type Behaviour,
  type MatchCriteria,
  type MatchReason,
  type MatchResult,
  type MatchWeights,
  type ProjectFacts,
  WEIGHT_KEYS,
} from "~/lib/match-score";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import type { ProjectBuyerSort } from "~/lib/project-buyers";
import { criteriaForMatching } from "./criteria-vocabulary.server";
import { scoreSql } from "./match-score-sql.server";
import { storedMatchesSql } from "./stored-match-sql.server";
import { sideResponsivenessSql, storedOrNone } from "./responsiveness.server";
import { pageOrLast } from "./list-query.server";
import { notListedByCompany } from "./project-search.server";

export const WEIGHTS_KEY = "matchWeights";

export async function matchWeights(db: Database): Promise<MatchWeights> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, WEIGHTS_KEY)).limit(1);
  return weightsFrom(row?.value);
}

/** The buyer companies matches are computed for: buyers and brokers still in business. */
export const matchable = and(inArray(customers.customerType, ["buyer", "broker"]), isNull(customers.anonymisedAt), eq(customers.enabled, true));

/** The companies a read of their criteria takes: 100,000 at once held Node's one thread about a second. */
export const COMPANIES_A_READ = 5_000;

/**
 * Every matchable company's criteria, ready to score, read COMPANIES_A_READ at a time in id order
 * with a turn of the event loop between reads (on Node a libsql read ends within the turn it was
 * asked in, so other requests wait for it; on D1 a read is one call each).
 */
export async function matchableCriteria(db: Database) {
  const companies: Array<{ id: number; criteria: ReturnType<typeof criteriaForMatching> }> = [];
  for (let after = 0; ; ) {
    const read = await db
      .select({ id: customers.id, preferences: customers.preferences })
      .from(customers)
      .where(and(matchable, gt(customers.id, after)))
      .orderBy(asc(customers.id))
      .limit(COMPANIES_A_READ);
    for (const company of read) companies.push({ id: company.id, criteria: criteriaForMatching(criteriaFrom(company.preferences)) });
    if (read.length < COMPANIES_A_READ) return companies;
    after = read.at(-1)!.id;
    await nextTurn();
  }
}

const visible = (column: typeof projects.status) => inArray(column, [...VISIBLE_TO_BUYERS]);

/** Signed NDAs and active minutes on projects of each industry, per customer (the "past behaviour" reason). */
export async function behaviourByCustomer(db: Database, { industry, customerId }: { industry?: string; customerId?: number }) {
  const byIndustry = (extra: SQL | undefined) => and(extra, industry === undefined ? undefined : eq(projects.industry, industry), customerId === undefined ? undefined : eq(users.customerId, customerId));
  const [ndas, minutes] = await Promise.all([
    db
      .select({ customerId: users.customerId, industry: projects.industry, n: sql<number>`count(*)` })
      .from(contracts)
      .innerJoin(users, eq(users.id, contracts.buyerId))
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .where(byIndustry(sql`${contracts.signedAt} is not null`))
      .groupBy(users.customerId, projects.industry),
    db
      .select({ customerId: users.customerId, industry: projects.industry, ms: sql<number>`sum(${pageSessions.activeTime})` })
      .from(pageSessions)
      .innerJoin(users, eq(users.id, pageSessions.userId))
      .innerJoin(projects, eq(projects.id, pageSessions.projectId))
      .where(byIndustry(undefined))
      .groupBy(users.customerId, projects.industry),
  ]);
  const out = new Map<string, Behaviour>();
  const at = (c: number | null, i: string) => {
    const key = `${c}|${i}`;
    const b = out.get(key) ?? { ...NO_BEHAVIOUR };
    out.set(key, b);
    return b;
  };
  for (const r of ndas) at(r.customerId, r.industry).ndasOnSimilar = Number(r.n);
  for (const r of minutes) at(r.customerId, r.industry).minutesOnSimilar = Number(r.ms) / 60_000;
  const lookup = (customer: number, industry: string) => out.get(`${customer}|${industry}`) ?? NO_BEHAVIOUR;
  /** One company's behaviour by industry. */
  const of = (customer: number) => new Map([...out].flatMap(([key, b]) => (key.startsWith(`${customer}|`) ? [[key.slice(`${customer}|`.length), b] as const] : [])));
  return Object.assign(lookup, { of });
}

/** Each buyer company's stored responsiveness score (models/responsiveness.server.ts), null when nothing was asked of it. */
export async function responsivenessByCustomer(db: Database, customerIds?: number | number[]) {
  const rows = await db
    .select({ customerId: responsiveness.customerId, score: responsiveness.score })
    .from(responsiveness)
    .where(
      and(
        eq(responsiveness.side, "buyer"),
        customerIds === undefined ? undefined : inList(responsiveness.customerId, typeof customerIds === "number" ? [customerIds] : customerIds),
      ),
    );
  return new Map(rows.flatMap((r) => (r.score === null ? [] : [[r.customerId, r.score] as const])));
}

export type Scored = { projectId: number; customerId: number; score: number; reasons: MatchReason[] };

/** Rows a statement: one JSON parameter each, so D1's 100-parameter limit does not cut a project into 500 inserts. */
const ROWS_PER_STATEMENT = 800;

/** Replaces the stored matches `scope` selects with `rows`, in one atomic batch (with the statements `also` builds on the writer, when given). */
export async function replaceMatches(db: Database, scope: SQL, rows: Scored[], now: number, also: (writer: Database) => unknown[] = () => []) {
  // a listing's matches for every buyer company are thousands of rows (134,000 for a drain's batch of
  // five at 100,000 companies, 1.7 s): on Node they go to the write thread (decision 108), and the
  // batch is the same when run twice
  const writer = longWriterOf(db);
  const statements: unknown[] = [writer.delete(matches).where(scope)];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => [r.projectId, r.customerId, r.score, r.reasons]));
    statements.push(
      // every column of the table, in its order (drizzle names them all in an insert … select)
      writer.insert(matches).select(sql`select value ->> 0, value ->> 1, value ->> 2, value -> 3, ${now} from json_each(${chunk})`),
    );
  }
  await writer.batch([...statements, ...also(writer)] as unknown as Parameters<Database["batch"]>[0]);
}

/** The company of a listing's seller: its own listings are no match for it. */
export const SELLER_COMPANY = sql<number | null>`(select ${users.customerId} from ${users} where ${users.id} = ${projects.sellerId})`;

/** Who a list of listings to buy is for: their own are their company's, as the stored matches leave them out (none without a company but theirs). */
export type Offeree = { id: number; customerId: number | null };

/** Not a listing of the member's company (or, without one, of the member): a colleague's listing is no news to buy either. */
export function notOwnListing(member: Offeree) {
  return member.customerId === null
    ? ne(projects.sellerId, member.id)
    : notListedByCompany(member.customerId);
}

/** Only what the score reads of a project: a buyer's recomputation reads every visible one. */
export const FACT_COLUMNS = {
  id: projects.id,
  kind: projects.kind,
  industry: projects.industry,
  location: projects.location,
  state: projects.state,
  size: projects.size,
  term: projects.term,
  saleType: projects.saleType,
  propertyType: sql<string | null>`json_extract(${projects.details}, '$.propertyType')`,
};
type FactRow = Pick<Project, "id" | "kind" | "industry" | "location" | "state" | "size" | "term" | "saleType"> & { propertyType: string | null };
export const facts = (p: FactRow) => projectFacts({ ...p, details: { propertyType: p.propertyType } });

/** What a listing's score reads besides the listing and the company: read once for many listings. */
type ScoringInputs = {
  weights: MatchWeights;
  behaviour: Awaited<ReturnType<typeof behaviourByCustomer>>;
  responsiveness: Awaited<ReturnType<typeof responsivenessByCustomer>>;
};

/**
 * One listing scored for each company, in the companies' order, keeping those at MIN_MATCH_SCORE or
 * more. A listing for 100,000 companies held Node's one thread 2.6 s: other requests get a turn
 * before each thousand companies, so also before each listing of a batch of a few companies.
 */
export async function scoreForCompanies(
  listing: { facts: ProjectFacts; industry: string; sellerCompany?: number | null },
  companies: ReadonlyArray<{ id: number; criteria: MatchCriteria }>,
  { weights, behaviour, responsiveness }: ScoringInputs,
) {
  const scored: Array<{ customerId: number } & MatchResult> = [];
  for (const [i, company] of companies.entries()) {
    if (i % 1000 === 0) await nextTurn();
    // a company that sells as well as buys is not matched to its own listings
    if (company.id === listing.sellerCompany) continue;
    const result = scoreProject(company.criteria, listing.facts, behaviour(company.id, listing.industry), weights, responsiveness.get(company.id) ?? null);
    if (result.score >= MIN_MATCH_SCORE) scored.push({ customerId: company.id, ...result });
  }
  return scored;
}

/**
 * Scores one project for every buyer company and stores the result; a project
 * buyers may not see (draft, submitted, withdrawn, sold ...) keeps no matches.
 * Called when a project is published, changed or withdrawn.
 */
export async function recomputeProjectMatches(db: Database, { projectId }: { projectId: number }, now = Date.now()) {
  const [project] = await db.select({ ...FACT_COLUMNS, status: projects.status, sellerCompany: SELLER_COMPANY }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project || !VISIBLE_TO_BUYERS.includes(project.status)) {
    await db.delete(matches).where(eq(matches.projectId, projectId));
    return 0;
  }
  const [weights, buyers, behaviour, responsiveness] = await Promise.all([
    matchWeights(db),
    matchableCriteria(db),
    behaviourByCustomer(db, { industry: project.industry }),
    responsivenessByCustomer(db),
  ]);
  const scored = await scoreForCompanies({ facts: facts(project), industry: project.industry, sellerCompany: project.sellerCompany }, buyers, { weights, behaviour, responsiveness });
  const rows: Scored[] = scored.map((s) => ({ projectId, ...s }));
  await replaceMatches(db, eq(matches.projectId, projectId), rows, now);
  return rows.length;
}

/**
 * Scores every visible project for one buyer company: after its criteria change. The database
 * scores, explains and writes them in one statement (`storedMatchesSql`): no listing passes
 * through JavaScript (decision 085).
 */
export async function recomputeCustomerMatches(db: Database, { customerId }: { customerId: number }, now = Date.now()) {
  const [buyer] = await db.select({ id: customers.id, preferences: customers.preferences }).from(customers).where(and(eq(customers.id, customerId), matchable));
  const ofBuyer = eq(matches.customerId, customerId);
  if (!buyer) {
    await db.delete(matches).where(ofBuyer);
    return;
  }
  const [weights, behaviour, responsiveness] = await Promise.all([
    matchWeights(db),
    behaviourByCustomer(db, { customerId }),
    responsivenessByCustomer(db, customerId),
  ]);
  const criteria = criteriaForMatching(criteriaFrom(buyer.preferences));
  const scored = storedMatchesSql(criteria, weights, behaviour.of(customerId), responsiveness.get(customerId) ?? null);
  if (!scored) {
    await db.delete(matches).where(ofBuyer);
    return;
  }
  // scoring every visible listing and writing tens of thousands of rows (0.6-2.2 s at 100,000
  // listings, decision 085) goes on Node's write thread, not the one that answers every request
  // (decision 108); the delete and the insert are the same when run twice
  const writer = longWriterOf(db);
  await writer.batch([
    writer.delete(matches).where(ofBuyer),
    // every column of the table, in its order (drizzle names them all in an insert … select)
    // none of the company's own listings (a company that sells as well as buys): its members' listings read from the sellers' index
    writer.insert(matches).select(
      sql`select s.id, ${customerId}, s.score, s.reasons, ${now} from (${scored}) s
        where s.id not in (select ${projects.id} from ${users} join ${projects} on ${projects.sellerId} = ${users.id} where ${users.customerId} = ${customerId})`,
    ),
  ]);
}

// Correlated over the members of the matched customer, on the matched project: only for the page's rows.
// Each starts from the customer's members and joins the project's rows to them: a member list as
// `in (select …)` was built afresh for every row and every column, a third of the statement's time.
// A cross join keeps the members the outer loop: its statistics told SQLite a project has two offers,
// and it walked the offers of the project for each company, 149 on the survey's busiest, twice a row
// (the admin's page of 25 buyers 2.0 -> 0.5 ms).
const ofMembers = (rows: SQL, on: SQL) => sql`users m cross join ${rows} on ${on} where m.customer_id = ${matches.customerId}`;
const DEAL_COLUMNS = {
  viewedThisProject: sql<number>`(exists (select 1 from ${ofMembers(sql`recently_viewed v`, sql`v.user_id = m.id and v.project_id = ${matches.projectId}`)})
    or exists (select 1 from ${ofMembers(sql`page_sessions ps`, sql`ps.user_id = m.id and ps.project_id = ${matches.projectId}`)}))`,
  ndaStatus: sql<string | null>`(select k.nda_status from ${ofMembers(sql`contracts k`, sql`k.buyer_id = m.id and k.project_id = ${matches.projectId}`)}
    order by k.requested_at desc limit 1)`,
  ndaSigned: sql<number>`exists (select 1 from ${ofMembers(sql`contracts k`, sql`k.buyer_id = m.id and k.project_id = ${matches.projectId}`)} and k.signed_at is not null)`,
  offerStatus: sql<string | null>`(select o.status from ${ofMembers(sql`offers o`, sql`o.buyer_id = m.id and o.project_id = ${matches.projectId}`)} order by o.id desc limit 1)`,
  offerPrice: sql<number | null>`(select o.price from ${ofMembers(sql`offers o`, sql`o.buyer_id = m.id and o.project_id = ${matches.projectId}`)} order by o.id desc limit 1)`,
  // the latest of its members', kept on the company (migration 0035): the query joins it
  lastLogin: sql<number | null>`${customers.lastLoginAt}`,
  /** Days the company's members were shown the project in results (migration 0049 keeps them). */
  impression: sql<number>`(select coalesce(sum(i.days), 0) from ${ofMembers(sql`project_impressions i`, sql`i.user_id = m.id and i.project_id = ${matches.projectId}`)})`,
  /** The last "Invite to view" of the company to the project. */
  invitedAt: sql<number | null>`(select max(i.invited_at) from project_invitations i where i.project_id = ${matches.projectId} and i.customer_id = ${matches.customerId})`,
};

/** What the buyer table sorts by (the score otherwise); the company id breaks ties. */
const MATCH_SORT: Record<ProjectBuyerSort, SQL> = {
  score: sql`${matches.score}`,
  customerName: sql`lower(${customers.name})`,
  responsivenessScore: sql`(select r.score from responsiveness r where r.customer_id = ${matches.customerId} and r.side = 'buyer')`,
  impression: DEAL_COLUMNS.impression,
  invitedAt: DEAL_COLUMNS.invitedAt,
  lastLogin: DEAL_COLUMNS.lastLogin,
};

const matchCount = (db: Database, projectId: number | Placeholder) =>
  db.select({ total: sql<number>`count(*)` }).from(matches).where(eq(matches.projectId, projectId));

/** The sorts by a column of the matched company's own row. */
const SORTS_BY_COMPANY = new Set<ProjectBuyerSort>(["customerName", "lastLogin"]);

/** A page of matches: 1 to 100 rows, from the page's first. */
const matchPaging = (page: number, pageSize: number) => {
  const size = Math.min(Math.max(pageSize, 1), 100);
  return { size, offset: (Math.max(page, 1) - 1) * size };
};

/** The project's match count, as the page's rows carry it; past the last page there is no row to carry it. */
async function matchTotal(db: Database, projectId: number, found: ReadonlyArray<{ total: number }>, offset: number) {
  if (found.length) return Number(found[0]!.total);
  return offset ? Number((await matchCount(db, projectId))[0]?.total ?? 0) : 0;
}

/**
 * A page of a project's matches in one order; the project, the page's size and its offset are
 * placeholders. The page is chosen first, by the sort alone, and where each company stands is worked
 * out for its rows only: worked out for every match, a sort by anything but the score took 60–125 ms
 * for a project of 6,000 matches.
 */
function matchesPageIn(sort: ProjectBuyerSort, descending: boolean) {
  const by = MATCH_SORT[sort];
  const projectId = sql.placeholder("projectId");
  const order = [descending ? sql`${by} desc nulls last` : sql`${by} asc nulls last`, matches.customerId];
  return preparedQuery((db) => {
    const chosen = db.select({ customerId: sql<number>`${matches.customerId}`.as("page_customer") }).from(matches);
    // the company's own row only for a sort by one of its columns: each is a wide row read for every match
    const page = (SORTS_BY_COMPANY.has(sort) ? chosen.innerJoin(customers, eq(customers.id, matches.customerId)) : chosen)
      .where(eq(matches.projectId, projectId))
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    return db
      .select({
        customerId: matches.customerId,
        customerName: customers.name,
        businessType: customers.businessType,
        customerSize: customers.size,
        score: matches.score,
        reasons: matches.reasons,
        ...DEAL_COLUMNS,
        // in the same read: on D1 a second step would be a round trip of its own
        stored: sideResponsivenessSql(matches.customerId, "buyer"),
        // and so is the count (SQLite works it out once, not per row)
        total: sql<number>`(${matchCount(db, projectId)})`,
      })
      // the page stays the outer loop (a cross join is not reordered), its rows found by their key
      .from(page)
      .crossJoin(matches)
      .innerJoin(customers, eq(customers.id, matches.customerId))
      .where(and(eq(matches.projectId, projectId), eq(matches.customerId, page.customerId)))
      .orderBy(...order)
      .prepare();
  });
}

// every project page reads a page of its matches: each order's query is built once (there are twelve)
const MATCH_PAGES = new Map<string, ReturnType<typeof matchesPageIn>>();
function matchesPage(sort: ProjectBuyerSort, descending: boolean) {
  const key = `${sort}:${descending}`;
  let built = MATCH_PAGES.get(key);
  if (!built) MATCH_PAGES.set(key, (built = matchesPageIn(sort, descending)));
  return built;
}

/**
 * One project's matched buyers, best first, a page at a time, with where each stands
 * on the project (the admin's buyer table, the seller's page, the API). Names are
 * the caller's to hide: `ndaSigned` says whether the seller may see them.
 */
export async function projectMatches(
  db: Database,
  {
    projectId,
    page = 1,
    pageSize = 25,
    sort = "score",
    desc: descending = true,
  }: { projectId: number; page?: number; pageSize?: number; sort?: ProjectBuyerSort; desc?: boolean },
) {
  const { size, offset } = matchPaging(page, pageSize);
  const found = await matchesPage(MATCH_SORT[sort] ? sort : "score", descending)(db).all({ projectId, limit: size, offset });
  const total = await matchTotal(db, projectId, found, offset);
  return {
    rows: found.map(({ stored, total: _total, ...r }) => {
      const responsiveness = storedOrNone(stored.score, stored.reason);
      return {
        ...r,
        viewedThisProject: Boolean(r.viewedThisProject),
        ndaSigned: Boolean(r.ndaSigned),
        lastLogin: r.lastLogin === null ? null : new Date(Number(r.lastLogin)).toISOString(),
        invitedAt: r.invitedAt === null ? null : new Date(Number(r.invitedAt)).toISOString(),
        impression: Number(r.impression),
        responsivenessScore: responsiveness.score,
        responsivenessReason: responsiveness.reason,
      };
    }),
    total,
    page: Math.max(page, 1),
    pageSize: size,
  };
}

// the seller's list of matched buyers, best first: built once
const sellerMatchesPage = preparedQuery((db) =>
  db
    .select({
      customerName: customers.name,
      businessType: customers.businessType,
      customerSize: customers.size,
      score: matches.score,
      reasons: matches.reasons,
      ndaSigned: DEAL_COLUMNS.ndaSigned,
      stored: sideResponsivenessSql(matches.customerId, "buyer"),
      total: sql<number>`(${matchCount(db, sql.placeholder("projectId"))})`,
    })
    .from(matches)
    .innerJoin(customers, eq(customers.id, matches.customerId))
    .where(eq(matches.projectId, sql.placeholder("projectId")))
    .orderBy(sql`${matches.score} desc nulls last`, matches.customerId)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/**
 * A project's matched buyers as its seller's list shows them, best first, a page at a time: the
 * company's kind and size, the score and its reasons, its responsiveness, and its name once one of
 * its members signed the NDA ("Buyer #n", its rank, until then). Where each stands on the project
 * (views, offers, invitations) is the admin's, and is not worked out here.
 */
export async function sellerMatchesFor(db: Database, { projectId, page = 1, pageSize = 25 }: { projectId: number; page?: number; pageSize?: number }) {
  // a page past the last is the last, as the desk's own lists are
  return pageOrLast((at) => sellerMatchesPageOf(db, { projectId, page: at, pageSize }), page);
}

async function sellerMatchesPageOf(db: Database, { projectId, page, pageSize }: { projectId: number; page: number; pageSize: number }) {
  const { size, offset } = matchPaging(page, pageSize);
  const found = await sellerMatchesPage(db).all({ projectId, limit: size, offset });
  const total = await matchTotal(db, projectId, found, offset);
  return {
    rows: found.map(({ customerName, ndaSigned, stored, total: _total, ...r }, i) => {
      const responsiveness = storedOrNone(stored.score, stored.reason);
      return {
        ...r,
        label: ndaSigned ? customerName : `Buyer #${offset + i + 1}`,
        responsivenessScore: responsiveness.score,
        responsivenessReason: responsiveness.reason,
      };
    }),
    total,
    page: Math.max(page, 1),
    pageSize: size,
  };
}

/** One buyer company's best projects that are still visible, best first. */
export async function customerMatches(db: Database, { customerId, limit = 10 }: { customerId: number; limit?: number }) {
  return bestMatchesOf(db).all({ customerId, limit: Math.min(Math.max(limit, 1), 100), offset: 0 });
}

/**
 * One buyer company's matches on the projects it may see, best first, a page at a time (the API's
 * `?page=`, as the seller's): past the last page, no rows. The company's matches are walked in its
 * score index's order, each project read by its key; no page sorts them all.
 */
export async function customerMatchesPage(db: Database, { customerId, page = 1, pageSize = 100 }: { customerId: number; page?: number; pageSize?: number }) {
  const { size, offset } = matchPaging(page, pageSize);
  return { rows: await bestMatchesOf(db).all({ customerId, limit: size, offset }), page: Math.max(page, 1), pageSize: size };
}

/**
 * One buyer company's matched projects as the admin's customer page pages them, best first (the
 * project page's matched buyers the other way round): the rows the company's members see, and how many.
 */
export async function customerMatchesForAdmin(db: Database, { customerId, page = 1, pageSize = 25 }: { customerId: number; page?: number; pageSize?: number }) {
  const [counted] = await countMatchesOf(db).all({ customerId });
  const total = counted?.total ?? 0;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(page, 1), last);
  const rows = total ? await bestMatchesOf(db).all({ customerId, limit: pageSize, offset: (shown - 1) * pageSize }) : [];
  return { rows, total, page: shown, pageSize };
}

// the admin's customer page counts them: built once
const countMatchesOf = preparedQuery((db) =>
  db
    .select({ total: sql<number>`count(*)` })
    .from(matches)
    .innerJoin(projects, eq(projects.id, matches.projectId))
    .where(and(eq(matches.customerId, sql.placeholder("customerId")), visible(projects.status), notListedByCompany(sql.placeholder("customerId"))))
    .prepare(),
);

// a buyer's home page shows them, and the API pages them: built once. A listing of the company's is
// left out here too: one of its members may have been attached to it after the matches were stored
const bestMatchesOf = preparedQuery((db) =>
  db
    .select({ projectId: matches.projectId, projectName: projects.projectName, kind: projects.kind, score: matches.score, reasons: matches.reasons })
    .from(matches)
    .innerJoin(projects, eq(projects.id, matches.projectId))
    .where(
      and(
        eq(matches.customerId, sql.placeholder("customerId")),
        visible(projects.status),
        notListedByCompany(sql.placeholder("customerId")),
      ),
    )
    .orderBy(desc(matches.score), matches.projectId)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/**
 * One project's matches as `viewer` may see them: admins see every company; the
 * project's seller sees a company's name (and id) only once one of its members
 * signed the NDA on this project, and "Buyer #n" (its rank) until then. `label` is what the
 * seller's page shows in its Buyer column; `anonymous` says the name is withheld.
 */
export async function projectMatchesFor(
  db: Database,
  {
    projectId,
    admin,
    page = 1,
    pageSize = 25,
    sort,
    desc,
  }: { projectId: number; admin: boolean; page?: number; pageSize?: number; sort?: ProjectBuyerSort; desc?: boolean },
) {
  // the seller's "Buyer #n" is the rank by score, so only admins sort otherwise
  const result = await projectMatches(db, { projectId, page, pageSize, ...(admin ? { sort, desc } : {}) });
  const first = (result.page - 1) * result.pageSize;
  return {
    ...result,
    rows: result.rows.map((r, i) =>
      admin || r.ndaSigned
        ? { ...r, label: r.customerName, anonymous: false }
        : { ...r, customerId: null, customerName: null, lastLogin: null, invitedAt: null, label: `Buyer #${first + i + 1}`, anonymous: true },
    ),
  };
}

/**
 * The visible projects that best fit criteria not yet saved (the matchmaking assistant's
 * proposal), best first: scored on the fly, since the matches table holds saved criteria only.
 * The database ranks them by the score written in SQL (match-score-sql.server.ts); only the chosen
 * few are read here and explained by the score itself.
 */
export async function bestProjectsFor(db: Database, { criteria, limit = 3, exceptOwnOf }: { criteria: BuyerCriteria; limit?: number; exceptOwnOf?: Offeree }) {
  const weights = await matchWeights(db);
  // every weight nought: nothing scores (and a constant would be read as a column by ORDER BY)
  if (WEIGHT_KEYS.every((k) => weights[k] <= 0)) return [];
  const forMatching = criteriaForMatching(criteria);
  const score = scoreSql(forMatching, weights);
  const best = await db
    .select(FACT_COLUMNS)
    .from(projects)
    .where(
      and(
        visible(projects.status),
        sql`${score} >= ${MIN_MATCH_SCORE}`,
        // a buyer who also sells (or whose colleagues do) is not offered their company's listings
        exceptOwnOf === undefined ? undefined : notOwnListing(exceptOwnOf),
      ),
    )
    .orderBy(desc(score), projects.id)
    .limit(limit);
  return best.map((p) => ({ projectId: p.id, ...scoreProject(forMatching, facts(p), NO_BEHAVIOUR, weights) }));
}

/** Which of these projects a buyer may see now (none of `exceptOwnOf`'s company's), with what a list shows of them. */
export async function visibleProjectsAmong(db: Database, { projectIds, exceptOwnOf }: { projectIds: number[]; exceptOwnOf?: Offeree }) {
  if (!projectIds.length) return new Map<number, { projectName: string; kind: Project["kind"]; industry: string }>();
  const rows = await db
    .select({ id: projects.id, projectName: projects.projectName, kind: projects.kind, industry: projects.industry })
    .from(projects)
    .where(and(inList(projects.id, projectIds), visible(projects.status), exceptOwnOf === undefined ? undefined : notOwnListing(exceptOwnOf)));
  return new Map(rows.map((r) => [r.id, r]));
}
