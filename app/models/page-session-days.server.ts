import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { pageSessionDays } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-types";

/*
 * Page sessions summed per UTC day and page type (`page_session_days`), kept by triggers as sessions
 * are written, moved or deleted, whoever writes them (the beacon's writer, the Worker's queue, the
 * seed, an account erased): migration 0066. The admin's totals and chart read the sums alone.
 */

export type DayWindow = { pageType?: PageType; from?: string; to?: string };

/** Sessions, total and active time over a window of whole days (and one page type). */
export async function sessionTotals(db: Database, window: DayWindow) {
  const [summed] = await (window.pageType || window.from || window.to ? db.select(SUMMED).from(pageSessionDays).where(summedIn(window)) : summedOfAllDays(db).all());
  return { sessions: Number(summed!.sessions), totalTime: Number(summed!.totalTime), activeTime: Number(summed!.activeTime) };
}

function summedIn({ pageType, from, to }: DayWindow) {
  const where: SQL[] = [];
  if (pageType) where.push(eq(pageSessionDays.pageType, pageType));
  if (from) where.push(gte(pageSessionDays.day, from));
  if (to) where.push(lte(pageSessionDays.day, to));
  return and(...where);
}

const SUMMED = {
  sessions: sql<number>`coalesce(sum(${pageSessionDays.sessions}), 0)`,
  totalTime: sql<number>`coalesce(sum(${pageSessionDays.totalDuration}), 0)`,
  activeTime: sql<number>`coalesce(sum(${pageSessionDays.activeTime}), 0)`,
};

// the admin's analytics page opens on the whole market and its quarter: those reads are built once
const summedOfAllDays = preparedQuery((db) => db.select(SUMMED).from(pageSessionDays).prepare());

/** Sessions per UTC day and page type from `firstDay` on. */
export async function sessionsByDayAndType(db: Database, { firstDay }: { firstDay: string }) {
  const [summed] = await quarterSums(db).all({ firstDay });
  return (JSON.parse(summed?.rows ?? "[]") as Array<[day: string, pageType: PageType, sessions: number]>).map(([day, pageType, sessions]) => ({ day, pageType, sessions }));
}

const quarterSums = preparedQuery((db) =>
  db
    // as one JSON value: a quarter's sums are some 360 rows, which cost more to hand over one by one than to parse at once;
    // each an array, not an object, as its keys repeated made the value twice as long (25 KB) for D1 and JSON.parse to read
    .select({ rows: sql<string>`json_group_array(json_array(${pageSessionDays.day}, ${pageSessionDays.pageType}, ${pageSessionDays.sessions}))` })
    .from(pageSessionDays)
    .where(gte(pageSessionDays.day, sql.placeholder("firstDay")))
    .prepare(),
);
