import type { Database } from "~/.server/db";
import { dailyChartMarkup, funnelChartMarkup } from "~/components/charts.server";
import { FUNNEL_STAGES, dealFunnel, projectActivity, type FunnelStage } from "~/models/engagement.server";

const STEP_LABELS: Record<FunnelStage, string> = { viewed: "Viewed", signed: "NDA signed", approved: "Approved", offer: "Offer" };
// 300: a third of the desk on a laptop (323 px inside its card) draws it whole with its dates at 10 px (a phone
// scrolls it); a date a month apart, as two a fortnight apart ran into each other at that width
const wide = { width: 300, height: 120, labelEvery: 30 };

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
