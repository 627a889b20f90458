import type { ReactNode } from "react";
import type { DailyChart, FunnelChart, StackedChart, StepsChart } from "~/lib/charts";

const SERIES_COLOURS = ["text-primary", "text-amber-600"] as const;
export const chartIdOf = (title: string) => `chart-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/** The labelled days under a daily chart's plot. */
function DayLabels({ chart }: { chart: Pick<DailyChart, "days" | "height" | "width"> }) {
  // the last day's label sits at the right edge: it ends there rather than spilling over
  return chart.days.map((d) =>
    d.label ? (
      <text key={d.day} x={d.x} y={chart.height - 4} textAnchor={d.x > chart.width - 24 ? "end" : "middle"} fontSize={10} className="fill-slate-500">
        {d.label}
      </text>
    ) : null,
  );
}

/** The smallest size a chart's words are drawn at on a screen, in CSS px. */
export const READABLE_TEXT_PX = 10;

/**
 * The SVG of a chart, named by its title and described for screen readers. It fills its box, but is never
 * drawn narrower than its smallest words (`fontSize`) stay readable at: on a phone it scrolls sideways in
 * its own box, which a keyboard can scroll, rather than shrinking its labels to a few pixels.
 *
 * `axis`: what stands left of `axis.width` (a scale's values, the rows' names) is drawn in an SVG of its
 * own over the plot's left edge, kept there while the plot scrolls under it, so that a reader scrolled to
 * the far end still reads the scale. It is drawn at the plot's scale (its width the same share of the
 * plot's), in the room the plot leaves for it; hidden from screen readers, which have the chart's name and
 * its table. It paints its own background where the plot must not show through it.
 */
export function ChartSvg({
  id,
  width,
  height,
  title,
  desc,
  fontSize = 10,
  latestFirst = false,
  axis,
  children,
}: {
  id: string;
  width: number;
  height: number;
  title: string;
  desc: string;
  fontSize?: number;
  /** Days along the x axis: a box that scrolls opens at its right end, on the latest days (reversed flow, no script). */
  latestFirst?: boolean;
  axis?: { width: number; children: ReactNode };
  children: ReactNode;
}) {
  const plot = (
    // the width is an attribute (the page's security policy refuses style attributes), a floor under the box's full width
    <svg viewBox={`0 0 ${width} ${height}`} width={Math.ceil((width * READABLE_TEXT_PX) / fontSize)} className={`h-auto min-w-full shrink-0${axis ? " [grid-area:1/1]" : ""}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children}
    </svg>
  );
  return (
    // contained: the box takes the width it is given; the drawing's width would otherwise widen a grid's column past the page
    <div className={`${latestFirst ? "flex flex-row-reverse " : ""}scroll-shadows mt-2 overflow-x-auto contain-inline-size`} role="group" aria-labelledby={`${id}-title`} tabIndex={0}>
      {axis ? (
        // one cell holds both, as wide as the plot is drawn (the axis, contained, does not widen it), so the
        // axis drawn at its share of that width is at the plot's scale
        <div className="grid w-min min-w-full">
          {plot}
          <svg viewBox={`0 0 ${axis.width} ${height}`} width={`${Math.round((axis.width / width) * 10000) / 100}%`} className="sticky left-0 h-auto self-start [grid-area:1/1]" aria-hidden="true" data-testid="chart-axis">
            {axis.children}
          </svg>
        </div>
      ) : (
        plot
      )}
    </div>
  );
}

/** A chart's numbers as a table only screen readers see (in a box: a table does not shrink to the one pixel, and widened phone pages): the first cell of each row names it; none without rows. */
export function NumbersTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  if (!rows.length) return null;
  return (
    <div className="sr-only">
      <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...cells]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/**
 * One daily chart drawn on the server: an SVG for the eye, its title and totals for
 * screen readers, the daily numbers in a hidden table. `period` ends its title ("last 7 days").
 */
export function DailyChartFigure({ chart, period }: { chart: DailyChart; period: string }) {
  const id = chartIdOf(chart.title);
  const totals = chart.series.map((s) => `${s.label}: ${s.total}`).join(", ");
  // the days with something to tell: ninety rows of which most say 0 were a chore to listen to (and
  // a quarter of a seller's desk to draw)
  const days = chart.days.flatMap((d, i) => (chart.series.some((s) => s.values[i]) ? [[d.day, ...chart.series.map((s) => s.values[i]!)]] : []));
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{chart.title}</span>
        <span className="flex gap-3 text-sm">
          {chart.series.map((s, i) => (
            <span key={s.label} className="inline-flex items-center gap-1 text-slate-700">
              <span aria-hidden="true" className={`inline-block h-2 w-3 rounded-sm bg-current ${SERIES_COLOURS[i % 2]}`} />
              {chart.series.length > 1 ? `${s.label} ` : "Total "}
              <strong data-testid="chart-total">{s.total}</strong>
            </span>
          ))}
        </span>
      </figcaption>
      <ChartSvg id={id} width={chart.width} height={chart.height} latestFirst title={`${chart.title} per day, ${period}`} desc={`Totals: ${totals}.${days.length ? " The table below lists each day with any." : ""}`}>
        <line x1={chart.plot.left} x2={chart.plot.right} y1={chart.plot.bottom} y2={chart.plot.bottom} className="stroke-slate-300" strokeWidth={1} />
        {chart.series.map((s, i) => (
          <g key={s.label} className={SERIES_COLOURS[i % 2]}>
            {chart.series.length === 1 ? <path d={s.area} fill="currentColor" fillOpacity={0.12} /> : null}
            <path d={s.line} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
            {chart.days.length <= 31 ? s.points.map((p, j) => <circle key={j} cx={p.x} cy={p.y} r={2.5} fill="currentColor" />) : null}
          </g>
        ))}
        <DayLabels chart={chart} />
      </ChartSvg>
      <NumbersTable
        caption={`${chart.title} per day`}
        headers={["Day", ...chart.series.map((s) => s.label)]}
        rows={days}
      />
    </figure>
  );
}

const LAYER_COLOURS = ["text-primary", "text-amber-600", "text-emerald-600", "text-rose-600", "text-slate-500"] as const;

/** Daily counts of several kinds stacked, with a legend of each kind's total and the days in a hidden table. */
export function StackedChartFigure({ chart, period }: { chart: StackedChart; period: string }) {
  const id = chartIdOf(chart.title);
  const totals = chart.layers.map((l) => `${l.label}: ${l.total}`).join(", ");
  const all = chart.totals.reduce((a, b) => a + b, 0);
  const days = chart.days.flatMap((d, i) => (chart.totals[i] ? [[d.day, ...chart.layers.map((l) => l.values[i]!), chart.totals[i]!]] : []));
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {chart.title} <span className="font-normal text-slate-700">(total <strong data-testid="chart-total">{all}</strong>)</span>
        </span>
        <span className="flex flex-wrap gap-3 text-sm">
          {chart.layers.map((l, i) => (
            <span key={l.label} className="inline-flex items-center gap-1 text-slate-700">
              <span aria-hidden="true" className={`inline-block h-2 w-3 rounded-sm bg-current ${LAYER_COLOURS[i % LAYER_COLOURS.length]}`} />
              {l.label} <strong>{l.total}</strong>
            </span>
          ))}
        </span>
      </figcaption>
      <ChartSvg id={id} width={chart.width} height={chart.height} latestFirst title={`${chart.title} per day by page type, ${period}`} desc={`Totals: ${totals}.${days.length ? " The table below lists each day with any." : ""}`}>
        <g transform={chart.transform}>
          {chart.layers.map((l, i) => (l.area ? <path key={l.label} d={l.area} fill="currentColor" fillOpacity={0.75} className={LAYER_COLOURS[i % LAYER_COLOURS.length]} /> : null))}
        </g>
        <line x1={chart.plot.left} x2={chart.plot.right} y1={chart.plot.bottom} y2={chart.plot.bottom} className="stroke-slate-300" strokeWidth={1} />
        <DayLabels chart={chart} />
      </ChartSvg>
      <NumbersTable
        caption={`${chart.title} per day by page type`}
        headers={["Day", ...chart.layers.map((l) => l.label), "All"]}
        rows={days}
      />
    </figure>
  );
}

/** How far each item got through the steps: dots per step, filled up to the one reached, and the same in a hidden table. */
export function StepsChartFigure({ chart, caption }: { chart: StepsChart; caption: string }) {
  const id = chartIdOf(chart.title);
  const reached = chart.rows.map((r) => `${r.label}: ${chart.steps[r.reached - 1]?.label ?? "none"}`).join("; ");
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="font-semibold">{caption}</figcaption>
      <ChartSvg
        id={id}
        width={chart.width}
        height={chart.height}
        fontSize={11}
        title={chart.title}
        desc={chart.rows.length ? `${reached}. The table below lists each one.` : "None yet."}
        axis={{
          width: chart.left - 8,
          // the rows' names on white below the steps' names, which scroll under nothing
          children: (
            <>
              <rect y={20} width={chart.left - 8} height={chart.height - 20} className="fill-white" />
              {chart.rows.map((r, i) => (
                <text key={i} x={chart.left - 16} y={r.y} textAnchor="end" dominantBaseline="middle" fontSize={11} className="fill-slate-900">
                  {r.label.length > 30 ? `${r.label.slice(0, 29)}…` : r.label}
                </text>
              ))}
            </>
          ),
        }}
      >
        {chart.steps.map((s) => (
          <text key={s.label} x={s.x} y={14} textAnchor="middle" fontSize={11} className="fill-slate-600">
            {s.label}
          </text>
        ))}
        {chart.rows.map((r, i) => (
          <g key={i} transform={`translate(0 ${r.y})`}>
            <path d={r.line} className="stroke-primary" strokeWidth={3} fill="none" />
            {r.dots.map((d, j) => (
              <circle key={j} cx={d.x} cy={0} r={5} strokeWidth={1.5} className={d.done ? "fill-primary stroke-primary" : "fill-white stroke-slate-400"} />
            ))}
          </g>
        ))}
      </ChartSvg>
      <NumbersTable caption={chart.title} headers={["Deal", "Furthest step"]} rows={chart.rows.map((r) => [r.label, chart.steps[r.reached - 1]?.label ?? "—"])} />
    </figure>
  );
}

/** Bars of how many reached each stage, labelled and numbered on the chart itself, and the same in a hidden table. */
export function FunnelFigure({ chart }: { chart: FunnelChart }) {
  const id = chartIdOf(chart.title);
  const counts = chart.bars.map((b) => `${b.label}: ${b.count}`).join(", ");
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="font-semibold">{chart.title}</figcaption>
      <ChartSvg
        id={id}
        width={chart.width}
        height={chart.height}
        fontSize={11}
        title={`${chart.title}: buyers at each step`}
        desc={`${counts}. The table below lists each step.`}
        axis={{
          width: chart.left - 2,
          children: (
            <>
              <rect width={chart.left - 2} height={chart.height} className="fill-white" />
              {chart.bars.map((b) => (
                <text key={b.label} x={chart.left - 6} y={b.labelY} textAnchor="end" dominantBaseline="middle" fontSize={11} className="fill-slate-600">
                  {b.label}
                </text>
              ))}
            </>
          ),
        }}
      >
        {chart.bars.map((b) => (
          <g key={b.label}>
            <rect x={chart.left} y={b.y} width={b.width} height={b.height} rx={2} className="fill-primary" />
            <text x={chart.left + b.width + 4} y={b.labelY} dominantBaseline="middle" fontSize={11} className="fill-slate-900">
              {b.count}
            </text>
          </g>
        ))}
      </ChartSvg>
      <NumbersTable caption={chart.title} headers={["Step", "Buyers"]} rows={chart.bars.map((b) => [b.label, b.count])} />
    </figure>
  );
}
