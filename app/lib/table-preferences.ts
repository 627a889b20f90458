import { CUSTOMER_COLUMNS, CUSTOMER_FILTERS } from "./customers";
import { INBOUND_FILTERS, LEAD_COLUMNS, LEAD_FILTERS, inboundColumns } from "./inbound";
import { MEMBER_COLUMNS, MEMBER_FILTERS, USER_COLUMNS, USER_FILTERS } from "./user-table";
import { COLUMN_LABELS, SEARCH_SORT_KEYS, TERM_KEYS, type ProjectColumn, type TermKey } from "./projects";
import { PROJECT_BUYER_COLUMNS } from "./project-buyers";

/**
 * Table preferences (spec §4): every table has default headers, a sort column and
 * direction. A member may toggle columns, filter, change the sort or reset; only
 * what differs from the defaults is kept, and a sort key that is not one of the
 * table's headers is dropped.
 */
export type TableHeader = { value: string; label: string; enabled: boolean; sortable?: boolean };
export type TableDefaults = {
  key: string;
  headers: readonly TableHeader[];
  sortBy: string;
  sortDesc: boolean;
  filters?: Readonly<Record<string, string>>;
};
export type StoredPreferences = {
  headers?: Record<string, boolean>;
  sortBy?: string;
  sortDesc?: boolean;
  filters?: Record<string, string>;
};
export type ResolvedPreferences = {
  /** The table's columns, sent with the view so that the page needs no copy of every table's definition. */
  headers: readonly TableHeader[];
  visible: Record<string, boolean>;
  sortBy: string;
  sortDesc: boolean;
  filters: Record<string, string>;
};

export function resolvePreferences(defaults: TableDefaults, stored: StoredPreferences | null | undefined): ResolvedPreferences {
  const visible = Object.fromEntries(defaults.headers.map((h) => [h.value, stored?.headers?.[h.value] ?? h.enabled]));
  const sortable = new Set(defaults.headers.filter((h) => h.sortable !== false).map((h) => h.value));
  const sortBy = stored?.sortBy && sortable.has(stored.sortBy) ? stored.sortBy : defaults.sortBy;
  return {
    headers: defaults.headers,
    visible,
    sortBy,
    sortDesc: stored?.sortDesc ?? defaults.sortDesc,
    filters: { ...(defaults.filters ?? {}), ...(stored?.filters ?? {}) },
  };
}

/** What to store: only the differences from the defaults (empty when the state is the defaults). */
export function diffPreferences(defaults: TableDefaults, state: Partial<ResolvedPreferences>): StoredPreferences {
  const out: StoredPreferences = {};
  const headers: Record<string, boolean> = {};
  for (const h of defaults.headers) {
    const v = state.visible?.[h.value];
    if (v !== undefined && v !== h.enabled) headers[h.value] = v;
  }
  if (Object.keys(headers).length) out.headers = headers;
  const sortable = new Set(defaults.headers.filter((h) => h.sortable !== false).map((h) => h.value));
  if (state.sortBy && sortable.has(state.sortBy) && state.sortBy !== defaults.sortBy) out.sortBy = state.sortBy;
  if (state.sortDesc !== undefined && state.sortDesc !== defaults.sortDesc) out.sortDesc = state.sortDesc;
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.filters ?? {})) {
    if (v && v !== (defaults.filters?.[k] ?? "Any")) filters[k] = v;
  }
  if (Object.keys(filters).length) out.filters = filters;
  return out;
}

/** A project table's column: its label is the one the tables share. */
const h = (value: ProjectColumn, enabled = true, sortable = true): TableHeader => ({ value, label: COLUMN_LABELS[value], enabled, sortable });

/** What a buyer's search shows until the member chooses otherwise. */
const BUYER_SHOWN: readonly TermKey[] = ["projectName", "industry", "size", "saleType", "term", "waInterest", "maturityDate", "location"];

/** The project columns of spec §3 that a buyer sees: every key term (never the borrower), and the member's NDA. */
const BUYER_COLUMNS: TableHeader[] = [
  h("id", false, false),
  h("date", false),
  // a header sorts only by what the search can sort (a sale type's header once sorted by date)
  ...TERM_KEYS.map((key) => h(key, BUYER_SHOWN.includes(key), (SEARCH_SORT_KEYS as readonly string[]).includes(key))),
  h("ndaStatus", true, false),
];

const ANY = { q: "", industry: "Any", region: "Any", status: "Any", transactionSize: "Any" };

export const TABLES = {
  projectSearch: { key: "projectSearch", headers: BUYER_COLUMNS, sortBy: "date", sortDesc: true, filters: ANY },
  sellerProjects: {
    key: "sellerProjects",
    headers: [
      h("id", false),
      h("date"),
      h("projectName"),
      h("kind"),
      h("status"),
      h("industry", false),
      h("size"),
      h("term", false),
      h("waInterest", false),
      h("borrower", false),
      h("views"),
      h("impressionsCounter"),
      h("ndas"),
      h("negotiations", false),
      h("bids"),
      h("lastUpdateBuyer", false),
      h("updatedAt", false),
    ],
    sortBy: "date",
    sortDesc: false,
  },
  adminProjects: {
    key: "adminProjects",
    headers: [
      h("id", false),
      h("date"),
      h("projectName"),
      h("sellerName"),
      h("kind"),
      h("status"),
      h("industry"),
      h("size"),
      h("borrower", false),
      h("views"),
      h("impressionsCounter", false),
      h("ndas"),
      h("negotiations", false),
      h("bids"),
      h("lastUpdateBuyer", false),
      h("updatedAt", false),
    ],
    sortBy: "date",
    sortDesc: false,
  },
  /** Admin customers: spec §9 sorts them by last login, newest first. */
  customers: { key: "customers", headers: CUSTOMER_COLUMNS, sortBy: "lastLogin", sortDesc: true, filters: CUSTOMER_FILTERS },
  /** The inbound lists, one table each (INBOUND_TABLE_KEYS): newest first. */
  demoRequests: { key: "demoRequests", headers: inboundColumns("demo"), sortBy: "createdAt", sortDesc: true, filters: INBOUND_FILTERS },
  userInquiries: { key: "userInquiries", headers: inboundColumns("inquiry"), sortBy: "createdAt", sortDesc: true, filters: INBOUND_FILTERS },
  affiliateInquiries: { key: "affiliateInquiries", headers: inboundColumns("affiliate"), sortBy: "createdAt", sortDesc: true, filters: INBOUND_FILTERS },
  contactMessages: { key: "contactMessages", headers: inboundColumns("contact"), sortBy: "createdAt", sortDesc: true, filters: INBOUND_FILTERS },
  potentialCustomers: { key: "potentialCustomers", headers: LEAD_COLUMNS, sortBy: "createdAt", sortDesc: true, filters: LEAD_FILTERS },
  /** Admin users: the newest accounts first. */
  users: { key: "users", headers: USER_COLUMNS, sortBy: "createdAt", sortDesc: true, filters: USER_FILTERS },
  /** The buyer table on an admin's project page: best matches first. */
  projectBuyers: { key: "projectBuyers", headers: PROJECT_BUYER_COLUMNS, sortBy: "score", sortDesc: true },
  /** A customer's members, by name. */
  customerMembers: { key: "customerMembers", headers: MEMBER_COLUMNS, sortBy: "name", sortDesc: false, filters: MEMBER_FILTERS },
  /** The benchmark curve's points: the latest day first, short end first within a day. */
  interestRates: {
    key: "interestRates",
    headers: [
      { value: "asOf", label: "As of", enabled: true },
      { value: "tenorMonths", label: "Tenor", enabled: true },
      { value: "rate", label: "Rate (%)", enabled: true },
      { value: "updatedAt", label: "Updated", enabled: false },
      { value: "actions", label: "Actions", enabled: true, sortable: false },
    ],
    sortBy: "asOf",
    sortDesc: true,
    filters: { asOf: "Any" },
  },
  /** Pricing coefficients, by dimension and band. */
  pricingCoefficients: {
    key: "pricingCoefficients",
    headers: [
      { value: "dimension", label: "Dimension", enabled: true },
      { value: "band", label: "Band", enabled: true },
      { value: "value", label: "Value", enabled: true },
      { value: "updatedAt", label: "Updated", enabled: false },
      { value: "actions", label: "Actions", enabled: true, sortable: false },
    ],
    sortBy: "dimension",
    sortDesc: false,
    filters: { dimension: "Any" },
  },
} as const satisfies Record<string, TableDefaults>;
export type TableKey = keyof typeof TABLES;
