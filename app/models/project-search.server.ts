import { and, asc, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { projects, users } from "~/.server/db/schema";
import { ROW_COLUMNS, SIZE_BANDS, type RowKey, type SearchSortKey } from "~/lib/projects";
import { isDense, learnDensity, matchesAmongNewest } from "./text-density.server";

// The buyers' and brokers' search of published listings: its filters, order and pages, its prepared
// statements (one pair per shape of search), and the map's places. Its plans are pinned in
// search-plans.server.test.ts: at 100,000 projects a lost index turns 2 ms into 50.

export type SearchParams = {
  q?: string;
  industry?: string;
  region?: string;
  status?: string;
  transactionSize?: string;
  sort?: SortKey;
  desc?: boolean;
  page?: number;
  pageSize?: number;
  /** "Best match": this buyer company's match scores first, then the sort. */
  bestMatchFor?: number | null;
  /** Only listings published or changed after this (saved-search digests). */
  changedSince?: Date;
  /** Not this member's own listings (a digest tells a member who also sells nothing of theirs)... */
  exceptSeller?: number;
  /** ...nor their company's (given with `exceptSeller`; null without a company): a colleague's listing is no news to buy. */
  exceptCompany?: number | null;
};

/** A listing whose seller is no member of this company (a value, a placeholder or SQL; null: every listing). */
export const notListedByCompany = (company: unknown) => sql`${projects.sellerId} not in (select ${users.id} from ${users} where ${users.customerId} = ${company})`;

export const SORTABLE = {
  date: projects.publishedAt,
  projectName: projects.projectName,
  industry: projects.industry,
  size: projects.size,
  waInterest: projects.waInterest,
  maturityDate: projects.maturityDate,
  location: projects.location,
  loanAmount: projects.loanAmount,
} as const satisfies Record<SearchSortKey, unknown>;
export type SortKey = keyof typeof SORTABLE;

/** Turns what a person typed into an FTS5 query of prefix terms (no operators from the user). */
export function ftsQuery(text: string) {
  const terms = text
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  return terms?.length ? terms.map((t) => `"${t}"*`).join(" ") : null;
}

/** Published listings for buyers and brokers: text, filters ("Any" or empty means no filter), sort and page. */
/** The search's filters and order, shared by its table and its map. */
function searchQuery(params: SearchParams, { placeholders = false, probe = false } = {}) {
  // a prepared search binds its values by name (searchValues), a built one as they are
  const value = <T>(name: keyof SearchValues, v: T) => (placeholders ? sql.placeholder(name) : v);
  // a literal, not bound parameters: SQLite uses the partial indexes only for a predicate it can match
  const where: SQL[] = [sql`${projects.status} in ('published', 'under_offer')`];
  if (given(params.industry)) where.push(eq(projects.industry, value("industry", params.industry!)));
  if (given(params.region)) where.push(eq(projects.location, value("region", params.region!)));
  if (given(params.status)) where.push(eq(projects.term, value("status", params.status!)));
  const band = bandOf(params);
  if (band) {
    where.push(sql`${projects.size} >= ${value("bandMin", band.min)}`);
    if (band.max !== null) where.push(sql`${projects.size} < ${value("bandMax", band.max)}`);
  }
  if (params.changedSince) where.push(gt(projects.updatedAt, value("changedSince", params.changedSince)));
  if (params.exceptSeller !== undefined) {
    where.push(ne(projects.sellerId, value("exceptSeller", params.exceptSeller)));
    // one shape with or without a company: a null company has no members
    where.push(notListedByCompany(value("exceptCompany", params.exceptCompany ?? null)));
  }
  const match = params.q ? ftsQuery(params.q) : null;
  const matched = match ? sql`projects_fts match ${value("match", match)}` : null;
  const hits = matched ? sql`(select rowid from projects_fts where ${matched})` : null;

  const column = SORTABLE[params.sort ?? "date"] ?? projects.publishedAt;
  const direction = params.desc === false ? asc : desc;
  // every sort walks an index of its column, id last (SQLite ends each index with the row id); the
  // industry's and the region's indexes serve their filters with the date, so their ties go by date
  const ties = column === projects.industry || column === projects.location ? [direction(projects.publishedAt)] : [];
  const order: SQL[] = [direction(column), ...ties, direction(projects.id)];
  if (params.bestMatchFor) {
    order.unshift(
      sql`coalesce((select m.score from matches m where m.project_id = ${projects.id} and m.customer_id = ${value("bestMatchFor", params.bestMatchFor)}), 0) desc`,
    );
  }
  const condition = and(...where, hits ? sql`${projects.id} in ${hits}` : undefined);
  // a page walks the order's index and keeps the matches: a word in 18,000 listings otherwise
  // sorts all 18,000 for 25 (the unary + keeps SQLite from driving the read by the matches);
  // an order by match score has no index to walk, so there the matches drive it. A text in most
  // listings (`probe`) is looked up in the full-text index for each row walked instead of all its
  // matches gathered first: 25 of "loan", in 75,000 of 100,000, 7.5 → 0.9 ms
  const kept = probe && matched ? sql`exists (select 1 from projects_fts where ${matched} and projects_fts.rowid = ${projects.id})` : sql`+${projects.id} in ${hits}`;
  const ordered = hits && !params.bestMatchFor ? and(...where, kept) : condition;
  return { condition, ordered, order, where, matched };
}

const given = (v?: string) => (v && v !== "Any" ? v : undefined);
const bandOf = (params: SearchParams) => (given(params.transactionSize) ? SIZE_BANDS[params.transactionSize!] : undefined);
/** A search for words and nothing else: no filter narrows the listings the words are looked for in. */
const textAlone = (params: SearchParams) =>
  !given(params.industry) && !given(params.region) && !given(params.status) && !bandOf(params) && !params.changedSince;

/** A search's values by the names its prepared statements bind them by. */
type SearchValues = {
  industry?: string;
  region?: string;
  status?: string;
  bandMin?: number;
  bandMax?: number | null;
  changedSince?: number;
  exceptSeller?: number;
  exceptCompany?: number | null;
  match?: string | null;
  bestMatchFor?: number | null;
  limit: number;
  offset: number;
};

function searchValues(params: SearchParams, pageSize: number, page: number): SearchValues {
  const band = bandOf(params);
  return {
    industry: params.industry,
    region: params.region,
    status: params.status,
    bandMin: band?.min,
    bandMax: band?.max,
    // bound as stored (epoch ms): a placeholder's value is not mapped by its column
    changedSince: params.changedSince?.getTime(),
    exceptSeller: params.exceptSeller,
    exceptCompany: params.exceptCompany ?? null,
    match: params.q ? ftsQuery(params.q) : null,
    bestMatchFor: params.bestMatchFor,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

/**
 * What a search's statements look like, apart from their values: which filters are given, the text
 * (and whether it has terms), the order. Searches of one shape share their prepared statements.
 */
function searchShape(params: SearchParams) {
  return JSON.stringify([
    Boolean(given(params.industry)),
    Boolean(given(params.region)),
    Boolean(given(params.status)),
    bandOf(params) ? (bandOf(params)!.max === null ? "open" : "band") : null,
    Boolean(params.changedSince),
    params.exceptSeller !== undefined,
    Boolean(params.q),
    Boolean(params.q && ftsQuery(params.q)),
    params.sort && SORTABLE[params.sort] ? params.sort : "date",
    params.desc !== false,
    Boolean(params.bestMatchFor),
  ]);
}

/**
 * A text search counts its results up to this many and says "more" beyond: a word found in
 * thousands of listings is counted by reading each of them, and nobody pages that far.
 */
export const TEXT_COUNT_LIMIT = 1000;

/** A search's page and page size, as asked and within bounds (25 a page, at most 100). */
const searchPaging = (params: SearchParams) => ({ page: Math.max(params.page ?? 1, 1), pageSize: Math.min(Math.max(params.pageSize ?? 25, 1), 100) });

/**
 * The row columns a search reads: those the member shows, with what every row carries (its id and
 * last change) and its kind (its link). No choice given reads them all.
 */
function searchColumnsFor(shown: Record<string, boolean> | undefined) {
  if (!shown) return listColumns;
  return Object.fromEntries(
    Object.entries(listColumns).filter(([key]) => shown[key] === true || key === "id" || key === "kind" || key === "updatedAt"),
  ) as typeof listColumns;
}

/** The two statements of a search page: its rows (of `columns`, else every row column), and its count (capped for text). */
export function searchStatements(db: Database, params: SearchParams, { placeholders = false, columns = listColumns, probe = false } = {}) {
  const { page, pageSize } = searchPaging(params);
  const { condition, ordered, order, where, matched } = searchQuery(params, { placeholders, probe });
  // A text alone is counted by walking its matches in the full-text index up to the cap: "id in
  // (matches)" gathers them all first (7.4 ms for the 75,000 listings with "loan" at 100,000, 0.2 ms
  // walked). With a filter the matches are gathered and the filter's index walked: walking 20,000
  // matches of "life" to find none in a narrow size band of one industry took 40 ms, gathering 2.
  const walkMatches = matched && textAlone(params);
  const found = !params.q
    ? null
    : walkMatches
      ? db.select({ one: sql`1` }).from(sql`projects_fts cross join ${projects} on ${projects.id} = projects_fts.rowid`).where(and(matched, ...where)).limit(TEXT_COUNT_LIMIT + 1).as("found")
      : db.select({ one: sql`1` }).from(projects).where(condition).limit(TEXT_COUNT_LIMIT + 1).as("found");
  const count = db.select({ total: sql<number>`count(*)`, ...(walkMatches ? { sample: sql<number>`(${matchesAmongNewest("projects_fts", matched!, { table: projects, id: projects.id })})` } : {}) });
  return {
    page,
    pageSize,
    capped: Boolean(found),
    rows: db
      .select(columns)
      .from(projects)
      .where(ordered)
      .orderBy(...order)
      .limit(placeholders ? sql.placeholder("limit") : pageSize)
      .offset(placeholders ? sql.placeholder("offset") : (page - 1) * pageSize),
    count: found ? count.from(found) : count.from(projects).where(condition),
  };
}

/**
 * A text alone found in most listings (text-density.server.ts) reads its first pages looking each row
 * up in the full-text index rather than gathering every match; deeper pages gather (decision 082).
 */
const PROBED_PAGES = 3;

// every search page runs one: its two statements are built once per shape of search (at most
// SEARCH_SHAPES_KEPT of them, the least recently used going first) and only run after that
const SEARCH_SHAPES_KEPT = 200;
type PreparedSearch = ReturnType<typeof prepareSearch>;
const preparedSearches = new Map<string, PreparedSearch>();

function prepareSearch(params: SearchParams, columns: typeof listColumns, probe: boolean) {
  return {
    rows: preparedQuery((db) => searchStatements(db, params, { placeholders: true, columns, probe }).rows.prepare()),
    count: preparedQuery((db) => searchStatements(db, params, { placeholders: true }).count.prepare()),
  };
}

function preparedSearchOf(params: SearchParams, columns: typeof listColumns, probe: boolean) {
  const shape = `${searchShape(params)}|${Object.keys(columns).join(",")}|${probe}`;
  let prepared = preparedSearches.get(shape);
  if (prepared) preparedSearches.delete(shape);
  else prepared = prepareSearch({ ...params }, columns, probe);
  preparedSearches.set(shape, prepared);
  if (preparedSearches.size > SEARCH_SHAPES_KEPT) preparedSearches.delete(preparedSearches.keys().next().value!);
  return prepared;
}

/**
 * A page of a search and its count; `shown` (the member's columns) narrows what the rows read. `counted: false`
 * reads no count (`total` is then the rows read): a caller that only asks whether there are more asks one row more.
 */
export async function searchProjects(db: Database, params: SearchParams, { shown, counted = true }: { shown?: Record<string, boolean>; counted?: boolean } = {}) {
  const { page, pageSize } = searchPaging(params);
  const values = searchValues(params, pageSize, page);
  const probe = Boolean(values.match && textAlone(params) && page <= PROBED_PAGES && isDense("projects_fts", values.match));
  const prepared = preparedSearchOf(params, searchColumnsFor(shown), probe);
  const [rows, [count]] = await Promise.all([prepared.rows(db).all(values), counted ? prepared.count(db).all(values) : [undefined]]);
  if (!counted) return { rows, total: rows.length, more: false, page, pageSize };
  if (values.match && count && "sample" in count) learnDensity("projects_fts", values.match, Number(count.sample));
  const total = count?.total ?? 0;
  const more = Boolean(params.q) && total > TEXT_COUNT_LIMIT;
  return { rows, total: more ? TEXT_COUNT_LIMIT : total, more, page, pageSize };
}

/** The most results the search's map draws. */
export const SEARCH_MAP_LIMIT = 500;

/**
 * Where the search's first results are, in its order, for the map: one query, at most `limit`
 * (`capped` when there are more). Coordinates are rounded to half a degree (about 50 km): a
 * teaser names the city but never the address, and a dot must not give it away.
 */
export async function searchProjectPlaces(db: Database, params: SearchParams, limit = SEARCH_MAP_LIMIT) {
  const { ordered, order } = searchQuery(params);
  const rows = await db
    .select({ id: projects.id, kind: projects.kind, projectName: projects.projectName, state: projects.state, latitude: projects.latitude, longitude: projects.longitude })
    .from(projects)
    .where(ordered)
    .orderBy(...order)
    .limit(limit + 1);
  const coarse = (v: number | null) => (v === null ? null : Math.round(v * 2) / 2);
  return {
    places: rows.slice(0, limit).map((r) => ({ ...r, latitude: coarse(r.latitude), longitude: coarse(r.longitude) })),
    capped: rows.length > limit,
  };
}

/** What a search result shows (the table row, read in SQL): never the borrower, never the details behind the NDA. */
export const listColumns = Object.fromEntries(Object.entries(ROW_COLUMNS).map(([key, column]) => [key, projects[column]])) as {
  [K in RowKey]: (typeof projects)[(typeof ROW_COLUMNS)[K]];
};
