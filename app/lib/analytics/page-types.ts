/** What the tracker needs in the page: constants and the page classification, without zod. */

/** Spec §9: the tracker's constants. */
export const INACTIVITY_MS = 60_000;
export const MIN_SESSION_MS = 500;
export const SCROLL_MILESTONES = [25, 50, 75, 90, 100] as const;
/** sendBeacon refuses large bodies (64 KiB in Chromium); we stay well under. */
export const MAX_PAYLOAD_BYTES = 60_000;
export const BEACON_PATH = "/api/analytics/session";

export const PAGE_TYPES = ["company-after-nda", "search-results", "homepage", "company-before-nda", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const SEARCH_PAGES = /^\/(buyers|brokers)\/search\/?$/;
const BEFORE_NDA = /^\/projects\/more-details\/(\d+)\/?$/;
const AFTER_NDA = /^\/(buyers|sellers|brokers)\/myprojects\/(\d+)\/?$/;

/** What kind of page a path is, and which project (company) it shows (spec §2, §3). */
export function classifyPage(pathname: string, search: string) {
  const query = new URLSearchParams(search);
  if (pathname === "/" || pathname === "/home") return { pageType: "homepage" as const, companyId: null };
  if (SEARCH_PAGES.test(pathname) || pathname === "/search") {
    const filters: Record<string, string> = {};
    for (const [key, value] of query) if (key !== "q" && key !== "page" && value) filters[key] = value;
    const page = Number(query.get("page") ?? 1);
    return {
      pageType: "search-results" as const,
      companyId: null,
      searchQuery: query.get("q") ?? "",
      searchFilters: { ...filters, page: Number.isFinite(page) && page > 0 ? page : 1 },
    };
  }
  const before = BEFORE_NDA.exec(pathname);
  if (before) return { pageType: "company-before-nda" as const, companyId: Number(before[1]) };
  const after = AFTER_NDA.exec(pathname);
  if (after) return { pageType: "company-after-nda" as const, companyId: Number(after[2]) };
  return { pageType: "other" as const, companyId: null };
}

/** How the charts and tables name each page type. */
export const PAGE_TYPE_LABELS: Record<PageType, string> = {
  "company-after-nda": "Project after NDA",
  "company-before-nda": "Project teaser",
  "search-results": "Search",
  homepage: "Home",
  other: "Other",
};
