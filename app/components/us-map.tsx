import { formatNumber } from "~/lib/format";

type State = { code: string; name: string; d: string };
type Dot = { id: number; x: number; y: number; label: string; href: string };
type Count = { state: string; name: string; count: number };

/**
 * A map of the US drawn on the server as SVG (no tiles, no script): the states shaded
 * by how many projects they have, a dot per project that links to it, and the same
 * counts as a table for whoever does not see the map.
 */
export function UsMap({
  title,
  description,
  width,
  height,
  states,
  dots,
  counts,
  noun,
}: {
  title: string;
  description: string;
  width: number;
  height: number;
  states: readonly State[];
  dots: readonly Dot[];
  counts: readonly Count[];
  noun: string;
}) {
  const byState = new Map(counts.map((c) => [c.state, c.count]));
  return (
    <figure className="card max-w-4xl space-y-3">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-labelledby="us-map-title us-map-desc" data-testid="us-map">
        <title id="us-map-title">{title}</title>
        <desc id="us-map-desc">{description}</desc>
        <g stroke="#fff" strokeWidth={0.75}>
          {states.map((s) => {
            const n = byState.get(s.code) ?? 0;
            return (
              <path key={s.code} d={s.d} fill={n > 0 ? "#bfdbfe" : "#e2e8f0"}>
                <title>{`${s.name}: ${formatNumber(n)} ${noun}`}</title>
              </path>
            );
          })}
        </g>
        <g>
          {dots.map((d) => (
            <a key={d.id} href={d.href} aria-label={d.label}>
              <circle cx={d.x} cy={d.y} r={5} fill="#1d4ed8" stroke="#fff" strokeWidth={1.5}>
                <title>{d.label}</title>
              </circle>
            </a>
          ))}
        </g>
      </svg>
      <figcaption>
        <table className="text-sm">
          <caption className="mb-1 text-left font-semibold">
            {noun[0]!.toUpperCase() + noun.slice(1)} by state
          </caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">State</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody className="flex flex-wrap gap-x-6 gap-y-1">
            {counts.map((c) => (
              <tr key={c.state}>
                <th scope="row" className="pr-2 text-left font-normal text-slate-600">
                  {c.name}
                </th>
                <td data-testid={`state-count-${c.state}`}>{formatNumber(c.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
