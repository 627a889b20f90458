import { ChartSvg } from "~/components/charts";
import { FLOW_SERIES, type CashFlowChart } from "~/lib/cash-flow-chart";
import { formatCurrency } from "~/lib/format";
import { formatCompactCurrency } from "~/lib/format-figures";

const COLOURS = { principal: "text-sky-600", interest: "text-emerald-500", recovery: "text-amber-500" } as const;
export type CashFlowYear = { year: number; interest: number; principal: number; recovery: number; loss: number };

const money = (n: number) => formatCurrency(Math.round(n));


/** The cash flows a year at a time, drawn on the server; the same numbers in a table for screen readers. */
export function CashFlowFigure({ chart, years }: { chart: CashFlowChart; years: readonly CashFlowYear[] }) {
  const total = (key: "principal" | "interest" | "recovery" | "loss") => years.reduce((sum, y) => sum + y[key], 0);
  return (
    <figure className="card" data-testid="cash-flow-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Cash flows by year</span>
        <span className="flex flex-wrap gap-3 text-sm">
          {FLOW_SERIES.map((s) => (
            <span key={s.key} className="flex items-center gap-1">
              <svg width="10" height="10" aria-hidden="true" className={COLOURS[s.key]}>
                <rect width="10" height="10" fill="currentColor" />
              </svg>
              {s.label} <strong>{money(total(s.key))}</strong>
            </span>
          ))}
          <span>
            Losses <strong>{money(total("loss"))}</strong>
          </span>
        </span>
      </figcaption>
      <ChartSvg
        id="cash-flow"
        width={chart.width}
        height={chart.height}
        title="Cash flows by year"
        desc={`Principal, interest and recoveries over ${years.length} years. The table below lists each year.`}
        // the scale stays in view while a phone scrolls the years
        axis={{
          width: chart.plot.left - 2,
          children: (
            <>
              {/* down to the scale's last value: the years' names below scroll under nothing */}
              <rect width={chart.plot.left - 2} height={chart.plot.bottom + 5} className="fill-white" />
              {chart.ticks.map((t) => (
                <text key={t.value} x={chart.plot.left - 6} y={t.y + 3} textAnchor="end" fontSize={10} className="fill-slate-500">
                  {formatCompactCurrency(t.value)}
                </text>
              ))}
            </>
          ),
        }}
      >
        {chart.ticks.map((t) => (
          <line key={t.value} x1={chart.plot.left} x2={chart.plot.right} y1={t.y} y2={t.y} className="stroke-slate-200" strokeWidth={1} />
        ))}
        {chart.bars.map((b) => (
          <rect key={`${b.series}-${b.year}`} x={b.x} y={b.y} width={b.width} height={b.height} fill="currentColor" className={COLOURS[b.series]} />
        ))}
        {chart.years.map((y) =>
          y.label ? (
            <text key={y.year} x={y.x} y={chart.height - 6} textAnchor="middle" fontSize={10} className="fill-slate-500">
              {y.label}
            </text>
          ) : null,
        )}
      </ChartSvg>
      <div className="sr-only">
      <table>
        <caption>Cash flows by year</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Principal</th>
            <th scope="col">Interest</th>
            <th scope="col">Recoveries</th>
            <th scope="col">Losses</th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y.year}>
              <th scope="row">{y.year}</th>
              <td>{money(y.principal)}</td>
              <td>{money(y.interest)}</td>
              <td>{money(y.recovery)}</td>
              <td>{money(y.loss)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
