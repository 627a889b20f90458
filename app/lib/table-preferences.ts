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

const h = (value: string, label: string, enabled = true, sortable = true): TableHeader => ({ value, label, enabled, sortable });

/** The project columns of spec §3 that a buyer sees (never the borrower). */
const BUYER_COLUMNS: TableHeader[] = [
  h("id", "ID", false),
  h("date", "Date", false),
  h("projectName", "Project"),
  h("industry", "Industry"),
  h("sector", "Sector", false),
  h("loanPool", "Loan pool", false),
  h("size", "Size"),
  h("saleType", "Sale type"),
  h("term", "Status"),
  h("waInterest", "WA interest"),
  h("maturityDate", "Maturity"),
  h("location", "Region"),
  h("state", "State", false),
  h("secured", "Secured", false),
  h("loanAmount", "Loan amount", false),
  h("projectDueDate", "Bids due", false),
  h("longTermDebtSecured", "LT debt secured", false),
  h("longTermDebtLevelOfSecurity", "LT debt security", false),
  h("ndaStatus", "NDA", true, false),
];

const ANY = { q: "", industry: "Any", region: "Any", status: "Any", transactionSize: "Any" };

export const TABLES = {
  projectSearch: { key: "projectSearch", headers: BUYER_COLUMNS, sortBy: "date", sortDesc: true, filters: ANY },
  sellerProjects: {
    key: "sellerProjects",
    headers: [
      h("id", "ID", false),
      h("date", "Date"),
      h("projectName", "Project"),
      h("kind", "Kind"),
      h("status", "Listing status"),
      h("industry", "Industry", false),
      h("size", "Size"),
      h("term", "Status", false),
      h("waInterest", "WA interest", false),
      h("borrower", "Borrower", false),
      h("views", "Views"),
      h("impressionsCounter", "Impressions"),
      h("ndas", "NDAs"),
      h("negotiations", "Negotiations", false),
      h("bids", "Bids"),
      h("lastUpdateBuyer", "Last buyer visit", false),
      h("updatedAt", "Updated", false),
    ],
    sortBy: "date",
    sortDesc: false,
  },
  adminProjects: {
    key: "adminProjects",
    headers: [
      h("id", "ID", false),
      h("date", "Date"),
      h("projectName", "Project"),
      h("sellerName", "Seller"),
      h("kind", "Kind"),
      h("status", "Listing status"),
      h("industry", "Industry"),
      h("size", "Size"),
      h("borrower", "Borrower", false),
      h("views", "Views"),
      h("impressionsCounter", "Impressions", false),
      h("ndas", "NDAs"),
      h("negotiations", "Negotiations", false),
      h("bids", "Bids"),
      h("lastUpdateBuyer", "Last buyer visit", false),
      h("updatedAt", "Updated", false),
    ],
    sortBy: "date",
    sortDesc: false,
  },
} as const satisfies Record<string, TableDefaults>;
export type TableKey = keyof typeof TABLES;
