import { DEAL_STEPS, dealStepsReached } from "~/lib/deal";
import { stepsChartMarkup } from "~/components/charts.server";
import type { PipelineEntry } from "~/models/pipeline.server";

/** The chart shows the deals with the latest activity; the tables below list them all. */
export const CHARTED_DEALS = 15;

/** Each deal's furthest step (the `latest` of `total` deals), drawn here to markup so no chart code reaches the browser. */
export function dealStagesChart(latest: PipelineEntry[], total: number) {
  const charted = latest.slice(0, CHARTED_DEALS);
  return stepsChartMarkup(
    total > charted.length ? `How far each deal got (the ${charted.length} with the latest activity)` : "How far each deal got",
    "Deal stages",
    DEAL_STEPS,
    charted.map((d) => ({ label: d.projectName, reached: dealStepsReached(d) })),
  );
}
