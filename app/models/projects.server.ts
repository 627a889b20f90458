import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { oncePerDatabase, preparedQuery } from "~/.server/db/prepared";
import type { LookRow } from "~/.server/services";
import { dailyProjectLooks, listedProject, projectDate, projectLoans, projects, recentlyViewed, users, type Project } from "~/.server/db/schema";
import { pageSizeOf } from "~/lib/admin-tables";
import { appliesSql, COMPLETENESS_FIELDS, tapeCompleteness } from "~/lib/loan-tape";
import { ROW_COLUMNS, SIZE_BANDS, type RowKey } from "~/lib/projects";
import { VISIBLE_TO_BUYERS, type ProjectKind, type ProjectStatus } from "~/lib/project-kinds";
import type { Role } from "~/lib/roles";
import { recomputeAfterLook } from "./responsiveness.server";

export type Viewer = { id: number; role: Role | null };

/** Who may see a project at all: its seller and admins always; other members once it is published. */
export function canSee(viewer: Viewer, project: Pick<Project, "sellerId" | "status">) {
  if (mayManageProject(viewer, project)) return true;
  // every member may open a published listing's teaser (sellers too: they watch the market)
  return viewer.role !== null && VISIBLE_TO_BUYERS.includes(project.status);
}

/** An admin, or the project's own seller: who may edit it, run its deal desk and manage its data room. */
export function mayManageProject(viewer: Viewer, project: Pick<Project, "sellerId">) {
  return viewer.role === "admin" || project.sellerId === viewer.id;
}

/** A buyer or broker who is not the project's seller: who may sign its NDA, negotiate and bid. */
export function mayDealOnProject(viewer: Viewer, project: Pick<Project, "sellerId">) {
  return (viewer.role === "buyer" || viewer.role === "broker") && project.sellerId !== viewer.id;
}

// every project page starts here: built once (a relational findFirst cost more to build than to run)
const projectById = preparedQuery((db) => db.select().from(projects).where(eq(projects.id, sql.placeholder("id"))).limit(1).prepare());

/** The project with this id, whoever may see it: callers decide, and answer 404 for one not theirs. */
export async function projectWithId(db: Database, id: number): Promise<Project | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [project] = await projectById(db).all({ id });
  return project ?? null;
}

/** The project when `viewer` may see it; null otherwise (callers answer 404 either way). */
export async function findVisibleProject(db: Database, viewer: Viewer, id: number) {
  const project = await projectWithId(db, id);
  return project && canSee(viewer, project) ? project : null;
}

/** A seller's own project, in any status; null for anyone else's. */
export async function findOwnProject(db: Database, { sellerId, projectId: id }: { sellerId: number; projectId: number }) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (
    (await db.query.projects.findFirst({ where: and(eq(projects.id, id), eq(projects.sellerId, sellerId)) })) ?? null
  );
}

export async function createDraft(db: Database, sellerId: number, kind: ProjectKind) {
  const [row] = await db.insert(projects).values({ sellerId, kind, status: "draft", draftStep: 0 }).returning();
  return row!;
}

export const EDITABLE: readonly ProjectStatus[] = ["draft", "rejected"];

/** Saves one step of the create form; only the seller's own draft (or returned) project. */
export async function saveDraftStep(
  db: Database,
  sellerId: number,
  id: number,
  step: number,
  values: Partial<typeof projects.$inferInsert>,
) {
  const updated = await db
    .update(projects)
    .set({ ...values, draftStep: sql`max(${projects.draftStep}, ${step})`, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.sellerId, sellerId), inArray(projects.status, [...EDITABLE])))
    .returning({ id: projects.id });
  return updated.length > 0;
}

export async function submitForReview(db: Database, { sellerId, projectId: id }: { sellerId: number; projectId: number }) {
  const updated = await db
    .update(projects)
    .set({ status: "submitted", submittedAt: new Date(), rejectionReason: null, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.sellerId, sellerId), inArray(projects.status, [...EDITABLE])))
    .returning({ id: projects.id });
  return updated.length > 0;
}

export type ReviewAction = "publish" | "reject" | "withdraw";
const FROM: Record<ReviewAction, ProjectStatus[]> = {
  publish: ["submitted"],
  reject: ["submitted"],
  withdraw: ["submitted", "published", "under_offer"],
};

/** An admin's decision; returns false when the project is not in a state that allows it. */
export async function reviewProject(db: Database, id: number, action: ReviewAction, reason?: string) {
  const now = new Date();
  const set =
    action === "publish"
      ? { status: "published" as const, publishedAt: now, rejectionReason: null }
      : action === "reject"
        ? { status: "rejected" as const, rejectionReason: reason ?? "" }
        : { status: "withdrawn" as const };
  const updated = await db
    .update(projects)
    .set({ ...set, updatedAt: now })
    .where(and(eq(projects.id, id), inArray(projects.status, FROM[action])))
    .returning({ id: projects.id });
  return updated.length > 0;
}

export async function withdrawOwnProject(db: Database, { sellerId, projectId: id }: { sellerId: number; projectId: number }) {
  const updated = await db
    .update(projects)
    .set({ status: "withdrawn", updatedAt: new Date() })
    .where(
      and(eq(projects.id, id), eq(projects.sellerId, sellerId), inArray(projects.status, ["submitted", "published", "under_offer"])),
    )
    .returning({ id: projects.id });
  return updated.length > 0;
}

/**
 * A project's seller as a query: reads that need the seller start beside the project's own (a
 * prepared query passes its placeholder).
 */
export function sellerOfProject(projectId: number | Placeholder): SQL {
  return sql`(select ${projects.sellerId} from ${projects} where ${projects.id} = ${projectId})`;
}

/** A seller's listed projects: neither drafts nor tapes still importing. */
const LISTED = listedProject(projects.status);

/**
 * One page of a seller's drafts and of listings returned to them (`reach`: the team's they may edit
 * too), and how many there are. Listed whole (990 drafts were 678 KB a visit) they ran oldest first;
 * paged, the last saved come first, so that the draft just started or returned is on the first page.
 */
export async function listSellerDraftPage(
  db: Database,
  sellerId: number,
  { reach, page = 1, pageSize = 25 }: { reach?: SQL; page?: number; pageSize?: number } = {},
) {
  const size = pageSizeOf(pageSize);
  const where = and(reach ?? eq(projects.sellerId, sellerId), inArray(projects.status, ["draft", "rejected"]));
  // read from the sellers' index (seller, status), then sorted: left to choose, SQLite walked every
  // project last saved first for a team's 16 drafts (313 ms at 100,000 projects)
  const inSellersIndex = sql`${projects} indexed by projects_seller_idx where ${where}`;
  const order = [desc(projects.updatedAt), desc(projects.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: projects.id,
        kind: projects.kind,
        status: projects.status,
        projectName: projects.projectName,
        draftStep: projects.draftStep,
        updatedAt: projects.updatedAt,
        rejectionReason: projects.rejectionReason,
      })
      .from(projects)
      .where(
        sql`${projects.id} in (select ${projects.id} from ${inSellersIndex} order by ${sql.join(order, sql`, `)} limit ${size} offset ${(Math.max(1, page) - 1) * size})`,
      )
      .orderBy(...order),
    db.all<{ n: number }>(sql`select count(*) as n from ${inSellersIndex}`),
  ]);
  return { rows, total: counted?.n ?? 0, page: Math.max(1, page), pageSize: size };
}

/** What each column of the admin project table sorts by, in SQL (the buyers' last visit as a subquery). */
const ADMIN_SORT: Record<string, SQL> = {
  id: sql`${projects.id}`,
  date: sql`coalesce(${projects.publishedAt}, ${projects.submittedAt}, ${projects.createdAt})`,
  projectName: sql`lower(${projects.projectName})`,
  sellerName: sql`lower(${users.name})`,
  kind: sql`${projects.kind}`,
  status: sql`${projects.status}`,
  industry: sql`${projects.industry}`,
  size: sql`${projects.size}`,
  borrower: sql`lower(${projects.borrower})`,
  views: sql`${projects.views}`,
  impressionsCounter: sql`${projects.impressions}`,
  updatedAt: sql`${projects.updatedAt}`,
  ndas: sql`${projects.ndaCount}`,
  negotiations: sql`${projects.negotiationCount}`,
  bids: sql`${projects.bidCount}`,
  lastUpdateBuyer: sql`${projects.lastBuyerVisitAt}`,
};

/** A seller's table sorts by the admin's columns but the seller's name (its read has no seller), and by the terms only it shows. */
const { sellerName: _sellerName, ...SORT_WITHOUT_SELLER } = ADMIN_SORT;
// the date as the seller's listed-projects index holds it (the same value as the admin's coalesce)
const SELLER_SORT: Record<string, SQL> = { ...SORT_WITHOUT_SELLER, date: projectDate(projects), term: sql`${projects.term}`, waInterest: sql`${projects.waInterest}` };

/** The deal counts a project table may show, and the buyers' last visit: kept on the project (migrations 0043, 0050). */
const DEAL_COUNT_KEYS = ["ndas", "negotiations", "bids", "lastUpdateBuyer"] as const;
type DealCountKey = (typeof DEAL_COUNT_KEYS)[number];
/** The counts read: those shown (none when no column of them is). */
type DealCounts = { ndas?: number; negotiations?: number; bids?: number; lastUpdateBuyer?: number | null };

/**
 * What a page of a project table reads for the columns shown: the row's id and last change always,
 * the dates its date falls back to, the shown columns and only the shown deal counts (a count is a
 * subquery per row, and a hidden one was most of the read). No choice given reads every column.
 */
function tableRead(shown: Record<string, boolean> | undefined) {
  const on = (key: string) => !shown || shown[key] === true;
  const columns = new Set<keyof RowSource>(["id", "updatedAt"]);
  for (const [key, column] of Object.entries(ROW_COLUMNS)) if (key !== "date" && on(key)) columns.add(column);
  if (on("date")) for (const column of ["publishedAt", "submittedAt", "createdAt"] as const) columns.add(column);
  if (on("borrower")) columns.add("borrower");
  const counts = DEAL_COUNT_KEYS.filter(on);
  // typed as the whole row: the columns left out are never drawn (toProjectRow leaves them undefined)
  const source = Object.fromEntries([...columns].map((column) => [column, projects[column]])) as RowSourceColumns;
  return { source, counts, key: `${[...columns].join(",")}|${counts.join(",")}` };
}

const dealCountColumns = (counts: readonly DealCountKey[]) =>
  Object.fromEntries(counts.map((key) => [key, sql<number | null>`${ADMIN_SORT[key]}`])) as Partial<Record<DealCountKey, SQL<number | null>>>;

/**
 * The sorts an index gives either way: the kept deal counts (migration 0043) and the project's own
 * columns that are never empty (0052), each indexed as the table sorts it, the id last.
 */
const INDEXED_SORTS = new Set(["id", "ndas", "negotiations", "bids", "projectName", "kind", "status", "industry", "borrower", "views", "impressionsCounter", "updatedAt"]);

/**
 * A table's order by one of its columns, ties by id. An indexed sort breaks its ties in its own
 * direction, so that its index gives the order as it stands: most projects have no NDA, and a tie
 * broken the other way had SQLite sort all of them for the first page (decisions 058, 064).
 */
function tableOrder(sorts: Record<string, SQL>, column: string, descending: boolean) {
  const by = sorts[column]!;
  if (INDEXED_SORTS.has(column)) return descending ? [sql`${by} desc`, desc(projects.id)] : [sql`${by} asc`, asc(projects.id)];
  return [descending ? sql`${by} desc nulls last` : sql`${by} asc nulls last`, asc(projects.id)];
}

// a seller's projects table: each order and choice of columns is built once, the seller and the page bound
function sellerPageIn(order: SQL[], read: ReturnType<typeof tableRead>) {
  return preparedQuery((db) => {
    // the page is chosen first, so that the deal counts are worked out for its rows only
    const page = db
      .select({ id: sql<number>`${projects.id}`.as("page_id") })
      .from(projects)
      .where(and(eq(projects.sellerId, sql.placeholder("sellerId")), LISTED))
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    return db
      .select({
        project: read.source,
        // the page's deal counts and its total in the same read: on D1 each statement is a step of its own.
        // The total is counted once, from the listed-projects index alone; a window count over the page's
        // query had every listed row read (97,000: 400-600 ms)
        deals: dealCountColumns(read.counts),
        total: sql<number>`(select count(*) from ${projects} where ${projects.sellerId} = ${sql.placeholder("sellerId")} and ${LISTED})`,
      })
      // the page stays the outer loop (see listProjectsForAdmin)
      .from(page)
      .crossJoin(projects)
      .where(eq(projects.id, page.id))
      .orderBy(...order)
      .prepare();
  });
}
const SELLER_PAGES = new Map<string, ReturnType<typeof sellerPageIn>>();
function sellerPage(sort: string, descending: boolean, shown: Record<string, boolean> | undefined) {
  const column = sortColumnOf(SELLER_SORT, sort);
  const read = tableRead(shown);
  const key = `${column}:${descending}:${read.key}`;
  let built = SELLER_PAGES.get(key);
  if (!built) {
    // a member may choose any of the table's columns: the choices kept are bounded
    if (SELLER_PAGES.size >= 200) SELLER_PAGES.clear();
    SELLER_PAGES.set(key, (built = sellerPageIn(tableOrder(SELLER_SORT, column, descending), read)));
  }
  return built;
}

/** The table's own column of that name, else its date (not a name every object has, such as "constructor"). */
const sortColumnOf = (sorts: Record<string, SQL>, sort: string) => (Object.hasOwn(sorts, sort) ? sort : "date");

/**
 * One page of a seller's listed projects (not drafts) as their table's rows, with each one's deals,
 * sorted in SQL by any of its columns; `shown` (the member's columns) narrows what is read.
 */
export async function listSellerProjectPage(
  db: Database,
  sellerId: number,
  {
    sort = "date",
    desc: descending = false,
    page = 1,
    pageSize = 25,
    shown,
  }: { sort?: string; desc?: boolean; page?: number; pageSize?: number; shown?: Record<string, boolean> } = {},
) {
  const size = pageSizeOf(pageSize);
  const offset = (Math.max(1, page) - 1) * size;
  const found = await sellerPage(sort, descending, shown)(db).all({ sellerId, limit: size, offset });
  // past the last page there is no row to carry the total
  const total = found.length ? Number(found[0]!.total) : offset ? await countSellerProjects(db, sellerId) : 0;
  return {
    rows: found.map(({ project, deals }) => ({ ...toProjectRow(project), ...(deals as DealCounts) })),
    total,
    page: Math.max(1, page),
    pageSize: size,
  };
}

async function countSellerProjects(db: Database, sellerId: number) {
  const [row] = await db.select({ n: count() }).from(projects).where(and(eq(projects.sellerId, sellerId), LISTED));
  return row?.n ?? 0;
}

const PAST_DRAFT = sql`${projects.status} != 'draft'`;

/** The admin table's page of projects, with their sellers and deal counts, and how many there are. */
function adminPageReads(
  db: Database,
  condition: SQL | undefined,
  order: SQL[],
  read: ReturnType<typeof tableRead>,
  { limit, offset }: { limit: number | Placeholder; offset: number | Placeholder },
) {
  // the page is chosen first, so that the deal counts are worked out for its rows only, in the same read
  const pageIds = db
    .select({ id: sql<number>`${projects.id}`.as("page_id") })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.sellerId))
    .where(condition)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("page");
  return {
    rows: db
      .select({ project: read.source, deals: dealCountColumns(read.counts), sellerName: users.name, sellerCompany: users.company })
      // a cross join keeps the page the outer loop (SQLite does not reorder it): else the planner
      // may walk every project in the date index's order to spare sorting the page's rows
      .from(pageIds)
      .crossJoin(projects)
      .innerJoin(users, eq(users.id, projects.sellerId))
      .where(eq(projects.id, pageIds.id))
      .orderBy(...order),
    count: db.select({ n: sql<number>`count(*)` }).from(projects).where(condition),
  };
}

// the table opens on every project past its draft, in the admin's order and columns: each of those
// is built once (building them was the page's only per-request query work) and the page bound
const ADMIN_PAGES = new Map<string, ReturnType<typeof adminPageIn>>();
function adminPageIn(column: string, descending: boolean, read: ReturnType<typeof tableRead>) {
  return preparedQuery((db) =>
    adminPageReads(db, PAST_DRAFT, tableOrder(ADMIN_SORT, column, descending), read, { limit: sql.placeholder("limit"), offset: sql.placeholder("offset") }).rows.prepare(),
  );
}
// how many there are is the same whatever the order and columns
// every project less the drafts: SQLite counts a whole table from its b-tree's pages (OP_Count), where
// `status != 'draft'` stepped through 99,000 index entries (3.9 ms at 100,000 projects; now 0.05 ms)
const projectsPastDraft = preparedQuery((db) =>
  db
    .select({ n: sql<number>`(select count(*) from ${projects}) - (select count(*) from ${projects} where ${projects.status} = 'draft')` })
    // a select needs a source in Drizzle; the counts read none of it
    .from(sql`(select 1)`)
    .prepare(),
);
function unfilteredAdminPage(column: string, descending: boolean, read: ReturnType<typeof tableRead>) {
  const key = `${column}:${descending}:${read.key}`;
  let built = ADMIN_PAGES.get(key);
  if (!built) {
    if (ADMIN_PAGES.size >= 200) ADMIN_PAGES.clear();
    ADMIN_PAGES.set(key, (built = adminPageIn(column, descending, read)));
  }
  return built;
}

/** The admin table's sorts with an index of their own on projects (decisions 058, 063 and 064); the date's holds the status too. */
const WALKED_SORTS = new Set(["id", "projectName", "kind", "status", "industry", "borrower", "views", "impressionsCounter", "updatedAt", "ndas", "negotiations", "bids", "lastUpdateBuyer"]);
// how many hold the status, and about how many projects there are (the last id: one seek, where a
// count read every row of an index): which way to read its page
const statusShare = preparedQuery((db) =>
  db
    .select({
      n: sql<number>`(select count(*) from ${projects} where ${projects.status} = ${sql.placeholder("status")})`,
      all: sql<number>`(select max(${projects.id}) from ${projects})`,
    })
    .from(sql`(select 1)`)
    .prepare(),
);

/**
 * One page of every project past the draft stage, with its seller: optionally of one
 * status and matching words, sorted in SQL by any column of the admin table.
 */
export async function listProjectsForAdmin(
  db: Database,
  {
    status,
    q,
    sort = "date",
    desc: descending = false,
    page = 1,
    pageSize = 25,
    shown,
  }: { status?: ProjectStatus; q?: string; sort?: string; desc?: boolean; page?: number; pageSize?: number; shown?: Record<string, boolean> } = {},
) {
  const size = pageSizeOf(pageSize);
  const offset = (Math.max(1, page) - 1) * size;
  const column = sortColumnOf(ADMIN_SORT, sort);
  const read = tableRead(shown);
  const match = q ? ftsQuery(q) : null;
  let rows, total;
  if (!status && !match) {
    [rows, [total]] = await Promise.all([unfilteredAdminPage(column, descending, read)(db).all({ limit: size, offset }), projectsPastDraft(db).all()]);
  } else if (status && !match && WALKED_SORTS.has(column)) {
    // a common status's page is the sort's index walked, its rows tested until a page is found; a
    // rare one's rows are found in the status index and sorted. Left to choose, SQLite sorted all
    // 86,000 published projects for a page by name (63 ms at 100,000 projects)
    const [share] = await statusShare(db).all({ status });
    const [held, all] = [Number(share?.n ?? 0), Number(share?.all ?? 0)];
    // walked: about size × all / held rows tested; sorted: every one of the held read and sorted
    const common = held * held >= size * all;
    const reads = adminPageReads(db, common ? sql`+${projects.status} = ${status}` : eq(projects.status, status), tableOrder(ADMIN_SORT, column, descending), read, {
      limit: size,
      offset,
    });
    rows = await reads.rows;
    total = { n: Number(share?.n ?? 0) };
  } else {
    const where: SQL[] = [status ? eq(projects.status, status) : PAST_DRAFT];
    if (match) where.push(sql`${projects.id} in (select rowid from projects_fts where projects_fts match ${match})`);
    const reads = adminPageReads(db, and(...where), tableOrder(ADMIN_SORT, column, descending), read, { limit: size, offset });
    [rows, [total]] = await Promise.all([reads.rows, reads.count]);
  }
  return {
    rows: rows.map((r) => ({
      ...toProjectRow(r.project, { sellerName: `${r.sellerName} (${r.sellerCompany})` }),
      ...(r.deals as DealCounts),
    })),
    total: total?.n ?? 0,
    page: Math.max(1, page),
    pageSize: size,
  };
}

/** The seller's company, as NDAs and LOIs name it ("" when unknown). */
export async function sellerCompanyOf(db: Database, project: Pick<Project, "sellerId">) {
  const seller = await db.query.users.findFirst({ where: eq(users.id, project.sellerId), columns: { company: true } });
  return seller?.company ?? "";
}

// every project page of an admin reads it: built once
const SELLER_COLUMNS = { id: users.id, name: users.name, company: users.company, email: users.email };
const projectWithSeller = preparedQuery((db) =>
  db.select({ project: projects, seller: SELLER_COLUMNS }).from(projects).innerJoin(users, eq(users.id, projects.sellerId)).where(eq(projects.id, sql.placeholder("id"))).limit(1).prepare(),
);

export async function findProjectWithSeller(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await projectWithSeller(db).all({ id });
  return row ?? null;
}

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
};

export const SORTABLE = {
  date: projects.publishedAt,
  projectName: projects.projectName,
  industry: projects.industry,
  size: projects.size,
  waInterest: projects.waInterest,
  maturityDate: projects.maturityDate,
  location: projects.location,
  loanAmount: projects.loanAmount,
} as const;
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
function searchQuery(params: SearchParams, { placeholders = false } = {}) {
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
  const match = params.q ? ftsQuery(params.q) : null;
  const hits = match ? sql`(select rowid from projects_fts where projects_fts match ${value("match", match)})` : null;

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
  // counting walks the text's matches and stops at the cap
  const condition = and(...where, hits ? sql`${projects.id} in ${hits}` : undefined);
  // a page walks the order's index and keeps the matches: a word in 18,000 listings otherwise
  // sorts all 18,000 for 25 (the unary + keeps SQLite from driving the read by the matches);
  // an order by match score has no index to walk, so there the matches drive it
  const ordered = hits && !params.bestMatchFor ? and(...where, sql`+${projects.id} in ${hits}`) : condition;
  return { condition, ordered, order };
}

const given = (v?: string) => (v && v !== "Any" ? v : undefined);
const bandOf = (params: SearchParams) => (given(params.transactionSize) ? SIZE_BANDS[params.transactionSize!] : undefined);

/** A search's values by the names its prepared statements bind them by. */
type SearchValues = {
  industry?: string;
  region?: string;
  status?: string;
  bandMin?: number;
  bandMax?: number | null;
  changedSince?: number;
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
export function searchStatements(db: Database, params: SearchParams, { placeholders = false, columns = listColumns } = {}) {
  const { page, pageSize } = searchPaging(params);
  const { condition, ordered, order } = searchQuery(params, { placeholders });
  const found = params.q ? db.select({ one: sql`1` }).from(projects).where(condition).limit(TEXT_COUNT_LIMIT + 1).as("found") : null;
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
    count: found ? db.select({ total: sql<number>`count(*)` }).from(found) : db.select({ total: sql<number>`count(*)` }).from(projects).where(condition),
  };
}

// every search page runs one: its two statements are built once per shape of search (at most
// SEARCH_SHAPES_KEPT of them, the least recently used going first) and only run after that
const SEARCH_SHAPES_KEPT = 200;
type PreparedSearch = ReturnType<typeof prepareSearch>;
const preparedSearches = new Map<string, PreparedSearch>();

function prepareSearch(params: SearchParams, columns: typeof listColumns) {
  return {
    rows: preparedQuery((db) => searchStatements(db, params, { placeholders: true, columns }).rows.prepare()),
    count: preparedQuery((db) => searchStatements(db, params, { placeholders: true }).count.prepare()),
  };
}

function preparedSearchOf(params: SearchParams, columns: typeof listColumns) {
  const shape = `${searchShape(params)}|${Object.keys(columns).join(",")}`;
  let prepared = preparedSearches.get(shape);
  if (prepared) preparedSearches.delete(shape);
  else prepared = prepareSearch({ ...params }, columns);
  preparedSearches.set(shape, prepared);
  if (preparedSearches.size > SEARCH_SHAPES_KEPT) preparedSearches.delete(preparedSearches.keys().next().value!);
  return prepared;
}

/** A page of a search and its count; `shown` (the member's columns) narrows what the rows read. */
export async function searchProjects(db: Database, params: SearchParams, { shown }: { shown?: Record<string, boolean> } = {}) {
  const { page, pageSize } = searchPaging(params);
  const prepared = preparedSearchOf(params, searchColumnsFor(shown));
  const values = searchValues(params, pageSize, page);
  const [rows, [count]] = await Promise.all([prepared.rows(db).all(values), prepared.count(db).all(values)]);
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

/** The named columns of a project, in the order given. */
export function pickColumns<K extends keyof Project>(project: Project, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, project[key]])) as Pick<Project, K>;
}

/** The UTC day a look falls on: the unit a member is counted once in. */
export const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** A member's second look within a minute does not move "recently viewed" (no write for a reload). */
const RECENT_VIEW_RESOLUTION_MS = 60_000;

/**
 * Counts `member`'s look at each project once per UTC day, in one atomic batch:
 * the day's rows are added when new, the projects whose rows are not yet counted
 * gain one, and those rows are marked counted. A reload, or two requests at once,
 * find the rows counted and change nothing.
 */
async function countLooks(db: Database, kind: "view" | "impression", userId: number, projectIds: number[], now: number, extra: BatchItem[] = []) {
  const ids = [...new Set(projectIds)];
  if (!ids.length) return;
  const day = dayOf(now);
  const mine = and(eq(dailyProjectLooks.kind, kind), eq(dailyProjectLooks.userId, userId), eq(dailyProjectLooks.day, day), eq(dailyProjectLooks.counted, false));
  const pending = db.select({ id: dailyProjectLooks.projectId }).from(dailyProjectLooks).where(mine);
  const counter = kind === "view" ? { views: sql`${projects.views} + 1` } : { impressions: sql`${projects.impressions} + 1` };
  // D1 binds at most 100 parameters a statement: 5 columns a row, so 19 rows an insert
  const inserts = [];
  for (let i = 0; i < ids.length; i += 19) {
    const rows = ids.slice(i, i + 19).map((projectId) => ({ kind, userId, projectId, day, counted: false }));
    inserts.push(db.insert(dailyProjectLooks).values(rows).onConflictDoNothing());
  }
  await db.batch([
    ...inserts,
    db.update(projects).set(counter).where(inArray(projects.id, pending)),
    db.update(dailyProjectLooks).set({ counted: true }).where(mine),
    ...extra,
  ] as unknown as Parameters<typeof db.batch>[0]);
}

type BatchItem = Parameters<Database["batch"]>[0][number];

/** The results a member is shown count as impressions, once a day per member and project. */
export async function recordImpressions(db: Database, { userId, projectIds: ids }: { userId: number; projectIds: number[] }, now = Date.now()) {
  await countLooks(db, "impression", userId, ids, now);
}

/** A view of the project page (once a day per member), and the member's recently viewed list. */
export async function recordView(db: Database, { userId, projectId }: { userId: number; projectId: number }, now = Date.now()) {
  const at = new Date(now);
  const recent = db
    .insert(recentlyViewed)
    .values({ userId, projectId, viewedAt: at })
    .onConflictDoUpdate({
      target: [recentlyViewed.userId, recentlyViewed.projectId],
      set: { viewedAt: at },
      setWhere: lt(recentlyViewed.viewedAt, new Date(now - RECENT_VIEW_RESOLUTION_MS)),
    });
  await countLooks(db, "view", userId, [projectId], now, [recent]);
}

/**
 * The looks the request handlers queued (Services.recordLook), written in arrival order: each
 * counts once a day per member and project, whenever the batch lands.
 */
export async function storeLooks(db: Database, rows: LookRow[]) {
  const stored = storedLooks(db);
  // a look answers an invitation to view: worked out once per member and project, after the batch's
  // writes and as of its last look there. A reloaded teaser is many views in one batch, and working
  // it out for each held the queue's consumer (and the isolate's requests) for a round trip apiece
  const answering = new Map<string, { userId: number; projectId: number; at: number }>();
  for (const row of rows) {
    if (row.kind === "impression") {
      const fresh = row.projectIds.filter((projectId) => !stored.knows(row, projectId, Infinity));
      await recordImpressions(db, { userId: row.userId, projectIds: fresh }, row.at);
      stored.note(row, fresh);
    }
    for (const projectId of row.kind === "view" ? row.projectIds : []) {
      if (!stored.knows(row, projectId, RECENT_VIEW_RESOLUTION_MS)) {
        await recordView(db, { userId: row.userId, projectId }, row.at);
        stored.note(row, [projectId]);
      }
      const key = `${row.userId}:${projectId}`;
      answering.set(key, { userId: row.userId, projectId, at: Math.max(row.at, answering.get(key)?.at ?? 0) });
    }
  }
  for (const { userId, projectId, at } of answering.values()) await recomputeAfterLook(db, { userId, projectId }, at);
}

/**
 * Looks noted lately, by member, project and kind: whether one is known within a time and the
 * same day. A day's members and projects at most; past that it starts again, which only costs writes.
 */
function lookMemory() {
  const at = new Map<string, number>();
  const keyOf = (row: LookRow, projectId: number) => `${row.kind}:${row.userId}:${projectId}`;
  return {
    knows(row: LookRow, projectId: number, withinMs: number) {
      const before = at.get(keyOf(row, projectId));
      return before !== undefined && row.at >= before && row.at - before < withinMs && dayOf(before) === dayOf(row.at);
    },
    note(row: LookRow, projectIds: number[]) {
      if (at.size > 50_000) at.clear();
      for (const projectId of projectIds) at.set(keyOf(row, projectId), row.at);
    },
  };
}

/**
 * The looks this process wrote lately. Writing one again would change nothing: an impression
 * counted today stays counted all day; a view counted today moves "recently viewed" only after a
 * minute. A reload of the search or a teaser then costs no write (a search page is 20 impressions).
 */
const storedLooks = oncePerDatabase(lookMemory);

/**
 * Looks as the pages hand them on: a member's impression of a project that this boot (a process on
 * Node, an isolate's bindings on Workers) handed on today already is left out, and a look with none left is not sent at all.
 * On Workers each look is a queue message and a batch for its consumer, and each reload of a search
 * is 25 impressions that change nothing. An impression is noted once it went: one refused with
 * its guessed answer (decision 040) is sent by the answer made again. Views always go: a view
 * may answer an invitation sent since the last one.
 */
const handedOnByBoot = new WeakMap<object, ReturnType<typeof lookMemory>>();
export function handingOnLooks(boot: object, send: (row: LookRow) => Promise<boolean>) {
  let handedOn = handedOnByBoot.get(boot);
  if (!handedOn) handedOnByBoot.set(boot, (handedOn = lookMemory()));
  const memory = handedOn;
  return (row: LookRow) => {
    if (row.kind !== "impression") return void send(row);
    const fresh = row.projectIds.filter((projectId) => !memory.knows(row, projectId, Infinity));
    if (!fresh.length) return;
    void send({ ...row, projectIds: fresh }).then((went) => went && memory.note(row, fresh));
  };
}

/** Only today's rows decide anything; older ones go with the housekeeping. */
export async function pruneDailyLooks(db: Database, now = Date.now()) {
  await db.delete(dailyProjectLooks).where(lt(dailyProjectLooks.day, dayOf(now - 86_400_000)));
}

// on every member's home page: built once
const recentlyViewedBy = preparedQuery((db) =>
  db
    .select({ project: projects, viewedAt: recentlyViewed.viewedAt })
    .from(recentlyViewed)
    .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
    .where(eq(recentlyViewed.userId, sql.placeholder("userId")))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export async function listRecentlyViewed(db: Database, viewer: Viewer, limit = 8) {
  const rows = await recentlyViewedBy(db).all({ userId: viewer.id, limit: limit * 2 });
  return rows.filter((r) => canSee(viewer, r.project)).slice(0, limit);
}

export type LoanRow = Omit<typeof projectLoans.$inferInsert, "id" | "projectId">;

/** The tape's columns after id and project, in the table's order (the insert … select below names none). */
const LOAN_COLUMNS = Object.keys(getTableColumns(projectLoans)).filter((key) => key !== "id" && key !== "projectId");

/**
 * Replaces the whole loan tape in one batch, so a tape is never half-imported.
 * Rows travel as one JSON parameter per 500 loans (D1 allows 100 bound parameters
 * a statement), unpacked by SQLite's json_each.
 */
export async function replaceLoanTape(db: Database, projectId: number, rows: LoanRow[]) {
  const total = rows.reduce((sum, r) => sum + r.balance, 0);
  const weighted = total ? rows.reduce((sum, r) => sum + r.balance * r.interestRate, 0) / total : null;
  const inserts = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    inserts.push(
      // insert … select fills every column in the table's order, id first (null: autoincrement)
      db.insert(projectLoans).select(
        sql`select null, ${projectId}, ${sql.join(
          LOAN_COLUMNS.map((key) => (key === "propertyType" || key === "state" ? sql.raw(`coalesce(value ->> '$.${key}', '')`) : sql.raw(`value ->> '$.${key}'`))),
          sql`, `,
        )} from json_each(${chunk})`,
      ),
    );
  }
  await db.batch([
    db.delete(projectLoans).where(eq(projectLoans.projectId, projectId)),
    ...inserts,
    db
      .update(projects)
      .set({
        tapeLoans: rows.length,
        // counted from the rows just inserted, in the same batch: the figures never disagree with the tape
        tapeFieldCounts: rows.length
          ? sql`(select ${sql.raw(tapeFieldCountsSql())} from ${projectLoans} where ${projectLoans.projectId} = ${projectId})`
          : null,
        loanAmount: total,
        size: total,
        waInterest: weighted === null ? null : Math.round(weighted * 1000) / 1000,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, projectId)),
  ] as unknown as Parameters<typeof db.batch>[0]);
}

// a pool's tape on its listing pages (the first lines of it) and whole: built once
const tapeOfProject = preparedQuery((db) =>
  db
    .select()
    .from(projectLoans)
    .where(eq(projectLoans.projectId, sql.placeholder("projectId")))
    .orderBy(asc(projectLoans.line))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** The tape's loans in file order; `limit` for pages that show the first ones only. */
export async function loanTape(db: Database, projectId: number, { limit }: { limit?: number } = {}) {
  // SQLite reads a negative limit as none
  return tapeOfProject(db).all({ projectId, limit: limit ?? -1 });
}

/**
 * The tape's figures as projects.tape_field_counts stores them, counted in SQL from its loans: for
 * each field, the loans it applies to and the loans that have it (an empty string is as missing as
 * null: property type and state default to ''). Migration 0039 counted the tapes stored before it
 * with this expression; a change to COMPLETENESS_FIELDS wants a migration that counts them again.
 */
export function tapeFieldCountsSql() {
  const fields = COMPLETENESS_FIELDS.map((f) => {
    const applies = appliesSql(f.appliesTo);
    return `'${f.column}', json_array(sum(case when ${applies} then 1 else 0 end), sum(case when ${applies} and coalesce(${f.column}, '') != '' then 1 else 0 end))`;
  });
  return `json_object(${fields.join(", ")})`;
}

/** How complete a pool's tape is (app/lib/loan-tape.ts), from the figures stored with the project; null without a tape. */
export function tapeCompletenessOf(project: Pick<Project, "tapeLoans" | "tapeFieldCounts">) {
  const counts = project.tapeFieldCounts;
  if (!project.tapeLoans || !counts) return null;
  return tapeCompleteness(
    project.tapeLoans,
    COMPLETENESS_FIELDS.map((f) => {
      const [applicable, present] = counts[f.column] ?? [0, 0];
      return { column: f.column, applicable, present };
    }),
  );
}

/** What a table row is made from: the row columns, the dates its date falls back to, the borrower. */
type RowSource = Pick<Project, (typeof ROW_COLUMNS)[RowKey] | "publishedAt" | "submittedAt" | "createdAt" | "borrower">;
/** The columns a table row may be read from (a listing's texts and details stay in the database): tableRead picks the shown ones. */
type RowSourceColumns = { [C in keyof RowSource]: (typeof projects)[C] };

/** A project as a table row (the seller's and admins' tables also show the borrower). */
export function toProjectRow(p: RowSource, extra: { sellerName?: string } = {}) {
  const row = Object.fromEntries(Object.entries(ROW_COLUMNS).map(([key, column]) => [key, p[column]])) as {
    [K in RowKey]: Project[(typeof ROW_COLUMNS)[K]];
  };
  return { ...row, date: p.publishedAt ?? p.submittedAt ?? p.createdAt, borrower: p.borrower, ...extra };
}

