/** Where the map draws each project and how many each state has (pure: positions come from the atlas's state centres). */

export type MapPlace = { id: number; state: string };
export type MapDot = { id: number; x: number; y: number };

/** Degrees between one dot and the next around a state's centre: the golden angle spreads them evenly. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Map units between neighbouring dots. */
const DOT_SPACING = 7;

/**
 * A dot per project at its state's centre, the projects of one state spread on a
 * sunflower spiral around it (in id order, so a dot keeps its place between visits).
 * A project whose state is not on the map has no dot.
 */
export function placeDots(places: readonly MapPlace[], centres: ReadonlyMap<string, readonly [number, number]>): MapDot[] {
  const seen = new Map<string, number>();
  return [...places]
    .sort((a, b) => a.id - b.id)
    .flatMap((p) => {
      const centre = centres.get(p.state);
      if (!centre) return [];
      const k = seen.get(p.state) ?? 0;
      seen.set(p.state, k + 1);
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
