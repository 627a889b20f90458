import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { pageSessions } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-types";
import { makeUser } from "~/seed/factories";
import { listPageSessions, sessionsPerDayByPageType } from "./engagement.server";
import { sumPageSessionDays, summedThrough } from "./page-session-days.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const DAY = 86_400_000;
const now = Date.parse("2026-11-23T15:00:00Z");
let n = 0;
const session = (userId: number, at: number, pageType: PageType, ms: number) => ({
  sessionId: `day-${++n}`,
  userId,
  route: "/",
  pageType,
  sessionStart: new Date(at),
  sessionEnd: new Date(at + ms),
  totalDuration: ms,
  activeTime: ms / 2,
  scrollDepthMax: 0,
  record: {},
});

describe("page sessions summed per day", () => {
  it("answers the admin's market-wide totals and chart the same before and after housekeeping sums the days, late sessions included", async () => {
    const member = await makeUser(t.db);
    await t.db.insert(pageSessions).values([
      session(member.id, now - 40 * DAY, "homepage", 1000),
      session(member.id, now - 3 * DAY, "homepage", 2000),
      session(member.id, now - 3 * DAY + 60_000, "search-results", 4000),
      session(member.id, now - DAY, "search-results", 8000),
      session(member.id, now, "homepage", 16000),
    ]);
    const filters = [{}, { pageType: "homepage" as const }, { from: "2026-11-20", to: "2026-11-22" }, { pageType: "search-results" as const, from: "2026-11-21" }];
    const before = await Promise.all(filters.map((f) => listPageSessions(t.db, f).then((r) => r.totals)));
    const chartBefore = await sessionsPerDayByPageType(t.db, { now: new Date(now) });
    expect(before[0]).toEqual({ sessions: 5, totalTime: 31000, activeTime: 15500 });
    expect(before[1]!.sessions).toBe(3);
    expect(before[2]).toMatchObject({ sessions: 3, totalTime: 14000 });
    expect(before[3]).toMatchObject({ sessions: 1, totalTime: 8000 });

    // the first run sums every finished day from the oldest session on, today stays live
    expect(await sumPageSessionDays(t.db, now)).toBe(40);
    expect(await summedThrough(t.db)).toBe("2026-11-22");
    expect(await Promise.all(filters.map((f) => listPageSessions(t.db, f).then((r) => r.totals)))).toEqual(before);
    expect(await sessionsPerDayByPageType(t.db, { now: new Date(now) })).toEqual(chartBefore);

    // a session of yesterday that arrives late is summed again by the next run
    await t.db.insert(pageSessions).values(session(member.id, now - DAY + 1000, "search-results", 32000));
    expect((await listPageSessions(t.db, {})).totals.sessions).toBe(5);
    await sumPageSessionDays(t.db, now + 60_000);
    expect((await listPageSessions(t.db, {})).totals).toEqual({ sessions: 6, totalTime: 63000, activeTime: 31500 });
    const chart = await sessionsPerDayByPageType(t.db, { now: new Date(now) });
    expect(chart.byType["search-results"].at(-2)).toBe(2);
    expect(chart.byType.homepage.at(-1)).toBe(1);
  });
});
