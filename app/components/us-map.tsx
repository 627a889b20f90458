import { formatNumber } from "~/lib/format";

/**
 * The targets' radius in map units (975 across) for 12 px on the screen: 11,700 / the drawn width, at the
 * narrowest of each container width step (240 px, a 320 px phone's map, and up).
 */
const HIT_RADII = "[&_circle]:[r:49px] @3xs:[&_circle]:[r:46px] @xs:[&_circle]:[r:37px] @md:[&_circle]:[r:27px] @xl:[&_circle]:[r:21px] @3xl:[&_circle]:[r:16px]";

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
      {/* a container: the dots' targets are sized by the map's width */}
      <div className="@container">
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
        {/* A dot is 3 px across on a phone: under the dots, each has a target at least 24 px across on
            the screen, its radius in the map's units set by the map's drawn width (12 px at the narrowest
            width of each step). A dot itself is drawn over every target, so it always opens its own
            project; a tap beside it opens a project near it. Out of the tab order and hidden from screen
            readers: each dot is its project's link, and the table view lists them. */}
        <g fill="transparent" className={HIT_RADII} aria-hidden="true">
          {dots.map((d) => (
            <a key={d.id} href={d.href} tabIndex={-1}>
              <circle cx={d.x} cy={d.y} />
            </a>
          ))}
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
      </div>
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
