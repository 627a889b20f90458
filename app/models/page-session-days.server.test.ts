import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseBefore } from "../../tests/support/db";
import { eq, sql } from "drizzle-orm";
import { pageSessionDays, pageSessions } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-types";
import { makeUser } from "~/seed/factories";
import { listPageSessions, sessionsPerDayByPageType } from "./engagement.server";

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

// the sums worked out from the sessions themselves, as they were before they were kept
const summedAfresh = () =>
  t.db
    .select({
      day: sql<string>`strftime('%Y-%m-%d', ${pageSessions.sessionStart} / 1000, 'unixepoch')`,
      pageType: pageSessions.pageType,
      sessions: sql<number>`count(*)`,
      totalDuration: sql<number>`sum(${pageSessions.totalDuration})`,
      activeTime: sql<number>`sum(${pageSessions.activeTime})`,
    })
    .from(pageSessions)
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
const kept = () => t.db.select().from(pageSessionDays).orderBy(pageSessionDays.day, pageSessionDays.pageType);

describe("page sessions summed per day", () => {
  it("answers the admin's market-wide totals and chart from the sums, today's sessions included", async () => {
    const member = await makeUser(t.db);
    await t.db.insert(pageSessions).values([
      session(member.id, now - 40 * DAY, "homepage", 1000),
      session(member.id, now - 3 * DAY, "homepage", 2000),
      session(member.id, now - 3 * DAY + 60_000, "search-results", 4000),
      session(member.id, now - DAY, "search-results", 8000),
      session(member.id, now, "homepage", 16000),
    ]);
    const totals = (filters: Parameters<typeof listPageSessions>[1]) => listPageSessions(t.db, filters).then((r) => r.totals);
    expect(await totals({})).toEqual({ sessions: 5, totalTime: 31000, activeTime: 15500 });
    expect((await totals({ pageType: "homepage" })).sessions).toBe(3);
    expect(await totals({ from: "2026-11-20", to: "2026-11-22" })).toMatchObject({ sessions: 3, totalTime: 14000 });
    expect(await totals({ pageType: "search-results", from: "2026-11-21" })).toMatchObject({ sessions: 1, totalTime: 8000 });
    expect(await totals({ from: "2026-11-23" })).toMatchObject({ sessions: 1, totalTime: 16000 });

    // a session of yesterday that arrives late counts in its day at once
    await t.db.insert(pageSessions).values(session(member.id, now - DAY + 1000, "search-results", 32000));
    expect(await totals({})).toEqual({ sessions: 6, totalTime: 63000, activeTime: 31500 });
    const chart = await sessionsPerDayByPageType(t.db, { now: new Date(now) });
    expect(chart.byType["search-results"].at(-2)).toBe(2);
    expect(chart.byType.homepage.at(-1)).toBe(1);
    expect(chart.byType.homepage.at(-4)).toBe(1);
  });

  it("keeps every day's sums exactly those of its sessions as they arrive, late and out of order, move or go", async () => {
    const member = await makeUser(t.db);
    const later = now + 5 * DAY;
    const weekLate = session(member.id, later - 7 * DAY, "search-results", 4000);
    await t.db.insert(pageSessions).values([session(member.id, later, "homepage", 2000), weekLate, session(member.id, later - DAY + 5000, "other", 8000)]);
    // a member's session goes (the account deleted), one moved to another day and type
    await t.db.delete(pageSessions).where(eq(pageSessions.sessionId, weekLate.sessionId));
    const moved = session(member.id, later - 2 * DAY, "homepage", 500);
    await t.db.insert(pageSessions).values(moved);
    await t.db.update(pageSessions).set({ sessionStart: new Date(later - 3 * DAY), pageType: "other", totalDuration: 700 }).where(eq(pageSessions.sessionId, moved.sessionId));
    expect(await kept()).toEqual(await summedAfresh());
    // a day and type whose sessions all went has no row
    expect((await kept()).filter((row) => row.day === isoDay(later - 7 * DAY) || row.day === isoDay(later - 2 * DAY))).toEqual([]);
    expect((await kept()).find((row) => row.day === isoDay(later - 3 * DAY))).toMatchObject({ pageType: "other", sessions: 1, totalDuration: 700 });
  });

  it("migration 0066 sums the days housekeeping had not summed, and keeps those it had", async () => {
    const old = await databaseBefore("0066");
    const { run } = old;
    try {
      await run("insert into users (id, email, name, password_hash, roles) values (1, 'm@x.example', 'M', 'x', '[]')");
      // housekeeping summed through 2026-11-21 (its sums stand in for sessions since pruned); the 22nd and today were live
      await run(`insert into system_settings (key, value, updated_at) values ('analytics.sessionDaysThrough', '"2026-11-21"', 0)`);
      await run("insert into page_session_days (day, page_type, sessions, total_duration, active_time) values ('2026-11-20', 'homepage', 7, 70, 35)");
      const at = (iso: string) => Date.parse(iso);
      for (const [id, start, type] of [
        [1, at("2026-11-22T10:00:00Z"), "homepage"],
        [2, at("2026-11-22T11:00:00Z"), "homepage"],
        [3, at("2026-11-23T09:00:00Z"), "other"],
      ] as const) {
        await run(`insert into page_sessions (session_id, user_id, route, page_type, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
          values ('s${id}', 1, '/', '${type}', ${start}, ${start + 1000}, 1000, 500, 0, '{}', ${start})`);
      }
      await old.upgrade();
      const rows = (await run("select day, page_type, sessions, total_duration from page_session_days order by day, page_type")).rows.map((r) => Object.values(r));
      expect(rows).toEqual([
        ["2026-11-20", "homepage", 7, 70],
        ["2026-11-22", "homepage", 2, 2000],
        ["2026-11-23", "other", 1, 1000],
      ]);
      expect((await run("select count(*) as n from system_settings where key = 'analytics.sessionDaysThrough'")).rows[0]!.n).toBe(0);
      // and from then on, a session counts as it is written
      await run(`insert into page_sessions (session_id, user_id, route, page_type, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
        values ('s4', 1, '/', 'other', ${at("2026-11-23T10:00:00Z")}, 0, 3000, 0, 0, '{}', 0)`);
      expect((await run("select sessions, total_duration from page_session_days where day = '2026-11-23'")).rows.map((r) => Object.values(r))).toEqual([[2, 4000]]);
    } finally {
      old.cleanup();
    }
  });
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
