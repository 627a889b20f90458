/** Which side of the market a customer (a company) is on: spec §3 customerType. */
export const CUSTOMER_TYPES = ["buyer", "seller", "broker"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { buyer: "Buyer", seller: "Seller", broker: "Broker" };

/**
 * A customer's on-boarding: invited (an admin created it), in progress (a member
 * started the checklist), verified (an admin checked investor type and evidence),
 * active (verified and a member signed in since). Only verified and active buyers sign NDAs.
 */
export const ONBOARDING_STATUSES = ["invited", "in_progress", "verified", "active"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const ONBOARDING_LABELS: Record<OnboardingStatus, string> = {
  invited: "Invited",
  in_progress: "In progress",
  verified: "Verified",
  active: "Active",
};

/**
 * A website as the customer form takes it (an http or https address, at most 200 characters, a host with a
 * dot in it), a bare domain ("lead.example") given https://; null when it is no website. What the affiliate
 * form and the potential-customer import keep, and what a converted lead gives its customer: a bare domain
 * kept as typed was refused by the customer form ("Invalid URL."), which the member's on-boarding then could not save.
 */
export function customerWebsite(text: string): string | null {
  const trimmed = text.trim();
  const website = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!trimmed || website.length > 200) return null;
  try {
    const url = new URL(website);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") ? website : null;
  } catch {
    return null;
  }
}

/** The host of a website, lower case and without "www.": how two customers are told to be the same company. */
export function websiteDomainOf(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/**
 * The admin customer table's transaction-size count columns (spec §9: up to $5m,
 * 5-10m ... above $500m), in USD. Each counts the projects the customer's members
 * dealt on (asked for an NDA or made an offer) whose size falls in the band: what an
 * operator reads as "how much business of this size did they do with us", rather than
 * what they once ticked as a preference (the preference columns show that).
 */
export const CUSTOMER_SIZE_BANDS = [
  { key: "dealsUpTo5m", label: "Deals up to $5m", min: 0, max: 5_000_000 },
  { key: "deals5to10m", label: "Deals $5-10m", min: 5_000_000, max: 10_000_000 },
  { key: "deals10to25m", label: "Deals $10-25m", min: 10_000_000, max: 25_000_000 },
  { key: "deals25to50m", label: "Deals $25-50m", min: 25_000_000, max: 50_000_000 },
  { key: "deals50to100m", label: "Deals $50-100m", min: 50_000_000, max: 100_000_000 },
  { key: "deals100to300m", label: "Deals $100-300m", min: 100_000_000, max: 300_000_000 },
  { key: "deals300to500m", label: "Deals $300-500m", min: 300_000_000, max: 500_000_000 },
  { key: "dealsAbove500m", label: "Deals above $500m", min: 500_000_000, max: null },
] as const;
export type CustomerSizeBandKey = (typeof CUSTOMER_SIZE_BANDS)[number]["key"];

/** The customer / buyer columns of spec §3 the admin table has, in table order. */
export const CUSTOMER_COLUMNS = [
  { value: "select", label: "Select", enabled: true, sortable: false },
  { value: "customerId", label: "ID", enabled: false },
  { value: "customerName", label: "Customer", enabled: true },
  { value: "customerType", label: "Customer type", enabled: true },
  { value: "contactPerson", label: "Contact person", enabled: true },
  { value: "attentionEmail", label: "Attention e-mail", enabled: true },
  { value: "attentionPhone", label: "Attention phone", enabled: false },
  { value: "website", label: "Website", enabled: false },
  { value: "type", label: "Business type", enabled: true },
  { value: "size", label: "Size", enabled: false },
  { value: "headquarters", label: "Headquarters", enabled: false },
  { value: "createdAt", label: "Created", enabled: false },
  { value: "enabled", label: "Enabled", enabled: false },
  { value: "locked", label: "Locked", enabled: false },
  { value: "lastActivity", label: "Last activity", enabled: false },
  { value: "lastLogin", label: "Last login", enabled: true },
  { value: "views", label: "Views", enabled: true },
  { value: "ndas", label: "NDAs", enabled: true },
  { value: "negotiations", label: "Negotiations", enabled: false },
  { value: "loi", label: "LOIs", enabled: true },
  { value: "impressions", label: "Impressions", enabled: false },
  { value: "communications", label: "Communications", enabled: false },
  { value: "smsAllowance", label: "SMS allowance", enabled: false },
  { value: "responsivenessScore", label: "Responsiveness", enabled: false },
  { value: "responsivenessReason", label: "Responsiveness reason", enabled: false, sortable: false },
  { value: "borrowerLocationPreferences", label: "Borrower locations", enabled: false, sortable: false },
  { value: "industryPreferences", label: "Industries", enabled: false, sortable: false },
  { value: "statePreferences", label: "States", enabled: false, sortable: false },
  { value: "transactionScalePreferences", label: "Transaction scales", enabled: false, sortable: false },
  { value: "performingLoanPreference", label: "Performing loans", enabled: false, sortable: false },
  { value: "investmentPref", label: "Investment types", enabled: false, sortable: false },
  { value: "transactionPref", label: "Transaction types", enabled: false, sortable: false },
  { value: "buyerType", label: "Investor type", enabled: false, sortable: false },
  { value: "investmentCriteria", label: "Investment criteria", enabled: false, sortable: false },
  { value: "comments", label: "Comments", enabled: false },
  { value: "updatedAt", label: "Updated", enabled: false },
  ...CUSTOMER_SIZE_BANDS.map((b) => ({ value: b.key, label: b.label, enabled: false })),
  { value: "adminAction", label: "Actions", enabled: true, sortable: false },
] as const satisfies ReadonlyArray<{ value: string; label: string; enabled: boolean; sortable?: boolean }>;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number]["value"];

/** Columns that are controls, not data: the CSV leaves them out. */
export const CUSTOMER_CONTROL_COLUMNS: readonly CustomerColumn[] = ["select", "adminAction"];

/** Activity columns an admin can ask "at least n" of (the filter minViews=3 keeps customers with 3 views or more). */
export const CUSTOMER_MIN_FILTERS = {
  minViews: "views",
  minNdas: "ndas",
  minNegotiations: "negotiations",
  minLoi: "loi",
  minImpressions: "impressions",
  minCommunications: "communications",
} as const;
export type CustomerMinFilter = keyof typeof CUSTOMER_MIN_FILTERS;

/** The table's filters (kept in the URL and, when saved, per admin); "Any" or "" is no filter. */
export const CUSTOMER_FILTERS = {
  q: "",
  customerType: "Any",
  type: "Any",
  enabled: "Any",
  locked: "Any",
  minViews: "",
  minNdas: "",
  minNegotiations: "",
  minLoi: "",
  minImpressions: "",
  minCommunications: "",
} as const;

/** An "at least" filter's value: a whole number ≥ 1, else no filter. */
export function minimumOf(value: string | undefined) {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 1_000_000_000 ? n : undefined;
}
export type CustomerFilters = { -readonly [K in keyof typeof CUSTOMER_FILTERS]?: string };

export const CUSTOMER_PAGE_SIZES = [25, 50, 100] as const;

/**
 * The URL of the table (or its CSV) with these filters, sort and page. Every filter is
 * written, "Any" too: a filter left out would fall back to the admin's saved default.
 */
export function customerQuery(state: { filters: CustomerFilters; sort?: string; desc?: boolean; page?: number; pageSize?: number }) {
  const params = new URLSearchParams();
  for (const key of Object.keys(CUSTOMER_FILTERS) as Array<keyof CustomerFilters>) {
    params.set(key, state.filters[key] ?? CUSTOMER_FILTERS[key]);
  }
  if (state.sort) params.set("sort", state.sort);
  if (state.desc !== undefined) params.set("desc", state.desc ? "1" : "0");
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.pageSize && state.pageSize !== CUSTOMER_PAGE_SIZES[0]) params.set("pageSize", String(state.pageSize));
  return params.toString();
}

/** The filters a /admin/customers query string names (what "Save these filters as a list" freezes); the rest ignored. */
export function customerFiltersFrom(query: string): CustomerFilters {
  const params = new URLSearchParams(query);
  const filters: CustomerFilters = {};
  for (const key of Object.keys(CUSTOMER_FILTERS) as Array<keyof CustomerFilters>) {
    const value = params.get(key);
    if (value !== null && value !== "" && value !== "Any") filters[key] = value.slice(0, 200);
  }
  return filters;
}

/** Roles an admin may give a customer's member (spec: /admin/customer/buyer/add). */
export const MEMBER_ROLES = ["ROLE_BUYER", "ROLE_SELLER", "ROLE_BROKER", "ROLE_AGENT"] as const;
