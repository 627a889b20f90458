import { and, asc, desc, eq, inArray, isNull, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { listedProject, notYetListedProject, projectDate, projects, users, type Project } from "~/.server/db/schema";
import { pageSizeOf } from "~/lib/admin-tables";
import { ROW_COLUMNS, type RowKey } from "~/lib/projects";
import { VISIBLE_TO_BUYERS, type ProjectKind, type ProjectStatus } from "~/lib/project-kinds";
import type { Role } from "~/lib/roles";
import { ftsQuery } from "./project-search.server";
import { pageOrLast } from "./list-query.server";

export type Viewer = { id: number; role: Role | null };

/** Whether buyers see the project (published, under offer): an NDA approval or new terms reach them. */
export const seenByBuyers = (project: Pick<Project, "status">) => VISIBLE_TO_BUYERS.includes(project.status);

/** The same rule in hand-written SQL (`status` names a project's status column): one list for every query. */
export const statusSeenByBuyers = (status: SQL | AnyColumn) => sql`${status} in (${sql.join(VISIBLE_TO_BUYERS.map((seen) => sql`${seen}`), sql`, `)})`;

/**
 * A bulk upload's listings, while the job runs: seen by admins alone (project-kinds.ts), so that
 * the seller never sees, opens or acts on half a file (the job may yet fail and remove them all).
 */
export const importing = (project: Pick<Project, "status">) => project.status === "importing";

/**
 * The same for a list of the seller's projects: not one of those importing. By id, from the status
 * index alone (usually no row at all), so that a list still reads its own index without the rows.
 */
export const notImporting = sql`${projects.id} not in (select importing.id from ${projects} importing where importing.status = 'importing')`;

/** Who may see a project at all: its seller and admins always; other members once it is published. */
export function canSee(viewer: Viewer, project: Pick<Project, "sellerId" | "status">) {
  if (mayManageProject(viewer, project)) return true;
  // every member may open a published listing's teaser (sellers too: they watch the market)
  return viewer.role !== null && seenByBuyers(project);
}

/** An admin, or the project's own seller (once it is past an import): who may edit it, run its deal desk and manage its data room. */
export function mayManageProject(viewer: Viewer, project: Pick<Project, "sellerId" | "status">) {
  return viewer.role === "admin" || (project.sellerId === viewer.id && !importing(project));
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

// the teaser asks it beside the project's own read: built once
const sellerCompanyById = preparedQuery((db) =>
  db
    .select({ customerId: users.customerId })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.sellerId))
    .where(eq(projects.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/** The customer (company) of a project's seller, null without one: its members are the listing's side, not its buyers. */
export async function sellerCustomerOf(db: Database, projectId: number): Promise<number | null> {
  const [row] = await sellerCompanyById(db).all({ id: projectId });
  return row?.customerId ?? null;
}

/** A colleague's listing: the member and the project's seller are of one company (a member without one has none). */
export const isCompanyListing = (member: { customerId?: number | null }, sellerCompany: number | null) =>
  member.customerId != null && member.customerId === sellerCompany;

/** A seller's own project, in any status; null for anyone else's. */
export async function findOwnProject(db: Database, { sellerId, projectId: id }: { sellerId: number; projectId: number }) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (
    (await db.query.projects.findFirst({ where: and(eq(projects.id, id), eq(projects.sellerId, sellerId)) })) ?? null
  );
}

/**
 * A new draft of the kind. With the Start form's one-time key (decision 083), the same form posted
 * again (a double click, back and Start again) gets the draft the key started, `repeated`, and no
 * second one; the unique index decides, so two posts at the same moment make one draft too.
 */
export async function createDraft(db: Database, sellerId: number, kind: ProjectKind, submissionKey: string | null = null): Promise<Project & { repeated?: true }> {
  const [row] = await db
    .insert(projects)
    .values({ sellerId, kind, status: "draft", draftStep: 0, submissionKey })
    .onConflictDoNothing({ target: projects.submissionKey })
    .returning();
  if (row) return row;
  const [first] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.submissionKey, submissionKey!), eq(projects.sellerId, sellerId)));
  // the key is a guard for the browser's repeats, not a name: one that is not this seller's starts a draft of its own
  return first ? { ...first, repeated: true } : createDraft(db, sellerId, kind);
}

export const EDITABLE: readonly ProjectStatus[] = ["draft", "rejected"];

/** Saves one step of the create form; only the seller's own draft (or returned) project. */
export async function saveDraftStep(
  db: Database,
  sellerId: number,
  id: number,
  step: number,
  values: Partial<typeof projects.$inferInsert>,
  asRead?: Project,
) {
  // the columns written are still as the save read them (asRead): another tab's save, or a loan tape's
  // import, landing between that read and this write is not overwritten unseen
  const stillAsRead = asRead
    ? Object.keys(values).map((key) => {
        const column = key as keyof Project & keyof typeof projects.$inferInsert;
        if (column === "details") return sql`json(${projects.details}) = json(${JSON.stringify(asRead.details ?? {})})`;
        const was = asRead[column];
        return was === null || was === undefined ? isNull(projects[column] as AnyColumn) : eq(projects[column] as AnyColumn, was);
      })
    : [];
  const updated = await db
    .update(projects)
    .set({ ...values, draftStep: sql`max(${projects.draftStep}, ${step})`, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.sellerId, sellerId), inArray(projects.status, [...EDITABLE]), ...stillAsRead))
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

/** An admin's decision on a submitted listing; a withdrawal closes its deals too (project-withdrawal.server.ts). */
export type ReviewAction = "publish" | "reject";
const FROM: Record<ReviewAction, ProjectStatus[]> = {
  publish: ["submitted"],
  reject: ["submitted"],
};
/** Where a listing may be withdrawn from, by its seller or an admin (for good: nothing publishes it again). */
export const WITHDRAWABLE: readonly ProjectStatus[] = ["submitted", "published", "under_offer"];

/** An admin's decision; returns false when the project is not in a state that allows it. */
export async function reviewProject(db: Database, id: number, action: ReviewAction, reason?: string) {
  const now = new Date();
  const set =
    action === "publish"
      ? { status: "published" as const, publishedAt: now, rejectionReason: null }
      : { status: "rejected" as const, rejectionReason: reason ?? "" };
  const updated = await db
    .update(projects)
    .set({ ...set, updatedAt: now })
    .where(and(eq(projects.id, id), inArray(projects.status, FROM[action])))
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
export async function listSellerDraftPage(db: Database, sellerId: number, options: { reach?: SQL; page?: number; pageSize?: number } = {}) {
  // a page past the last (a stale link, a made-up `?page=`) is the last: not "No drafts." over a count of five
  return pageOrLast((page) => sellerDraftPage(db, sellerId, { ...options, page }), options.page ?? 1);
}

async function sellerDraftPage(db: Database, sellerId: number, { reach, page = 1, pageSize = 25 }: { reach?: SQL; page?: number; pageSize?: number }) {
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
        // The total is counted once, from an index alone; a window count over the page's query had every
        // listed row read (97,000: 400-600 ms)
        deals: dealCountColumns(read.counts),
        total: listedCountOf(sql.placeholder("sellerId")),
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
type SellerPageOptions = { sort?: string; desc?: boolean; page?: number; pageSize?: number; shown?: Record<string, boolean> };
export async function listSellerProjectPage(db: Database, sellerId: number, options: SellerPageOptions = {}) {
  // a page past the last is the last, as every list's (it said "You have not submitted a project yet.")
  return pageOrLast((page) => sellerProjectPage(db, sellerId, { ...options, page }), options.page ?? 1);
}

async function sellerProjectPage(db: Database, sellerId: number, { sort = "date", desc: descending = false, page = 1, pageSize = 25, shown }: SellerPageOptions) {
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
  const [row] = await db.all<{ n: number }>(sql`select ${listedCountOf(sellerId)} as n`);
  return Number(row?.n ?? 0);
}

/**
 * How many projects a seller has listed: all of theirs less their drafts and imports, two ranges of the
 * (seller, status) index. Counted with each entry's status checked, a seller of 97,210 took 9.8 ms; the
 * difference 2.9 ms (status is never null, so the two agree).
 */
const listedCountOf = (sellerId: number | Placeholder) =>
  sql<number>`((select count(*) from ${projects} where ${projects.sellerId} = ${sellerId}) - (select count(*) from ${projects} where ${projects.sellerId} = ${sellerId} and ${notYetListedProject(projects.status)}))`;

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

/** The named columns of a project, in the order given. */
export function pickColumns<K extends keyof Project>(project: Project, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, project[key]])) as Pick<Project, K>;
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

