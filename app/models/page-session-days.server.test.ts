import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { eq } from "drizzle-orm";
import { pageSessionDays, pageSessions, systemSettings } from "~/.server/db/schema";
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

    // a session of yesterday that arrives late is counted in its day's sums at once, and the next run sums nothing again
    await t.db.insert(pageSessions).values(session(member.id, now - DAY + 1000, "search-results", 32000));
    expect((await listPageSessions(t.db, {})).totals).toEqual({ sessions: 6, totalTime: 63000, activeTime: 31500 });
    expect(await sumPageSessionDays(t.db, now + 60_000)).toBe(0);
    expect((await listPageSessions(t.db, {})).totals).toEqual({ sessions: 6, totalTime: 63000, activeTime: 31500 });
    const chart = await sessionsPerDayByPageType(t.db, { now: new Date(now) });
    expect(chart.byType["search-results"].at(-2)).toBe(2);
    expect(chart.byType.homepage.at(-1)).toBe(1);
  });

  it("keeps each summed day's sums exactly those of its sessions as they arrive late, out of order, or go", async () => {
    const member = await makeUser(t.db);
    const later = now + 5 * DAY;
    await t.db.insert(pageSessions).values([session(member.id, later - DAY, "homepage", 1000), session(member.id, later, "homepage", 2000)]);
    expect(await sumPageSessionDays(t.db, later)).toBe(5);
    const summed = () => t.db.select().from(pageSessionDays).orderBy(pageSessionDays.day, pageSessionDays.pageType);
    const summedAfresh = async () => {
      const days = await summed();
      await t.db.delete(pageSessionDays);
      await t.db.delete(systemSettings).where(eq(systemSettings.key, "analytics.sessionDaysThrough"));
      await sumPageSessionDays(t.db, later);
      return { kept: days, afresh: await summed() };
    };

    // a week late (the old housekeeping looked two days back), a new page type on a summed day, one still live today
    const weekLate = session(member.id, later - 7 * DAY, "search-results", 4000);
    await t.db.insert(pageSessions).values([weekLate, session(member.id, later - DAY + 5000, "other", 8000), session(member.id, later + 1000, "homepage", 16000)]);
    // a member's session goes (the account deleted), one moved to another day
    await t.db.delete(pageSessions).where(eq(pageSessions.sessionId, weekLate.sessionId));
    const moved = session(member.id, later - 2 * DAY, "homepage", 500);
    await t.db.insert(pageSessions).values(moved);
    await t.db.update(pageSessions).set({ sessionStart: new Date(later - 3 * DAY), totalDuration: 700 }).where(eq(pageSessions.sessionId, moved.sessionId));

    expect(await sumPageSessionDays(t.db, later + 60_000)).toBe(0);
    const { kept, afresh } = await summedAfresh();
    expect(kept).toEqual(afresh);
    expect(kept.filter((row) => row.day === isoDay(later - 7 * DAY))).toEqual([]);
    expect(kept.find((row) => row.day === isoDay(later - 3 * DAY) && row.pageType === "homepage")).toMatchObject({ sessions: 1, totalDuration: 700 });
  });
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
