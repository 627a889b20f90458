import { z } from "zod";
import { PAGE_TYPES } from "./page-types";

export * from "./page-types";

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
