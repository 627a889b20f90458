import type { Database } from "~/.server/db";
import { PAGE_TYPES, PAGE_TYPE_LABELS } from "~/lib/analytics/page-types";
import { stackedChartMarkup } from "~/components/charts.server";
import { sessionsPerDayByPageType } from "~/models/engagement.server";

/** Sessions per day over 90 days, stacked by page type; drawn here to markup so no chart code reaches the browser. */
export async function sessionsChart(db: Database, { now }: { now: Date }) {
  const { days, byType } = await sessionsPerDayByPageType(db, { now });
  return stackedChartMarkup(
    "last 90 days",
    "Sessions",
    days,
    PAGE_TYPES.map((type) => ({ label: PAGE_TYPE_LABELS[type], values: byType[type] })),
    { width: 720, height: 160, labelEvery: 15 },
  );
}
