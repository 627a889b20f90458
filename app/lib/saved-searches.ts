import { formatCompactCurrency } from "./format-figures";
import { SIZE_BANDS } from "./projects";

/** The filters of the projects search that a saved search keeps, in the order its query string lists them. */
export const SEARCH_FILTER_KEYS = ["q", "industry", "region", "status", "transactionSize"] as const;
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];
export type SearchFilters = Partial<Record<SearchFilterKey, string>>;

/** How many searches a member may keep, and how long a name may be. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;

export const savedSearchMessages = {
  duplicate: "You already have a saved search with this name.",
  limit: `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches. Delete one on your preferences page first.`,
} as const;

const given = (value: string | undefined) => {
  const v = value?.trim() ?? "";
  return v && v !== "Any" ? v : "";
};

/**
 * The filters as one canonical query string: only the filters in force, in a fixed
 * order, so the same search saved twice is the same text ("" is every listing).
 * Sort and page are left out: a digest lists what is new, however the page was sorted.
 */
export function canonicalQuery(filters: Readonly<Record<string, string | undefined>>) {
  const params = new URLSearchParams();
  for (const key of SEARCH_FILTER_KEYS) {
    const value = given(filters[key]);
    if (value) params.set(key, key === "q" ? value.slice(0, 200) : value);
  }
  return params.toString();
}

/** The filters a saved query names (what `canonicalQuery` wrote). */
export function filtersOf(query: string): SearchFilters {
  const params = new URLSearchParams(query);
  const filters: SearchFilters = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = given(params.get(key) ?? undefined);
    if (value) filters[key] = value;
  }
  return filters;
}

function sizeInWords(key: string) {
  const band = SIZE_BANDS[key];
  if (!band) return key;
  if (band.max === null) return `${formatCompactCurrency(band.min)} and more`;
  return band.min === 0 ? `under ${formatCompactCurrency(band.max)}` : `${formatCompactCurrency(band.min)} to ${formatCompactCurrency(band.max)}`;
}

/** The search in words, as /preferences and the digest show it. */
export function describeFilters(filters: SearchFilters) {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.industry) parts.push(`industry ${filters.industry}`);
  if (filters.region) parts.push(`region ${filters.region}`);
  if (filters.status) parts.push(filters.status);
  if (filters.transactionSize) parts.push(`size ${sizeInWords(filters.transactionSize)}`);
  return parts.length ? parts.join(", ") : "All listings";
}

/** Where the saved search runs, for a member of `section` ("buyers" or "brokers"). */
export const searchPathOf = (section: "buyers" | "brokers", query: string) => `/${section}/search${query ? `?${query}` : ""}`;
