import { geoAlbersUsa } from "d3-geo";
import { countByState, placeDots } from "~/lib/us-map";
import type { AssetReader } from "./services";

/** The atlas's drawing size, in its own units (us-atlas's states-albers-10m). */
export const US_MAP_VIEWBOX = { width: 975, height: 610 } as const;

/** The states' outlines, a public asset drawn from us-atlas by scripts/geo-assets.mjs. */
export const US_STATES_ASSET = "/geo/us-states.json";

export type StateShape = { code: string; name: string; d: string; centroid: [number, number] };

// kept once read (per process, or per Worker isolate); a pending read is not shared, since a
// Worker may not await another request's I/O
let shapes: StateShape[] | null = null;

/** Every state's outline as an SVG path and its centre, read from the app's assets on first use. */
export async function usStateShapes(assets: AssetReader): Promise<StateShape[]> {
  return (shapes ??= JSON.parse(await assets.text(US_STATES_ASSET)) as StateShape[]);
}

// the projection the atlas was drawn with (us-atlas's states-albers-10m), so coordinates land on its states
const albers = geoAlbersUsa().scale(1300).translate([487.5, 305]);

/** A place's position in the atlas's units; null outside the projection (abroad, or a territory it leaves out). */
export function projectPoint(latitude: number | null, longitude: number | null): [number, number] | null {
  if (latitude === null || longitude === null) return null;
  const p = albers([longitude, latitude]);
  return p ? [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10] : null;
}

export type PlacedProject = { id: number; state: string; latitude: number | null; longitude: number | null; label: string; href: string };

/**
 * The US map's drawing for some projects: the states, a dot per project linking to `href`, the counts
 * per state (those of the dots drawn unless `counted` gives them, for a map drawing only some).
 */
export function usMapOf(shapes: readonly StateShape[], places: readonly PlacedProject[], counted: ReadonlyArray<{ state: string; count: number }> = countByState(places)) {
  const names = new Map(shapes.map((s) => [s.code, s.name]));
  const byId = new Map(places.map((p) => [p.id, p]));
  const dots = placeDots(
    places.map((p) => ({ id: p.id, state: p.state, point: projectPoint(p.latitude, p.longitude) })),
    new Map(shapes.map((s) => [s.code, s.centroid])),
  );
  return {
    ...US_MAP_VIEWBOX,
    states: shapes.map(({ code, name, d }) => ({ code, name, d })),
    dots: dots.map((dot) => ({ ...dot, label: byId.get(dot.id)!.label, href: byId.get(dot.id)!.href })),
    counts: counted.map((c) => ({ ...c, name: names.get(c.state) ?? c.state })),
  };
}
