// classic zod, not zod/mini: the record is checked on the server only (the tracker imports its type),
// and classic's objects are compiled to one function where eval is allowed (Node): on the beacon's
// path mini's checks were 5 % of the Node server's busy time, about twice classic's
import * as z from "zod";
import { PAGE_TYPES, classifyPage } from "./page-types";
import { once } from "~/lib/once";

export * from "./page-types";

const count = once(() => z.number().int().gte(0).lte(10_000_000));
const epochMs = once(() => z.number().int().gte(1_500_000_000_000).lte(4_102_444_800_000));
const upTo = (n: number) => z.string().max(n);
const percent = () => z.number().gte(0).lte(100);

/**
 * The tracker's totalDuration is sessionEnd − sessionStart, to the millisecond; a second's slack
 * still refuses a record claiming hours of a page in a minute (they would sum into a seller's "time
 * on the pages").
 */
export const DURATION_SLACK_MS = 1000;

/** The page-session record of spec §3, as the tracker sends it and the endpoint accepts it. */
export const pageSessionSchema = once(() => z
  .object({
    sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    userId: z.number().int().nullable().optional(),
    route: z.string().min(1).max(2048),
    params: z.record(z.string(), upTo(256)).default({}),
    query: z.record(z.string(), upTo(512)).default({}),
    sessionStart: epochMs(),
    sessionEnd: epochMs(),
    totalDuration: count(),
    activeTime: count(),
    lastActiveTime: epochMs(),
    isPageActive: z.boolean(),
    userInteractions: z.object({
      clicks: count(),
      keystrokes: count(),
      scrollEvents: count(),
      mouseMovements: count(),
      mouseLeaves: count(),
    }),
    scrollDepthMax: percent(),
    interactionTimepoints: z
      .array(
        z.object({
          type: upTo(32),
          time: epochMs(),
          position: z.object({ x: z.number(), y: z.number() }).optional(),
          depth: percent().optional(),
        }),
      )
      .max(500),
    pageType: z.enum(PAGE_TYPES),
    companyId: z.number().int().positive().nullable(),
    searchQuery: upTo(512).optional(),
    searchFilters: z.record(z.string(), z.union([upTo(256), z.number()])).optional(),
    userAgent: upTo(512),
    screenWidth: count(),
    screenHeight: count(),
    language: upTo(35),
  })
  .refine((s) => s.sessionEnd >= s.sessionStart, { path: ["sessionEnd"], message: "must not be before sessionStart" })
  .refine((s) => s.totalDuration <= s.sessionEnd - s.sessionStart + DURATION_SLACK_MS, { path: ["totalDuration"], message: "cannot exceed the time from sessionStart to sessionEnd" })
  .refine((s) => s.activeTime <= s.totalDuration + 1000, { path: ["activeTime"], message: "cannot exceed totalDuration" })
  // the tracker takes the page type and project from the path (spec: paths used for page
  // classification); a record claiming another is made up, and would count a visit to a project
  // on a page that never showed it
  .superRefine((s, ctx) => {
    const page = classifyPage(s.route, "");
    if (page.pageType !== s.pageType) ctx.addIssue({ code: "custom", path: ["pageType"], message: "does not match the route" });
    if (page.companyId !== s.companyId) ctx.addIssue({ code: "custom", path: ["companyId"], message: "does not match the route" });
  }));

export type PageSessionRecord = z.infer<ReturnType<typeof pageSessionSchema>>;
