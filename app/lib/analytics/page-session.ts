import * as z from "zod/mini";
import { PAGE_TYPES } from "./page-types";

export * from "./page-types";

const count = z.number().check(z.int(), z.gte(0), z.lte(10_000_000));
const epochMs = z.number().check(z.int(), z.gte(1_500_000_000_000), z.lte(4_102_444_800_000));
const upTo = (n: number) => z.string().check(z.maxLength(n));
const percent = () => z.number().check(z.gte(0), z.lte(100));

/** The page-session record of spec §3, as the tracker sends it and the endpoint accepts it. */
export const pageSessionSchema = z
  .object({
    sessionId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
    userId: z.optional(z.nullable(z.number().check(z.int()))),
    route: z.string().check(z.minLength(1), z.maxLength(2048)),
    params: z._default(z.record(z.string(), upTo(256)), {}),
    query: z._default(z.record(z.string(), upTo(512)), {}),
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
    scrollDepthMax: percent(),
    interactionTimepoints: z
      .array(
        z.object({
          type: upTo(32),
          time: epochMs,
          position: z.optional(z.object({ x: z.number(), y: z.number() })),
          depth: z.optional(percent()),
        }),
      )
      .check(z.maxLength(500)),
    pageType: z.enum(PAGE_TYPES),
    companyId: z.nullable(z.number().check(z.int(), z.positive())),
    searchQuery: z.optional(upTo(512)),
    searchFilters: z.optional(z.record(z.string(), z.union([upTo(256), z.number()]))),
    userAgent: upTo(512),
    screenWidth: count,
    screenHeight: count,
    language: upTo(35),
  })
  .check(
    z.refine((s) => s.sessionEnd >= s.sessionStart, { path: ["sessionEnd"], message: "must not be before sessionStart" }),
    z.refine((s) => s.activeTime <= s.totalDuration + 1000, { path: ["activeTime"], message: "cannot exceed totalDuration" }),
  );

export type PageSessionRecord = z.infer<typeof pageSessionSchema>;
