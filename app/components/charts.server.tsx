import type { DailyChart, FunnelChart, StackedChart, StepsChart } from "~/lib/charts";
import { DailyChartFigure, FunnelFigure, StackedChartFigure, StepsChartFigure } from "./charts";
import { staticMarkup } from "./static-html.server";

/* Charts are drawn to markup on the server: the browser gets SVG, never the code that draws it. */

export const dailyChartMarkup = (chart: DailyChart, period: string) => staticMarkup(<DailyChartFigure chart={chart} period={period} />);
export const stackedChartMarkup = (chart: StackedChart, period: string) => staticMarkup(<StackedChartFigure chart={chart} period={period} />);
export const stepsChartMarkup = (chart: StepsChart, caption: string) => staticMarkup(<StepsChartFigure chart={chart} caption={caption} />);
export const funnelChartMarkup = (chart: FunnelChart) => staticMarkup(<FunnelFigure chart={chart} />);
