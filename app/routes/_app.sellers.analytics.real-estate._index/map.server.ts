import type { Database } from "~/.server/db";
import type { AssetReader } from "~/.server/services";
import { usMapOf, usStateShapes } from "~/.server/us-map";
import { ownRealEstatePlaces } from "~/models/real-estate.server";

/** The seller's real-estate projects on the US map: the states, a dot per project, the counts per state. */
export async function realEstateMap({ db, assets }: { db: Database; assets: AssetReader }, { sellerId }: { sellerId: number }) {
  const [places, shapes] = await Promise.all([ownRealEstatePlaces(db, { sellerId }), usStateShapes(assets)]);
  return usMapOf(
    shapes,
    places.map((p) => ({
      ...p,
      label: `${p.projectName || "Untitled draft"} (${p.state || "no state"})`,
      href: `/sellers/analytics/real-estate/${p.id}`,
    })),
  );
}
