import { scaleBand, scaleLinear } from "d3-scale";
import { stack } from "d3-shape";

/**
 * A loan's cash flows a year at a time, as stacked bars drawn on the server: the
 * page gets rectangles, so d3 never reaches the browser and the chart needs no
 * JavaScript (as app/lib/charts.ts draws the dashboard).
 */
export type FlowYear = { year: number; interest: number; principal: number; recovery: number; loss: number };
export const FLOW_SERIES = [
  { key: "principal", label: "Principal" },
  { key: "interest", label: "Interest" },
  { key: "recovery", label: "Recoveries" },
] as const;

export type CashFlowChart = {
  width: number;
  height: number;
  plot: { top: number; bottom: number; left: number; right: number };
  max: number;
  /** y of each tick, with its value. */
  ticks: { y: number; value: number }[];
  years: { year: number; x: number; label: string | null }[];
  bars: { series: (typeof FLOW_SERIES)[number]["key"]; year: number; x: number; y: number; width: number; height: number }[];
};

const round = (n: number) => Math.round(n * 100) / 100;

export function cashFlowChart(years: readonly FlowYear[], { width = 640, height = 220 } = {}): CashFlowChart {
  const plot = { top: 10, bottom: height - 22, left: 56, right: width - 8 };
  const x = scaleBand<number>()
    .domain(years.map((y) => y.year))
    .range([plot.left, plot.right])
    .padding(0.2);
  const layers = stack<FlowYear>().keys(FLOW_SERIES.map((s) => s.key))(years as FlowYear[]);
  const max = Math.max(1, ...years.map((y) => y.principal + y.interest + y.recovery));
  const yScale = scaleLinear().domain([0, max]).range([plot.bottom, plot.top]).nice(4);
  // a label every few years so that thirty bars stay legible
  const every = Math.max(1, Math.ceil(years.length / 10));
  return {
    width,
    height,
    plot,
    max,
    ticks: yScale.ticks(4).map((value) => ({ value, y: round(yScale(value)) })),
    years: years.map((y, i) => ({ year: y.year, x: round((x(y.year) ?? 0) + x.bandwidth() / 2), label: i % every === 0 ? String(y.year) : null })),
    bars: layers.flatMap((layer, s) =>
      layer.map(([low, high], i) => ({
        series: FLOW_SERIES[s]!.key,
        year: years[i]!.year,
        x: round(x(years[i]!.year) ?? 0),
        y: round(yScale(high)),
        width: round(x.bandwidth()),
        height: round(Math.max(0, yScale(low) - yScale(high))),
      })),
    ),
  };
}
