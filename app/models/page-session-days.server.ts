import { and, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { pageSessionDays, pageSessions, systemSettings } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-types";

const DAY_MS = 86_400_000;
/** Where housekeeping notes the last day it summed (inclusive). */
const THROUGH_KEY = "analytics.sessionDaysThrough";
/** Days summed per run, so a first run over a long history stays within a D1 query's limits. */
const DAYS_PER_RUN = 62;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = sql<string>`strftime('%Y-%m-%d', ${pageSessions.sessionStart} / 1000, 'unixepoch')`;

// the mark as SQL, so that the sums and the sessions after them are read at once (on D1 one round
// trip, not the mark first): the sums through it, the sessions from the day after (from 0 before
// the first run, when there are no sums)
const THROUGH = sql<string | null>`(select json_extract(${systemSettings.value}, '$') from ${systemSettings} where ${systemSettings.key} = ${THROUGH_KEY})`;
const LIVE_FROM = sql<number>`coalesce(cast(strftime('%s', ${THROUGH}) as integer) * 1000 + ${DAY_MS}, 0)`;

/** The last day summed into `page_session_days`, or null before the first run. */
export async function summedThrough(db: Database): Promise<string | null> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, THROUGH_KEY)).limit(1);
  return typeof row?.value === "string" ? row.value : null;
}

/**
 * Housekeeping: sums the days that are over and not yet summed, replacing their rows and moving
 * the mark in one batch, so a crash leaves either the old sums or the new ones. A session that
 * arrives after its day was summed (a beacon retried, a tab closed late), or goes, is added to or
 * taken from its day's sums by triggers on page_sessions (migration 0064): summing the last days
 * again on every run took 310-480 ms a minute at 260,000 recent sessions. Returns the days summed.
 */
export async function sumPageSessionDays(db: Database, now = Date.now()) {
  const yesterday = isoDay(now - DAY_MS);
  const through = await summedThrough(db);
  let first: string;
  if (through) first = isoDay(startOf(through) + DAY_MS);
  else {
    const [oldest] = await db.select({ at: sql<number | null>`min(${pageSessions.sessionStart})` }).from(pageSessions);
    first = oldest?.at != null ? isoDay(Number(oldest.at)) : yesterday;
  }
  if (first > yesterday) return 0;
  const last = isoDay(Math.min(startOf(yesterday), startOf(first) + (DAYS_PER_RUN - 1) * DAY_MS));
  const window = and(gte(pageSessions.sessionStart, new Date(startOf(first))), lt(pageSessions.sessionStart, new Date(startOf(last) + DAY_MS)));
  const summed = db
    .select({
      day: dayOf.as("day"),
      pageType: pageSessions.pageType,
      sessions: sql<number>`count(*)`.as("sessions"),
      totalDuration: sql<number>`sum(${pageSessions.totalDuration})`.as("total_duration"),
      activeTime: sql<number>`sum(${pageSessions.activeTime})`.as("active_time"),
    })
    .from(pageSessions)
    .where(window)
    .groupBy(dayOf, pageSessions.pageType);
  await db.batch([
    db.delete(pageSessionDays).where(and(gte(pageSessionDays.day, first), lte(pageSessionDays.day, last))),
    db.insert(pageSessionDays).select(summed),
    db
      .insert(systemSettings)
      .values({ key: THROUGH_KEY, value: last, updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: last, updatedAt: new Date(now) } }),
  ]);
  return Math.round((startOf(last) - startOf(first)) / DAY_MS) + 1;
}

export type DayWindow = { pageType?: PageType; from?: string; to?: string };

/**
 * Sessions, total and active time over a window of whole days (and one page type), from the
 * sums for the days summed and from the sessions themselves for the days after.
 */
export async function sessionTotals(db: Database, window: DayWindow) {
  const [[summed], [live]] = await (window.pageType || window.from || window.to
    ? Promise.all([db.select(SUMMED).from(pageSessionDays).where(summedIn(window)), db.select(LIVE).from(pageSessions).where(liveIn(window))])
    : Promise.all([summedOfAllDays(db).all(), liveOfAllDays(db).all()]));
  return {
    sessions: Number(summed!.sessions) + Number(live!.sessions),
    totalTime: Number(summed!.totalTime) + Number(live!.totalTime),
    activeTime: Number(summed!.activeTime) + Number(live!.activeTime),
  };
}

function summedIn({ pageType, from, to }: DayWindow) {
  const where: SQL[] = [lte(pageSessionDays.day, THROUGH)];
  if (pageType) where.push(eq(pageSessionDays.pageType, pageType));
  if (from) where.push(gte(pageSessionDays.day, from));
  if (to) where.push(lte(pageSessionDays.day, to));
  return and(...where);
}

function liveIn({ pageType, from, to }: DayWindow) {
  const where: SQL[] = [sql`${pageSessions.sessionStart} >= max(${from ? startOf(from) : 0}, ${LIVE_FROM})`];
  if (pageType) where.push(eq(pageSessions.pageType, pageType));
  if (to) where.push(lt(pageSessions.sessionStart, new Date(startOf(to) + DAY_MS)));
  return and(...where);
}

const SUMMED = {
  sessions: sql<number>`coalesce(sum(${pageSessionDays.sessions}), 0)`,
  totalTime: sql<number>`coalesce(sum(${pageSessionDays.totalDuration}), 0)`,
  activeTime: sql<number>`coalesce(sum(${pageSessionDays.activeTime}), 0)`,
};
const LIVE = {
  sessions: sql<number>`count(*)`,
  totalTime: sql<number>`coalesce(sum(${pageSessions.totalDuration}), 0)`,
  activeTime: sql<number>`coalesce(sum(${pageSessions.activeTime}), 0)`,
};

// the admin's analytics page opens on the whole market and its quarter: those reads are built once
const summedOfAllDays = preparedQuery((db) => db.select(SUMMED).from(pageSessionDays).where(summedIn({})).prepare());
const liveOfAllDays = preparedQuery((db) => db.select(LIVE).from(pageSessions).where(liveIn({})).prepare());

/** Sessions per UTC day and page type from `firstDay` on: the sums, then the days not yet summed. */
export async function sessionsByDayAndType(db: Database, { firstDay }: { firstDay: string }) {
  const [[summed], live] = await Promise.all([quarterSums(db).all({ firstDay }), quarterLive(db).all({ from: startOf(firstDay) })]);
  const sums = (JSON.parse(summed?.rows ?? "[]") as Array<[day: string, pageType: PageType, sessions: number]>).map(([day, pageType, sessions]) => ({ day, pageType, sessions }));
  return [...sums, ...live];
}

const quarterSums = preparedQuery((db) =>
  db
    // as one JSON value: a quarter's sums are some 360 rows, which cost more to hand over one by one than to parse at once;
    // each an array, not an object, as its keys repeated made the value twice as long (25 KB) for D1 and JSON.parse to read
    .select({ rows: sql<string>`json_group_array(json_array(${pageSessionDays.day}, ${pageSessionDays.pageType}, ${pageSessionDays.sessions}))` })
    .from(pageSessionDays)
    .where(and(gte(pageSessionDays.day, sql.placeholder("firstDay")), lte(pageSessionDays.day, THROUGH)))
    .prepare(),
);
const quarterLive = preparedQuery((db) =>
  db
    .select({ day: dayOf.as("day"), pageType: pageSessions.pageType, sessions: sql<number>`count(*)` })
    .from(pageSessions)
    .where(sql`${pageSessions.sessionStart} >= max(${sql.placeholder("from")}, ${LIVE_FROM})`)
    .groupBy(dayOf, pageSessions.pageType)
    .prepare(),
);
