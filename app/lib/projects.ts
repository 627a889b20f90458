import type { Project } from "../.server/db/schema";

export type { Project };


/** Transaction size bands of spec §9, in USD, keyed like the "transactionScales" constant list. */
export const SIZE_BANDS: Record<string, { min: number; max: number | null }> = {
  lt1m: { min: 0, max: 1_000_000 },
  "1-5m": { min: 1_000_000, max: 5_000_000 },
  "5-10m": { min: 5_000_000, max: 10_000_000 },
  "10-25m": { min: 10_000_000, max: 25_000_000 },
  "25-50m": { min: 25_000_000, max: 50_000_000 },
  "50-100m": { min: 50_000_000, max: 100_000_000 },
  "100-300m": { min: 100_000_000, max: 300_000_000 },
  "300-500m": { min: 300_000_000, max: 500_000_000 },
  gt500m: { min: 500_000_000, max: null },
};

export function sizeBandOf(size: number | null | undefined): string | null {
  if (size === null || size === undefined) return null;
  for (const [key, band] of Object.entries(SIZE_BANDS)) {
    if (size >= band.min && (band.max === null || size < band.max)) return key;
  }
  return null;
}

/**
 * A listing's key terms, in table order: what every view of a listing shows,
 * before any NDA (search results, the seller's and admins' tables, the teaser,
 * the listing's card, the create form). Never the borrower, never the seller.
 * The columns come from the projects table; a column added here is in every
 * view, and the types below ask for its label and table cell.
 */
export const TERM_KEYS = [
  "projectName",
  "industry",
  "sector",
  "loanPool",
  "size",
  "saleType",
  "term",
  "waInterest",
  "maturityDate",
  "location",
  "state",
  "secured",
  "loanAmount",
  "projectDueDate",
  "longTermDebtSecured",
  "longTermDebtLevelOfSecurity",
] as const satisfies readonly (keyof Project)[];
export type TermKey = (typeof TERM_KEYS)[number];

/**
 * The columns the buyers' search sorts by, each walking an index at 100,000 listings
 * (search-plans.server.test.ts); its other columns show, but their headers do not sort.
 */
export const SEARCH_SORT_KEYS = ["date", "projectName", "industry", "size", "waInterest", "maturityDate", "location", "loanAmount"] as const;
export type SearchSortKey = (typeof SEARCH_SORT_KEYS)[number];

/** The kind and the key terms: what a listing's card shows (no dates, so the same in JSON). */
export type ProjectTerms = Pick<Project, "kind" | TermKey>;

const sameName = Object.fromEntries(TERM_KEYS.map((k) => [k, k])) as { [K in TermKey]: K };

/** A project as a table row: each row key and the column it is read from (`date`: when it was published). */
export const ROW_COLUMNS = {
  id: "id",
  kind: "kind",
  status: "status",
  date: "publishedAt",
  ...sameName,
  views: "views",
  impressionsCounter: "impressions",
  updatedAt: "updatedAt",
} as const satisfies Record<string, keyof Project>;
export type RowKey = keyof typeof ROW_COLUMNS;

/** A value as loader JSON carries it: dates become strings. */
export type Serialized<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? Exclude<T[K], Date> | string : T[K];
};

/** A date as the server reads it, or as loader JSON carries it. */
type EitherDate<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? T[K] | string : T[K] };

/**
 * A project row as the tables draw it (on the server, or from JSON): the row columns, the borrower
 * for the seller and admins, the seller for admins, the member's NDA in a search, and the deal counts
 * on the seller's and admins' tables.
 */
export type ProjectRow = EitherDate<{ [K in RowKey]: Project[(typeof ROW_COLUMNS)[K]] }> & {
  borrower?: string;
  sellerName?: string;
  ndaStatus?: string | null;
  lastUpdateBuyer?: number | null;
  ndas?: number;
  negotiations?: number;
  bids?: number;
  /** Where the row's name links, when the loader decided it for the member's role. */
  href?: string;
};
export type ProjectColumn = Exclude<keyof ProjectRow, "href">;

/** What a project row carries whatever columns are shown: its id (its link and key) and the date a draft shows (asShown). */
export const PROJECT_ROW_KEYS = ["id", "updatedAt"] as const satisfies ReadonlyArray<keyof ProjectRow>;

/** What the tables call each column; the listing's card uses the same words, spelled out where a table abbreviates. */
export const COLUMN_LABELS = {
  id: "ID",
  kind: "Kind",
  status: "Listing status",
  date: "Date",
  projectName: "Project",
  industry: "Industry",
  sector: "Sector",
  loanPool: "Loan pool",
  size: "Size",
  saleType: "Sale type",
  term: "Status",
  waInterest: "WA interest",
  maturityDate: "Maturity",
  location: "Region",
  state: "State",
  secured: "Secured",
  loanAmount: "Loan amount",
  projectDueDate: "Bids due",
  longTermDebtSecured: "LT debt secured",
  longTermDebtLevelOfSecurity: "LT debt security",
  views: "Views",
  impressionsCounter: "Impressions",
  updatedAt: "Updated",
  borrower: "Borrower",
  sellerName: "Seller",
  ndaStatus: "NDA",
  lastUpdateBuyer: "Last buyer visit",
  ndas: "NDAs",
  negotiations: "Negotiations",
  bids: "Bids",
} as const satisfies Record<ProjectColumn, string>;

/** What any member may see of a listing before an NDA (the teaser): never the borrower or the seller. */
export const TEASER_KEYS = ["id", "kind", "status", ...TERM_KEYS, "fullDetails", "publishedAt"] as const satisfies readonly (keyof Project)[];
export type TeaserKey = (typeof TEASER_KEYS)[number];

/** The teaser as its page gets it: the teaser columns, the details that do not identify the borrower, and whether it is the member's own. */
export type Teaser = Serialized<Pick<Project, TeaserKey>> & {
  details: Record<string, unknown>;
  own: boolean;
  /** A colleague's listing: the member's company sells it. */
  ownCompany: boolean;
};
