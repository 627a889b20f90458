/** Where the map draws each project and how many each state has (pure: positions come from the atlas, projected by the caller). */

/** A project on the map: its state, and its own position in map units when it has coordinates. */
export type MapPlace = { id: number; state: string; point?: readonly [number, number] | null };
export type MapDot = { id: number; x: number; y: number };

/** Degrees between one dot and the next around a state's centre: the golden angle spreads them evenly. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Map units between neighbouring dots. */
const DOT_SPACING = 7;

/**
 * A dot per project at its own point, or at its state's centre when it has none; projects
 * that share a spot (one state's centre, one ZIP code's centroid) are spread on a sunflower
 * spiral around it, in id order, so a dot keeps its place between visits. A project with
 * neither a point nor a state on the map has no dot.
 */
export function placeDots(places: readonly MapPlace[], centres: ReadonlyMap<string, readonly [number, number]>): MapDot[] {
  const seen = new Map<string, number>();
  return [...places]
    .sort((a, b) => a.id - b.id)
    .flatMap((p) => {
      const centre = p.point ?? centres.get(p.state);
      if (!centre) return [];
      const spot = `${Math.round(centre[0])},${Math.round(centre[1])}`;
      const k = seen.get(spot) ?? 0;
      seen.set(spot, k + 1);
      const r = DOT_SPACING * Math.sqrt(k);
      const a = k * GOLDEN_ANGLE;
      return [{ id: p.id, x: Math.round((centre[0] + r * Math.cos(a)) * 10) / 10, y: Math.round((centre[1] + r * Math.sin(a)) * 10) / 10 }];
    });
}

/** How many projects each state has, most first. */
export function countByState(places: readonly MapPlace[]): Array<{ state: string; count: number }> {
  const counts = new Map<string, number>();
  for (const p of places) if (p.state) counts.set(p.state, (counts.get(p.state) ?? 0) + 1);
  return [...counts].map(([state, count]) => ({ state, count })).sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
}
