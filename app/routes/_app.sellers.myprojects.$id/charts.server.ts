import type { Database } from "~/.server/db";
import { dailyChartMarkup, funnelChartMarkup } from "~/components/charts.server";
import { FUNNEL_STAGES, dealFunnel, projectActivity, type FunnelStage } from "~/models/engagement.server";

const STEP_LABELS: Record<FunnelStage, string> = { viewed: "Viewed", signed: "NDA signed", approved: "Approved", offer: "Offer" };
const wide = { width: 480, height: 120, labelEvery: 15 };

/**
 * The project's charts, drawn here on the server to markup: the page receives SVG, so
 * neither d3 nor the chart components reach the browser, and the charts need no JavaScript.
 */
export async function projectCharts(db: Database, project: { id: number }, { now }: { now: Date }) {
  const [activity, funnel] = await Promise.all([projectActivity(db, { projectId: project.id, now }), dealFunnel(db, { projectId: project.id })]);
  return {
    activity: [
      dailyChartMarkup("last 90 days", "Views", activity.days, [{ label: "Views", values: activity.views }], wide),
      dailyChartMarkup("last 90 days", "Active time", activity.days, [{ label: "Active minutes", values: activity.activeMinutes }], wide),
    ],
    funnel: funnelChartMarkup(
      "Deal funnel",
      FUNNEL_STAGES.map((stage) => ({ label: STEP_LABELS[stage], count: funnel[stage] })),
    ),
  };
}
