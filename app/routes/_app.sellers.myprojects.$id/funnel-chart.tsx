import type { FunnelChart } from "~/lib/charts";
import { ChartSvg, NumbersTable, chartIdOf } from "~/components/charts";

/** Bars of how many reached each stage, labelled and numbered on the chart itself, and the same in a hidden table. */
export function FunnelFigure({ chart }: { chart: FunnelChart }) {
  const id = chartIdOf(chart.title);
  const counts = chart.bars.map((b) => `${b.label}: ${b.count}`).join(", ");
  return (
    <figure className="card" data-testid={id}>
      <figcaption className="font-semibold">{chart.title}</figcaption>
      <ChartSvg id={id} width={chart.width} height={chart.height} title={`${chart.title}: buyers at each step`} desc={`${counts}. The table below lists each step.`}>
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
      </ChartSvg>
      <NumbersTable caption={chart.title} headers={["Step", "Buyers"]} rows={chart.bars.map((b) => [b.label, b.count])} />
    </figure>
  );
}
