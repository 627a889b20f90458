import { and, count, eq, inArray, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import type { Services } from "~/.server/services";
import { asShown, tableView } from "~/models/table-view.server";
import type { PreferencesReader } from "~/models/table-preferences.server";
import { customers, customersText } from "~/.server/db/schema";
import { containsText, countReach, indexedTextMatch, pageOfGathered, shortJoinedText, shownCount } from "./list-query.server";
import { isDense, learnDensity, matchesAmongNewest } from "./text-density.server";
import { criteriaFrom } from "~/lib/buyer-criteria";
import { inList } from "~/.server/db/in-list";
import { preparedQuery } from "~/.server/db/prepared";
import { csvDateTime } from "~/.server/csv-download";
import { NO_REQUESTS } from "~/lib/responsiveness";
import { companyResponsivenessSql } from "~/models/responsiveness.server";
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_FILTERS,
  CUSTOMER_MIN_FILTERS,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SIZE_BANDS,
  CUSTOMER_TYPE_LABELS,
  type CustomerColumn,
  type CustomerFilters,
  type CustomerMinFilter,
  type CustomerSizeBandKey,
  type CustomerType,
  minimumOf,
} from "~/lib/customers";

/**
 * The admin customer table (spec §3 "Customer / buyer columns"): each customer with counts of what
 * its members (users.customer_id) did. The counts are kept on the customer by triggers that run in
 * the statement writing the record (migrations 0044 and 0047), so the table, its sort and its CSV
 * read one figure and can never disagree with the records.
 */

const storedResponsiveness = companyResponsivenessSql(sql`"customers"."id"`, sql`"customers"."customer_type"`);

/**
 * Every computed column as SQL: the select list, the sort and the filters use the same expression.
 * What members did is kept on the customer by triggers (migration 0044, decision 059), so a sort or
 * filter by it walks an index instead of working it out for every customer.
 */
const COMPUTED = {
  /** Its members' latest sign-in, stored on the customer (migration 0035's triggers keep it): indexed for the default order. */
  lastLogin: sql<number | null>`"customers"."last_login_at"`,
  /** The end of its members' latest page session. */
  lastActivity: sql<number | null>`"customers"."last_activity_at"`,
  /** Project pages the members opened (page sessions on a company page). */
  views: sql<number>`"customers"."view_count"`,
  ndas: sql<number>`"customers"."nda_count"`,
  /** Threads (one per project and member) with at least one message. */
  negotiations: sql<number>`"customers"."negotiation_count"`,
  loi: sql<number>`"customers"."loi_count"`,
  /** Days a member was shown a project in results (once a day per project), since they joined: the daily rows go, the count stays. */
  impressions: sql<number>`"customers"."impression_count"`,
  /** E-mails and SMS written to a member or the customer's attention address. */
  communications: sql<number>`"customers"."communication_count"`,
  /** The stored score (models/responsiveness.server.ts): a seller company's as a seller, any other's as a buyer. */
  responsivenessScore: storedResponsiveness.score,
  responsivenessReason: storedResponsiveness.reason,
  /** The projects its members dealt on (an NDA or an offer) in each size band (migration 0047). */
  ...(Object.fromEntries(CUSTOMER_SIZE_BANDS.map((b) => [b.key, sql`${customers[b.key]}`])) as Record<CustomerSizeBandKey, SQL<number>>),
};

/** What each sortable column sorts by. */
const SORT: Partial<Record<CustomerColumn, SQL | typeof customers.id>> = {
  customerId: sql`${customers.id}`,
  customerName: sql`lower(${customers.name})`,
  customerType: sql`${customers.customerType}`,
  contactPerson: sql`lower(${customers.contactPerson})`,
  attentionEmail: sql`lower(${customers.attentionEmail})`,
  attentionPhone: sql`${customers.attentionPhone}`,
  website: sql`lower(${customers.website})`,
  type: sql`${customers.businessType}`,
  size: sql`${customers.size}`,
  headquarters: sql`${customers.headquarters}`,
  createdAt: sql`${customers.createdAt}`,
  enabled: sql`${customers.enabled}`,
  locked: sql`${customers.locked}`,
  smsAllowance: sql`${customers.smsAllowance}`,
  comments: sql`lower(${customers.comments})`,
  updatedAt: sql`${customers.updatedAt}`,
  lastLogin: COMPUTED.lastLogin,
  lastActivity: COMPUTED.lastActivity,
  views: COMPUTED.views,
  ndas: COMPUTED.ndas,
  negotiations: COMPUTED.negotiations,
  loi: COMPUTED.loi,
  impressions: COMPUTED.impressions,
  communications: COMPUTED.communications,
  responsivenessScore: COMPUTED.responsivenessScore,
  ...Object.fromEntries(CUSTOMER_SIZE_BANDS.map((b) => [b.key, COMPUTED[b.key]])),
};

export const isCustomerSortKey = (key: string): key is CustomerColumn => Object.hasOwn(SORT, key);

// the fields of the text search's trigram index (migration 0045), the members' e-mails and names among them
const CUSTOMER_TEXT_FIELDS = ["name", "contact_person", "attention_email", "website", "headquarters", "comments", "members"];

const CUSTOMERS_TEXT = "customers_text";
/**
 * A text shorter than a trigram that is looked for in each customer's fields kept joined (customersText, migration
 * 0084, decision 102), lowered as `like`'s pattern is ("LE" is the same search as "le"); null for any other text. One
 * holding the separator, which only the members' list holds between an e-mail and a name, is looked for field by
 * field through the trigram index's copy as before: joined, it would also be found between two fields.
 */
function shortTextOf(q: string | undefined) {
  return shortJoinedText(q)?.toLowerCase() ?? null;
}

/**
 * The customers one of whose fields holds the text. A short one: every customer's seven fields read as one value,
 * one `like` each, where the trigram index's virtual table took seven reads (100,000 customers: 165-240 ms a page);
 * `walked` (a short text in most customers) checks each customer the page's order reaches by a seek of its text.
 */
function textOf(q: string | undefined, walked: boolean) {
  const short = shortTextOf(q);
  if (!short) return indexedTextMatch(q, { id: customers.id, index: "customers_fts", fields: CUSTOMER_TEXT_FIELDS });
  if (walked) return sql`exists (select 1 from ${customersText} where ${customersText.id} = ${customers.id} and ${containsText(customersText.text, short)})`;
  return sql`${customers.id} in (select ${customersText.id} from ${customersText} where ${containsText(customersText.text, short)})`;
}

/** The short text's matches among the newest customers (decision 093's sample), read with the page or its count: 0.1 ms. */
const shortTextSample = (short: string) =>
  sql<number | null>`(${matchesAmongNewest(CUSTOMERS_TEXT, containsText(customersText.text, short), { table: customers, id: customers.id })})`;

/**
 * The WHERE of a view: the text search and the per-column filters, all on the server (recipient lists reuse it).
 * `walkSortIndex` keeps the equality filters off their indexes (a unary plus), so that SQLite walks the sort's
 * index and skips the customers that do not match (see pageWalksSortIndex); `walkedText` checks a short text on
 * each customer reached (textOf).
 */
export function whereOf(q: string | undefined, filters: CustomerFilters, { walkSortIndex = false, walkedText = false } = {}): SQL | undefined {
  const parts: SQL[] = [];
  const text = textOf(q, walkedText);
  if (text) parts.push(text);
  const chosen = (key: keyof CustomerFilters) => {
    const value = filters[key];
    return value && value !== "Any" ? value : undefined;
  };
  const equals = <T>(column: Column, value: T) => (walkSortIndex ? sql`+${column} = ${value}` : eq(column, value));
  const customerType = chosen("customerType");
  if (customerType) parts.push(equals(customers.customerType, customerType as CustomerType));
  const type = chosen("type");
  if (type) parts.push(equals(customers.businessType, type));
  for (const key of ["enabled", "locked"] as const) {
    const value = chosen(key);
    if (value === "yes" || value === "no") parts.push(equals(customers[key], value === "yes"));
  }
  for (const [key, column] of Object.entries(CUSTOMER_MIN_FILTERS) as Array<[CustomerMinFilter, keyof typeof COMPUTED]>) {
    const min = minimumOf(filters[key]);
    if (min !== undefined) parts.push(sql`${COMPUTED[column]} >= ${min}`);
  }
  return parts.length ? and(...parts) : undefined;
}

const selection = {
  customerId: customers.id,
  customerName: customers.name,
  customerType: customers.customerType,
  contactPerson: customers.contactPerson,
  attentionEmail: customers.attentionEmail,
  attentionPhone: customers.attentionPhone,
  website: customers.website,
  type: customers.businessType,
  size: customers.size,
  headquarters: customers.headquarters,
  createdAt: customers.createdAt,
  enabled: customers.enabled,
  locked: customers.locked,
  smsAllowance: customers.smsAllowance,
  comments: customers.comments,
  updatedAt: customers.updatedAt,
  preferences: customers.preferences,
  buyerType: customers.investorType,
  anonymisedAt: customers.anonymisedAt,
  ...COMPUTED,
};

const baseQuery = (db: Database) => db.select(selection).from(customers);

/** The columns a row always carries: its link, its name, and whether it was anonymised. */
const ALWAYS_READ = new Set(["customerId", "customerName", "anonymisedAt"]);
/** The table columns drawn from the stored preferences. */
const PREFERENCE_COLUMNS = [
  "borrowerLocationPreferences",
  "industryPreferences",
  "statePreferences",
  "transactionScalePreferences",
  "performingLoanPreference",
  "investmentPref",
  "transactionPref",
  "investmentCriteria",
];

/**
 * The page's select list: the columns the admin shows and those a row always carries. A hidden
 * computed column is a subquery per row not worked out, and a hidden stored one a cell not handed
 * over (the preferences are a JSON document a row).
 */
function pageSelection(visible: Record<string, boolean> | undefined) {
  if (!visible) return selection;
  const shown = (key: string) =>
    ALWAYS_READ.has(key) ||
    (key === "preferences"
        ? PREFERENCE_COLUMNS.some((column) => visible[column] !== false)
        : visible[key] !== false);
  return Object.fromEntries(Object.entries(selection).filter(([key]) => shown(key))) as typeof selection;
}
const pageSelectionKeys = (visible: Record<string, boolean> | undefined) => Object.keys(pageSelection(visible)).join(",");
type Raw = Awaited<ReturnType<typeof baseQuery>>[number];

export type CustomerRow = ReturnType<typeof toRow>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const list = (v: readonly string[] | undefined) => (v ?? []).join(", ");


function toRow(raw: Raw) {
  const p = criteriaFrom(raw.preferences);
  return {
    customerId: raw.customerId,
    customerName: raw.customerName,
    anonymised: raw.anonymisedAt !== null,
    customerType: raw.customerType,
    contactPerson: raw.contactPerson,
    attentionEmail: raw.attentionEmail,
    attentionPhone: raw.attentionPhone,
    website: raw.website,
    type: raw.type,
    size: raw.size,
    headquarters: raw.headquarters,
    // a hidden date is not read (pageSelection); nothing draws it
    createdAt: raw.createdAt?.getTime() as number,
    enabled: raw.enabled,
    locked: raw.locked,
    lastActivity: num(raw.lastActivity),
    lastLogin: num(raw.lastLogin),
    views: Number(raw.views),
    ndas: Number(raw.ndas),
    negotiations: Number(raw.negotiations),
    loi: Number(raw.loi),
    impressions: Number(raw.impressions),
    communications: Number(raw.communications),
    smsAllowance: raw.smsAllowance,
    responsivenessScore: num(raw.responsivenessScore),
    responsivenessReason: raw.responsivenessReason ?? NO_REQUESTS,
    borrowerLocationPreferences: list(p.borrowerLocationPreferences),
    industryPreferences: list(p.industryPreferences),
    statePreferences: list(p.statePreferences),
    transactionScalePreferences: list(p.transactionScalePreferences),
    performingLoanPreference: p.performingLoanPreference,
    investmentPref: list(p.investmentPref),
    transactionPref: list(p.transactionPref),
    buyerType: raw.buyerType,
    investmentCriteria: p.investmentCriteria,
    comments: raw.comments,
    updatedAt: raw.updatedAt ? raw.updatedAt.getTime() : null,
    ...(Object.fromEntries(CUSTOMER_SIZE_BANDS.map((b) => [b.key, Number(raw[b.key] ?? 0)])) as Record<CustomerSizeBandKey, number>),
  };
}

export type CustomerListQuery = {
  q?: string;
  filters?: CustomerFilters;
  sort?: string;
  desc?: boolean;
  page?: number;
  pageSize?: number;
};

export const pageSizeOf = (value: unknown) => {
  const n = Number(value);
  return (CUSTOMER_PAGE_SIZES as readonly number[]).includes(n) ? n : CUSTOMER_PAGE_SIZES[0];
};

/** One page of the admin customer table; for admins only (the route's guard). */
export async function listCustomers(
  db: Database,
  query: CustomerListQuery,
  /** The admin's column choice: the rows carry only what it shows, and counts it hides are not worked out. */
  visible?: Record<string, boolean>,
) {
  const found = await customerListPage(db, query, visible);
  // a page past the last (a stale link after a filter narrowed the table, a made-up ?page=) shows the last, not "No customers match."
  const last = Math.max(1, Math.ceil(found.total / found.pageSize));
  if (found.rows.length || found.page <= last) return found;
  return customerListPage(db, { ...query, page: last }, visible);
}

async function customerListPage(
  db: Database,
  { q, filters = {}, sort = "lastLogin", desc = true, page = 1, pageSize = 25 }: CustomerListQuery,
  visible?: Record<string, boolean>,
) {
  const size = pageSizeOf(pageSize);
  const offset = (Math.max(1, page) - 1) * size;
  const short = shortTextOf(q ?? filters.q);
  if (short) return shortTextPage(db, { short, q: q ?? filters.q, filters, sort, desc, size, visible, offset, page });
  const where = whereOf(q ?? filters.q, filters);
  if (where && filtersOnlyOwnColumns(q ?? filters.q, filters) && sortWalksAnIndex(sort, desc)) {
    const [{ n, last } = { n: 0, last: 0 }] = await db
      .select({ n: count(), last: sql<number | null>`(select max(${customers.id}) from ${customers})` })
      .from(customers)
      .where(where);
    const walk = pageWalksSortIndex({ offset, size, matching: n, customers: last ?? 0 });
    const raw = await customerPage(db, { where: walk ? whereOf(undefined, filters, { walkSortIndex: true }) : where, sort, desc, size, visible, offset });
    return { rows: rowsAsShown(raw, visible), total: n, more: false, page: Math.max(1, page), pageSize: size };
  }
  const [raw, [total]] = await Promise.all(
    where
      ? [customerPage(db, { where, sort, desc, size, visible, offset }), db.select({ n: count() }).from(customers).where(where)]
      : [unfilteredPage({ sort, desc, size, visible })(db).all({ offset }), everyCustomer(db).all()],
  );
  return { rows: rowsAsShown(raw, visible), total: total?.n ?? 0, more: false, page: Math.max(1, page), pageSize: size };
}

type ShortTextQuery = PageShape & { short: string; q: string | undefined; filters: CustomerFilters; offset: number; page: number };

/**
 * A page of the customers a text shorter than a trigram finds, and their count (decisions 102, after 097, 099 and 100
 * for the user table). A text seen in most of the newest customers, under a sort an index gives, walks that index and
 * checks each customer's joined text by its key, stopping at the page's last row; its count, read alongside (one call
 * to D1), is one pass over the joined text (or, with a filter, the filter's customers each checked the same way).
 * Any other is gathered once from the joined text (pageOfGathered): the page's ids carry the count as a window over
 * the matches, so that every customer's text is read once a page, in one statement; past the last page it shows the
 * last. Each read carries the text's sample.
 */
async function shortTextPage(db: Database, { short, q, filters, sort, desc, size, visible, offset, page }: ShortTextQuery) {
  const sample = shortTextSample(short);
  const learn = (found: { sample: number | null } | undefined) => {
    if (found?.sample != null) learnDensity(CUSTOMERS_TEXT, short, Number(found.sample));
  };
  const at = Math.max(1, page);
  if (isDense(CUSTOMERS_TEXT, short) && sortWalksAnIndex(sort, desc)) {
    // the page walks the sort's index past the customers a filter leaves out (a type with a text in most customers:
    // sorted from the type's index, 31 ms; walked, 0.1); the count reads the filter's own index
    const walked = whereOf(q, filters, { walkedText: true, walkSortIndex: true });
    const textAlone = !whereOf(undefined, filters);
    // counted up to the reach and one more (decision 104): a text in most customers stops after a small share of them
    const reach = countReach(at, size);
    const matches = (textAlone
      ? db.select({ one: sql`1` }).from(customersText).where(containsText(customersText.text, short))
      : db.select({ one: sql`1` }).from(customers).where(whereOf(q, filters, { walkedText: true }))
    ).limit(reach + 1).as("matches");
    const counted = db.select({ n: count(), sample }).from(matches);
    const [raw, [total]] = await Promise.all([customerPage(db, { where: walked, sort, desc, size, visible, offset }), counted]);
    learn(total);
    return { rows: rowsAsShown(raw, visible), ...shownCount(total?.n ?? 0, reach), page: at, pageSize: size };
  }
  const where = whereOf(q, filters);
  const ids = () => db.select({ id: customers.id, total: sql<number>`count(*) over ()`.as("total"), sample: sample.as("sample") }).from(customers).where(where).$dynamic();
  const found = await pageOfGathered(
    (chosen) => db.select({ ...pageSelection(visible), total: chosen.total, sample: chosen.sample }).from(customers).innerJoin(chosen, eq(chosen.id, customers.id)).$dynamic(),
    ids,
    { order: orderOf(sort, desc), page: at, pageSize: size },
    (first) => learn(first as { sample: number | null }),
  );
  // exact, but shown as the walked page would show it: which way a page is read never changes what it shows (decision 093)
  const rows = rowsAsShown(found.rows.map(({ sample: _sample, ...row }) => row as Raw), visible);
  return { ...found, rows, ...shownCount(found.total, countReach(found.page, size)) };
}

/**
 * A filter on the customer's own columns (type, customer type, enabled, locked) under a sort an index
 * gives: SQLite takes the filter's index and sorts every customer it matches, each a wide row read
 * from the table (a type is about 7,700 of 100,000 customers: about 20 ms), though walking the sort's
 * index and skipping the others reaches a first page after a few hundred rows. Deep pages, or a filter
 * few customers match, go the other way. The count the page shows says which: walk when fewer rows
 * would be walked (the page's end, over the share that matches) than sorted (those that match).
 * The highest id stands for the number of customers (deleted ones are few): it is one index step.
 */
export const pageWalksSortIndex = ({ offset, size, matching, customers }: { offset: number; size: number; matching: number; customers: number }) =>
  matching > 0 && (offset + size) * customers < matching * matching;

const filtersOnlyOwnColumns = (q: string | undefined, filters: CustomerFilters) =>
  !q?.trim() && Object.keys(CUSTOMER_MIN_FILTERS).every((key) => minimumOf(filters[key as CustomerMinFilter]) === undefined);

const sortWalksAnIndex = (sort: string, desc: boolean) => INDEXED_SORTS.has(sort) || (desc && (sort === "lastLogin" || sort === "lastActivity"));

/** A page's rows, with only the columns the admin shows (and those a row always carries). */
const rowsAsShown = (raw: Raw[], visible: Record<string, boolean> | undefined) =>
  visible ? asShown(raw.map(toRow), visible, ["customerId", "customerName", "anonymised"]) : raw.map(toRow);

type PageShape = { sort: string; desc: boolean; size: number; visible: Record<string, boolean> | undefined };

/** A page's ids in a subquery (only the sort is computed for the rows skipped), their columns around it: one round trip. */
function customerPage(db: Database, { where, sort, desc, size, visible, offset }: PageShape & { where: SQL | undefined; offset: number | Placeholder }) {
  const order = orderOf(sort, desc);
  const pageIds = db.select({ id: customers.id }).from(customers).where(where).orderBy(...order).limit(size).offset(offset);
  return db.select(pageSelection(visible)).from(customers).where(inArray(customers.id, pageIds)).orderBy(...order);
}

// The table opens unfiltered, in the admin's sort and columns: those pages are built once for each
// sort and choice of columns (a handful per admin), and only run after that
const unfilteredPages = new Map<string, ReturnType<typeof unfilteredPageQuery>>();
const MAX_UNFILTERED_SHAPES = 200;

function unfilteredPage(shape: PageShape) {
  const key = JSON.stringify([shape.sort, shape.desc, shape.size, pageSelectionKeys(shape.visible)]);
  let built = unfilteredPages.get(key);
  if (!built) {
    if (unfilteredPages.size >= MAX_UNFILTERED_SHAPES) unfilteredPages.clear();
    unfilteredPages.set(key, (built = unfilteredPageQuery(shape)));
  }
  return built;
}

function unfilteredPageQuery({ sort, desc, size, visible }: PageShape) {
  return preparedQuery((db) => customerPage(db, { where: undefined, sort, desc, size, visible, offset: sql.placeholder("offset") }).prepare());
}

const everyCustomer = preparedQuery((db) => db.select({ n: count() }).from(customers).prepare());

const idIn = (ids: number[]) => inList(customers.id, ids);

/**
 * The sorts an index gives either way (migrations 0044 and 0046): the kept counts and the columns
 * that are never empty, each indexed as SORT has it, the id last.
 */
const INDEXED_SORTS = new Set<string>([
  "customerId", "customerName", "customerType", "contactPerson", "attentionEmail", "attentionPhone", "website", "type",
  "headquarters", "createdAt", "enabled", "locked", "smsAllowance",
  "views", "ndas", "negotiations", "loi", "impressions", "communications",
  ...CUSTOMER_SIZE_BANDS.map((b) => b.key),
]);

/**
 * A page's order. An indexed sort breaks its ties by the id in its own direction, so that its
 * index gives the order as it stands (most customers have none of a count: a tie broken the other
 * way had SQLite sort all of them for a first page); every other column by ascending id, empty last.
 */
const orderOf = (sort: string, desc: boolean): SQL[] => {
  // the table's own columns only (not a name every object has, such as "constructor")
  const column = Object.hasOwn(SORT, sort) ? (sort as CustomerColumn) : "lastLogin";
  const by = SORT[column]!;
  if (INDEXED_SORTS.has(column)) return desc ? [sql`${by} desc`, sql`${customers.id} desc`] : [sql`${by} asc`, sql`${customers.id} asc`];
  return [desc ? sql`${by} desc nulls last` : sql`${by} asc nulls last`, sql`${customers.id} asc`];
};

/**
 * Every id of a view, in the view's order, for the CSV. Only the ids are held (a
 * hundred thousand take under a megabyte); their columns are then read a chunk at a
 * time with customersInOrder, so the sort, however computed, is worked out once.
 */
export async function customerIdsInViewOrder(db: Database, { q, filters = {}, sort = "lastLogin", desc = true }: Omit<CustomerListQuery, "page" | "pageSize">) {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(whereOf(q ?? filters.q, filters))
    .orderBy(...orderOf(sort, desc));
  return Int32Array.from(rows, (r) => r.id);
}

/** The rows of these ids, in the order given. */
export async function customersInOrder(db: Database, ids: ArrayLike<number>) {
  const list = Array.from(ids);
  if (!list.length) return [];
  const raw = await baseQuery(db).where(idIn(list));
  const byId = new Map(raw.map((r) => [r.customerId, r]));
  return list.flatMap((id) => (byId.has(id) ? [toRow(byId.get(id)!)] : []));
}

/** The data columns in table order (the controls left out): what the CSV can hold. */
export const CUSTOMER_DATA_COLUMNS = CUSTOMER_COLUMNS.filter((c) => c.value !== "select" && c.value !== "adminAction");

/**
 * The customer table as this admin sees it now: their saved columns, sort and filters,
 * overridden by the URL; the page and its CSV both read it, so they show the same view.
 */
export async function customerTableView(services: Services, { reader, request }: { reader: PreferencesReader; request: Request }) {
  const view = await tableView(services, reader, "customers", request, { stated: true });
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(
    (Object.keys(CUSTOMER_FILTERS) as Array<keyof CustomerFilters>).map((key) => [key, view.filters[key] ?? CUSTOMER_FILTERS[key]]),
  ) as CustomerFilters;
  const query = { q: filters.q, filters, sort: view.sortBy, desc: view.sortDesc, page: view.page, pageSize: pageSizeOf(params.get("pageSize") ?? undefined) };
  const columns = CUSTOMER_DATA_COLUMNS.filter((c) => view.visible[c.value]);
  return { view, query, columns };
}

/** A cell as the CSV writes it: dates as a spreadsheet reads them (csvDateTime, UTC), yes/no, numbers as numbers. */
export function csvValueOf(row: CustomerRow, column: CustomerColumn): string | number | boolean | null {
  if (column === "customerName") return row.anonymised ? "(anonymised)" : row.customerName;
  if (column === "createdAt" || column === "updatedAt" || column === "lastLogin" || column === "lastActivity") return csvDateTime(row[column]);
  if (column === "select" || column === "adminAction") return null;
  // the type as the table shows it ("Buyer"), not its stored value ("buyer")
  if (column === "customerType") return CUSTOMER_TYPE_LABELS[row.customerType];
  return row[column];
}
