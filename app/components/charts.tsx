import type { ReactNode } from "react";
import type { DailyChart, FunnelChart } from "~/lib/charts";

const SERIES_COLOURS = ["text-primary", "text-amber-600"] as const;
const idOf = (title: string) => `chart-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/**
 * One daily chart drawn on the server: an SVG for the eye, its title and totals for
 * screen readers, the daily numbers in a hidden table. `period` ends its title ("last 7 days").
 */
export function DailyChartFigure({ chart, period }: { chart: DailyChart; period: string }) {
  const id = idOf(chart.title);
  const totals = chart.series.map((s) => `${s.label}: ${s.total}`).join(", ");
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{chart.title}</span>
        <span className="flex gap-3 text-sm">
          {chart.series.map((s, i) => (
            <Legend key={s.label} colour={SERIES_COLOURS[i % SERIES_COLOURS.length]!}>
              {chart.series.length > 1 ? `${s.label} ` : "Total "}
              <strong data-testid="chart-total">{s.total}</strong>
            </Legend>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="mt-2 h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{`${chart.title} per day, ${period}`}</title>
        <desc id={`${id}-desc`}>{`Totals: ${totals}. The table below lists each day.`}</desc>
        <line x1={chart.plot.left} x2={chart.plot.right} y1={chart.plot.bottom} y2={chart.plot.bottom} className="stroke-slate-300" strokeWidth={1} />
        {chart.series.map((s, i) => (
          <g key={s.label} className={SERIES_COLOURS[i % SERIES_COLOURS.length]}>
            {chart.series.length === 1 ? <path d={s.area} fill="currentColor" fillOpacity={0.12} /> : null}
            <path d={s.line} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
            {chart.days.length <= 31 ? s.points.map((p, j) => <circle key={j} cx={p.x} cy={p.y} r={2.5} fill="currentColor" />) : null}
          </g>
        ))}
        {chart.days.map((d) =>
          d.label ? (
            <text key={d.day} x={d.x} y={chart.height - 4} textAnchor="middle" fontSize={10} className="fill-slate-500">
              {d.label}
            </text>
          ) : null,
        )}
      </svg>
      <table className="sr-only">
        <caption>{`${chart.title} per day`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {chart.series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.days.map((d, i) => (
            <tr key={d.day}>
              <th scope="row">{d.label ? `${d.label} ${d.day}` : d.day}</th>
              {chart.series.map((s) => (
                <td key={s.label}>{s.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Bars of how many reached each stage, labelled and numbered on the chart itself, and the same in a hidden table. */
export function FunnelFigure({ chart }: { chart: FunnelChart }) {
  const id = idOf(chart.title);
  const counts = chart.bars.map((b) => `${b.label}: ${b.count}`).join(", ");
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="font-semibold">{chart.title}</figcaption>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="mt-2 h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{`${chart.title}: buyers at each step`}</title>
        <desc id={`${id}-desc`}>{`${counts}. The table below lists each step.`}</desc>
        {chart.bars.map((b) => (
          <g key={b.label}>
            <text x={chart.left - 6} y={b.labelY} textAnchor="end" dominantBaseline="middle" fontSize={11} className="fill-slate-600">
              {b.label}
            </text>
            <rect x={chart.left} y={b.y} width={b.width} height={b.height} rx={2} className="fill-primary" />
            <text x={chart.left + b.width + 4} y={b.labelY} dominantBaseline="middle" fontSize={11} className="fill-slate-900">
              {b.count}
            </text>
          </g>
        ))}
      </svg>
      <table className="sr-only">
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Buyers</th>
          </tr>
        </thead>
        <tbody>
          {chart.bars.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Legend({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className={`inline-block h-2 w-3 rounded-sm bg-current ${colour}`} />
      <span className="text-slate-700">{children}</span>
    </span>
  );
}
