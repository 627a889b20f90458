import type { Database } from "~/.server/db";
import { usStateShapes, US_MAP_VIEWBOX } from "~/.server/us-map";
import { countByState, placeDots } from "~/lib/us-map";
import { ownRealEstatePlaces } from "~/models/real-estate.server";

/** The seller's real-estate projects on the US map: the states, a dot per project, the counts per state. */
export async function realEstateMap(db: Database, { sellerId }: { sellerId: number }) {
  const places = await ownRealEstatePlaces(db, { sellerId });
  const shapes = usStateShapes();
  const names = new Map(shapes.map((s) => [s.code, s.name]));
  const labels = new Map(places.map((p) => [p.id, `${p.projectName || "Untitled draft"} (${p.state || "no state"})`]));
  return {
    ...US_MAP_VIEWBOX,
    states: shapes.map(({ code, name, d }) => ({ code, name, d })),
    dots: placeDots(places, new Map(shapes.map((s) => [s.code, s.centroid]))).map((dot) => ({
      ...dot,
      label: labels.get(dot.id) ?? "",
      href: `/sellers/analytics/real-estate/${dot.id}`,
    })),
    counts: countByState(places).map((c) => ({ ...c, name: names.get(c.state) ?? c.state })),
  };
}
