import { DEAL_STEPS, dealStepsReached } from "~/lib/deal";
import { stepsChart } from "~/lib/charts";
import type { PipelineEntry } from "~/models/pipeline.server";

/** The chart shows the deals with the latest activity; the tables below list them all. */
const CHARTED_DEALS = 15;

/** Each deal's furthest step, drawn here so d3 stays out of the browser. */
export function dealStagesChart(deals: PipelineEntry[]) {
  return stepsChart(
    "Deal stages",
    DEAL_STEPS,
    deals.slice(0, CHARTED_DEALS).map((d) => ({ label: d.projectName, reached: dealStepsReached(d) })),
  );
}
