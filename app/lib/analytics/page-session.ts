import { z } from "zod";

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

const count = z.number().int().min(0).max(10_000_000);
const epochMs = z.number().int().min(1_500_000_000_000).max(4_102_444_800_000);

/** The page-session record of spec §3, as the tracker sends it and the endpoint accepts it. */
export const pageSessionSchema = z
  .object({
    sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    userId: z.number().int().nullable().optional(),
    route: z.string().min(1).max(2048),
    params: z.record(z.string(), z.string().max(256)).default({}),
    query: z.record(z.string(), z.string().max(512)).default({}),
    sessionStart: epochMs,
    sessionEnd: epochMs,
    totalDuration: count,
    activeTime: count,
    lastActiveTime: epochMs,
    isPageActive: z.boolean(),
    userInteractions: z.object({
      clicks: count,
      keystrokes: count,
      scrollEvents: count,
      mouseMovements: count,
      mouseLeaves: count,
    }),
    scrollDepthMax: z.number().min(0).max(100),
    interactionTimepoints: z
      .array(
        z.object({
          type: z.string().max(32),
          time: epochMs,
          position: z.object({ x: z.number(), y: z.number() }).optional(),
          depth: z.number().min(0).max(100).optional(),
        }),
      )
      .max(500),
    pageType: z.enum(PAGE_TYPES),
    companyId: z.number().int().positive().nullable(),
    searchQuery: z.string().max(512).optional(),
    searchFilters: z.record(z.string(), z.union([z.string().max(256), z.number()])).optional(),
    userAgent: z.string().max(512),
    screenWidth: count,
    screenHeight: count,
    language: z.string().max(35),
  })
  .refine((s) => s.sessionEnd >= s.sessionStart, { path: ["sessionEnd"], message: "must not be before sessionStart" })
  .refine((s) => s.activeTime <= s.totalDuration + 1000, { path: ["activeTime"], message: "cannot exceed totalDuration" });

export type PageSessionRecord = z.infer<typeof pageSessionSchema>;
