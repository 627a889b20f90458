import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line, stack, type Series } from "d3-shape";

/**
 * Small daily charts drawn on the server: the page gets plain numbers and SVG path
 * strings, so d3 never reaches the browser and the chart needs no JavaScript.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `count` UTC days up to and including `now`'s, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count = 7): readonly string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // every chart page asks for the same days all day long: worked out once a day per length
  const key = `${today}:${count}`;
  let days = DAYS_KNOWN.get(key);
  if (!days) {
    if (DAYS_KNOWN.size > 16) DAYS_KNOWN.clear();
    DAYS_KNOWN.set(key, (days = Object.freeze(Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10)))));
  }
  return days;
}
const DAYS_KNOWN = new Map<string, readonly string[]>();

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
const fine = (n: number) => Math.round(n * 10_000) / 10_000;

/** The plot's edges inside the margin, and the days spread over its width. */
function dayAxis(days: readonly string[], width: number, height: number, margin: NonNullable<ChartOptions["margin"]>) {
  const plot = { top: margin.top, bottom: height - margin.bottom, left: margin.left, right: width - margin.right };
  return { plot, x: scalePoint<string>().domain(days).range([plot.left, plot.right]) };
}

/**
 * The points a line needs: within a run of days at the same height only the run's ends. Ninety days
 * of a quiet listing draw as a dozen points, not ninety (every point is bytes of every page view).
 */
function flatRunsJoined<P extends { y: number }>(points: P[]) {
  return points.filter((p, i) => i === 0 || i === points.length - 1 || points[i - 1]!.y !== p.y || points[i + 1]!.y !== p.y);
}

/** "M x,y L x,y …" through the points, as d3 writes it. */
const linePath = line();
const pathThrough = (points: readonly { x: number; y: number }[]) => linePath(points.map((p) => [p.x, p.y])) ?? "";

/** Lines (and the area under them) of daily counts, one per series, over the same days. */
export function dailyChart(
  title: string,
  days: readonly string[],
  series: readonly ChartSeriesInput[],
  // 272: a card's inside on a 360 px phone is 278 px, where the labels then keep their 10 px and need no scrolling
  { width = 272, height = 96, margin = { top: 8, right: 14, bottom: 18, left: 14 }, labelEvery = 1 }: ChartOptions = {},
): DailyChart {
  const { plot, x } = dayAxis(days, width, height, margin);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, max]).range([plot.bottom, plot.top]);
  const at = (i: number) => round(x(days[i]!) ?? plot.left);
  return {
    title,
    width,
    height,
    plot,
    max,
    days: days.map((day, i) => ({ day, label: dayLabel(days, i, labelEvery), x: at(i) })),
    series: series.map(({ label, values }) => {
      const vals = days.map((_, i) => values[i] ?? 0);
      const points = vals.map((v, i) => ({ x: at(i), y: round(y(v)) }));
      const drawn = days.length ? pathThrough(flatRunsJoined(points)) : "";
      return {
        label,
        values: vals,
        total: vals.reduce((a, b) => a + b, 0),
        line: drawn,
        // the area under the line closes along the baseline: two corners, not the days again
        area: drawn && `${drawn}L${points.at(-1)!.x},${plot.bottom}L${points[0]!.x},${plot.bottom}Z`,
        points,
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

export type StackedChart = {
  title: string;
  width: number;
  height: number;
  plot: DailyChart["plot"];
  days: DailyChart["days"];
  max: number;
  /** Each day's sum over the series. */
  totals: number[];
  /** Places the areas' units (x a day's index, y a count) on the plot: draw them inside a group with this transform. */
  transform: string;
  /** Bottom layer first: each series' values, its total and the area it fills above the layers under it ("" when it has none). */
  layers: { label: string; values: number[]; total: number; area: string }[];
};

/** Daily counts of several kinds stacked on each other, so the top edge is the day's total. */
export function stackedDailyChart(
  title: string,
  days: readonly string[],
  series: readonly ChartSeriesInput[],
  { width = 480, height = 140, margin = { top: 8, right: 14, bottom: 18, left: 14 }, labelEvery = 1 }: ChartOptions = {},
): StackedChart {
  const { plot, x } = dayAxis(days, width, height, margin);
  const rows = days.map((_, i) => series.map((s) => s.values[i] ?? 0));
  const totals = rows.map((r) => r.reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const layers = stack<number[], number>()
    .keys(series.map((_, i) => i))
    .value((row, key) => row[key] ?? 0)(rows);
  // the areas are drawn in days and counts, scaled onto the plot by one transform: a point is a few
  // characters ("L41,17") where plot coordinates took a dozen, on a page that draws some 700 of them
  const step = days.length > 1 ? (plot.right - plot.left) / (days.length - 1) : 1;
  const transform = `translate(${round(x(days[0] ?? "") ?? plot.left)},${plot.bottom}) scale(${fine(step)},${fine(-(plot.bottom - plot.top) / max)})`;
  const edgeOf = (layer: Series<number[], number>, side: 0 | 1) => flatRunsJoined(layer.map((d, i) => ({ x: i, y: d[side] })));
  // along the layer's top edge, then back along its bottom one, each without its flat runs' middles
  const areaOf = (layer: Series<number[], number>) =>
    `${pathThrough(edgeOf(layer, 1))}${edgeOf(layer, 0)
      .reverse()
      .map((p) => `L${p.x},${p.y}`)
      .join("")}Z`;
  return {
    title,
    width,
    height,
    plot,
    max,
    totals,
    transform,
    days: days.map((day, i) => ({ day, label: dayLabel(days, i, labelEvery), x: round(x(day) ?? plot.left) })),
    layers: series.map(({ label }, i) => {
      const values = rows.map((r) => r[i]!);
      const total = values.reduce((a, b) => a + b, 0);
      // a layer with nothing in it would only trace the one under it
      return { label, values, total, area: total > 0 ? areaOf(layers[i]!) : "" };
    }),
  };
}

export type StepsChart = {
  title: string;
  width: number;
  height: number;
  /** Where the first step's column is (x), after the row labels. */
  left: number;
  steps: { label: string; x: number }[];
  rows: { label: string; reached: number; y: number; line: string; dots: { x: number; done: boolean }[] }[];
};

/**
 * One row per item, one column per step: the steps an item reached are filled dots
 * joined by a line, the rest hollow, so how far each one got reads at a glance.
 */
export function stepsChart(
  title: string,
  steps: readonly string[],
  items: readonly { label: string; reached: number }[],
  { width = 560, rowHeight = 24, left = 200, right = 40, top = 28 }: { width?: number; rowHeight?: number; left?: number; right?: number; top?: number } = {},
): StepsChart {
  const x = scalePoint<number>().domain(steps.map((_, i) => i)).range([left, width - right]);
  const y = scaleBand<number>()
    .domain(items.map((_, i) => i))
    .range([top, top + items.length * rowHeight]);
  const join = line<number>()
    .x((i) => round(x(i) ?? left))
    .y(0);
  return {
    title,
    width,
    height: top + items.length * rowHeight + 4,
    left,
    steps: steps.map((label, i) => ({ label, x: round(x(i) ?? left) })),
    rows: items.map(({ label, reached }, r) => ({
      label,
      reached,
      y: round((y(r) ?? 0) + y.bandwidth() / 2),
      line: reached > 0 ? (join(Array.from({ length: reached }, (_, i) => i)) ?? "") : "",
      dots: steps.map((_, i) => ({ x: round(x(i) ?? left), done: i < reached })),
    })),
  };
}
