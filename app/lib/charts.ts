import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { area, line } from "d3-shape";

/**
 * Small daily charts drawn on the server: the page gets plain numbers and SVG path
 * strings, so d3 never reaches the browser and the chart needs no JavaScript.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `count` UTC days up to and including `now`'s, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count = 7): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Counts keyed by day, laid on the given days (a day with no row counts 0). */
export function perDay(days: readonly string[], rows: readonly { day: string; count: number }[]): number[] {
  const counts = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return days.map((day) => counts.get(day) ?? 0);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** "Mon" for "2026-11-23" (a UTC day). */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

export type ChartSeriesInput = { label: string; values: readonly number[] };

export type DailyChart = {
  title: string;
  width: number;
  height: number;
  /** The plot's baseline and top (y) and its left and right edges (x). */
  plot: { top: number; bottom: number; left: number; right: number };
  days: { day: string; label: string; x: number }[];
  /** The top of the y scale (at least 1, so an empty week draws a flat line, not NaN). */
  max: number;
  series: { label: string; values: number[]; total: number; line: string; area: string; points: { x: number; y: number }[] }[];
};

export type ChartOptions = {
  width?: number;
  height?: number;
  margin?: { top: number; right: number; bottom: number; left: number };
  /** Label every nth day, counting back from the last (a long period cannot fit a label per day); dates instead of weekdays when above 1. */
  labelEvery?: number;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
/** "23 Nov" for "2026-11-23". */
export const shortDateOf = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

function dayLabel(days: readonly string[], i: number, every: number) {
  if (every <= 1) return weekdayOf(days[i]!);
  return (days.length - 1 - i) % every === 0 ? shortDateOf(days[i]!) : "";
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Lines (and the area under them) of daily counts, one per series, over the same days. */
export function dailyChart(
  title: string,
  days: readonly string[],
  series: readonly ChartSeriesInput[],
  { width = 280, height = 96, margin = { top: 8, right: 14, bottom: 18, left: 14 }, labelEvery = 1 }: ChartOptions = {},
): DailyChart {
  const plot = { top: margin.top, bottom: height - margin.bottom, left: margin.left, right: width - margin.right };
  const x = scalePoint<string>().domain(days).range([plot.left, plot.right]);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, max]).range([plot.bottom, plot.top]);
  const at = (i: number) => round(x(days[i]!) ?? plot.left);
  const toLine = line<number>()
    .x((_, i) => at(i))
    .y((v) => round(y(v)));
  const toArea = area<number>()
    .x((_, i) => at(i))
    .y0(plot.bottom)
    .y1((v) => round(y(v)));
  return {
    title,
    width,
    height,
    plot,
    max,
    days: days.map((day, i) => ({ day, label: dayLabel(days, i, labelEvery), x: at(i) })),
    series: series.map(({ label, values }) => {
      const vals = days.map((_, i) => values[i] ?? 0);
      return {
        label,
        values: vals,
        total: vals.reduce((a, b) => a + b, 0),
        line: days.length ? (toLine(vals) ?? "") : "",
        area: days.length ? (toArea(vals) ?? "") : "",
        points: vals.map((v, i) => ({ x: at(i), y: round(y(v)) })),
      };
    }),
  };
}

export type FunnelChart = {
  title: string;
  width: number;
  height: number;
  /** Where the bars start (x), after the stage labels. */
  left: number;
  bars: { label: string; count: number; y: number; width: number; height: number; labelY: number }[];
};

/** Horizontal bars, one per stage from the top, their lengths on one scale from 0 to the largest count. */
export function funnelChart(
  title: string,
  stages: readonly { label: string; count: number }[],
  { width = 320, height = 120, left = 96, right = 32 }: { width?: number; height?: number; left?: number; right?: number } = {},
): FunnelChart {
  const y = scaleBand<number>()
    .domain(stages.map((_, i) => i))
    .range([0, height])
    .padding(0.2);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...stages.map((s) => s.count))])
    .range([0, width - left - right]);
  return {
    title,
    width,
    height,
    left,
    bars: stages.map(({ label, count }, i) => ({
      label,
      count,
      y: round(y(i) ?? 0),
      width: round(x(count)),
      height: round(y.bandwidth()),
      labelY: round((y(i) ?? 0) + y.bandwidth() / 2),
    })),
  };
}
