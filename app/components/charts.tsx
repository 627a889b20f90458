import type { ReactNode } from "react";
import type { DailyChart } from "~/lib/charts";

const SERIES_COLOURS = ["text-primary", "text-amber-600"] as const;
export const chartIdOf = (title: string) => `chart-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/** The SVG of a chart, named by its title and described for screen readers. */
export function ChartSvg({ id, width, height, title, desc, children }: { id: string; width: number; height: number; title: string; desc: string; children: ReactNode }) {
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="mt-2 h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children}
    </svg>
  );
}

/** A chart's numbers as a table only screen readers see: the first cell of each row names it. */
export function NumbersTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sr-only">
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
  );
}

/**
 * One daily chart drawn on the server: an SVG for the eye, its title and totals for
 * screen readers, the daily numbers in a hidden table. `period` ends its title ("last 7 days").
 */
export function DailyChartFigure({ chart, period }: { chart: DailyChart; period: string }) {
  const id = chartIdOf(chart.title);
  const totals = chart.series.map((s) => `${s.label}: ${s.total}`).join(", ");
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
      <ChartSvg id={id} width={chart.width} height={chart.height} title={`${chart.title} per day, ${period}`} desc={`Totals: ${totals}. The table below lists each day.`}>
        <line x1={chart.plot.left} x2={chart.plot.right} y1={chart.plot.bottom} y2={chart.plot.bottom} className="stroke-slate-300" strokeWidth={1} />
        {chart.series.map((s, i) => (
          <g key={s.label} className={SERIES_COLOURS[i % 2]}>
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
      </ChartSvg>
      <NumbersTable
        caption={`${chart.title} per day`}
        headers={["Day", ...chart.series.map((s) => s.label)]}
        rows={chart.days.map((d, i) => [d.label ? `${d.label} ${d.day}` : d.day, ...chart.series.map((s) => s.values[i]!)])}
      />
    </figure>
  );
}
