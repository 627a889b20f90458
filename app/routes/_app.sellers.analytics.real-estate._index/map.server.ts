import type { Database } from "~/.server/db";
import { usMapOf } from "~/.server/us-map";
import { ownRealEstatePlaces } from "~/models/real-estate.server";

/** The seller's real-estate projects on the US map: the states, a dot per project, the counts per state. */
export async function realEstateMap(db: Database, { sellerId }: { sellerId: number }) {
  const places = await ownRealEstatePlaces(db, { sellerId });
  return usMapOf(
    places.map((p) => ({
      ...p,
      label: `${p.projectName || "Untitled draft"} (${p.state || "no state"})`,
      href: `/sellers/analytics/real-estate/${p.id}`,
    })),
  );
}
