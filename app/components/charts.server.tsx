import { dailyChart, funnelChart, stackedDailyChart, stepsChart } from "~/lib/charts";
import { DailyChartFigure, FunnelFigure, StackedChartFigure, StepsChartFigure } from "./charts";
import { staticMarkupOf } from "./static-html.server";

/*
 * Charts are drawn to markup on the server: the browser gets SVG, never the code that draws it.
 * Each is kept by the data it shows, so a chart seen before costs neither its geometry nor its markup.
 */

export const dailyChartMarkup = (period: string, ...chart: Parameters<typeof dailyChart>) =>
  staticMarkupOf(["daily", period, chart], () => <DailyChartFigure chart={dailyChart(...chart)} period={period} />);
export const stackedChartMarkup = (period: string, ...chart: Parameters<typeof stackedDailyChart>) =>
  staticMarkupOf(["stacked", period, chart], () => <StackedChartFigure chart={stackedDailyChart(...chart)} period={period} />);
export const stepsChartMarkup = (caption: string, ...chart: Parameters<typeof stepsChart>) =>
  staticMarkupOf(["steps", caption, chart], () => <StepsChartFigure chart={stepsChart(...chart)} caption={caption} />);
export const funnelChartMarkup = (...chart: Parameters<typeof funnelChart>) =>
  staticMarkupOf(["funnel", chart], () => <FunnelFigure chart={funnelChart(...chart)} />);
