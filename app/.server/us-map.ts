import { geoAlbersUsa, geoPath } from "d3-geo";
import { countByState, placeDots } from "~/lib/us-map";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
// already projected (Albers USA, 975×610): drawn as it is, with no projection
import atlas from "us-atlas/states-albers-10m.json";

/** The atlas's drawing size, in its own units. */
export const US_MAP_VIEWBOX = { width: 975, height: 610 } as const;

/** The states' postal codes by FIPS code, the atlas's ids. */
const POSTAL_BY_FIPS: Record<string, string> = {
  "01": "AL", "02": "AK", "04": "AZ", "05": "AR", "06": "CA", "08": "CO", "09": "CT", "10": "DE", "11": "DC", "12": "FL",
  "13": "GA", "15": "HI", "16": "ID", "17": "IL", "18": "IN", "19": "IA", "20": "KS", "21": "KY", "22": "LA", "23": "ME",
  "24": "MD", "25": "MA", "26": "MI", "27": "MN", "28": "MS", "29": "MO", "30": "MT", "31": "NE", "32": "NV", "33": "NH",
  "34": "NJ", "35": "NM", "36": "NY", "37": "NC", "38": "ND", "39": "OH", "40": "OK", "41": "OR", "42": "PA", "44": "RI",
  "45": "SC", "46": "SD", "47": "TN", "48": "TX", "49": "UT", "50": "VT", "51": "VA", "53": "WA", "54": "WV", "55": "WI",
  "56": "WY", "60": "AS", "66": "GU", "69": "MP", "72": "PR", "78": "VI",
};

export type StateShape = { code: string; name: string; d: string; centroid: [number, number] };

let shapes: StateShape[] | null = null;

/**
 * Every state's outline as an SVG path and its centre, computed once per process (or
 * Worker isolate). Coordinates are rounded to whole units: the map is drawn at most
 * ~1000 px wide, and the page stays small.
 */
export function usStateShapes(): StateShape[] {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const path = geoPath().digits(0);
  shapes = feature(topology, topology.objects.states).features.flatMap((state) => {
    const code = POSTAL_BY_FIPS[String(state.id)];
    const d = path(state);
    if (!code || !d) return [];
    const [x, y] = path.centroid(state);
    return [{ code, name: state.properties?.name ?? code, d, centroid: [Math.round(x), Math.round(y)] as [number, number] }];
  });
  return shapes;
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

/** The US map's drawing for some projects: the states, a dot per project linking to `href`, the counts per state. */
export function usMapOf(places: readonly PlacedProject[]) {
  const shapes = usStateShapes();
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
    counts: countByState(places).map((c) => ({ ...c, name: names.get(c.state) ?? c.state })),
  };
}
