import type { Database } from "~/.server/db";
import type { AssetReader } from "~/.server/services";
import { usMapOf, usStateShapes } from "~/.server/us-map";
import { ownRealEstateStates } from "~/models/real-estate.server";

type Place = { id: number; projectName: string; state: string; latitude: number | null; longitude: number | null };

/**
 * The seller's real-estate projects on the US map: the states shaded and counted by all of them, a
 * dot for each project of the table's page. A dot for every project drew up to 2,000 of them into
 * the page twice (markup and loader data: 324-873 KB), and counted the states of those only.
 */
export async function realEstateMap({ db, assets }: { db: Database; assets: AssetReader }, { sellerId, places }: { sellerId: number; places: Promise<readonly Place[]> }) {
  // the page's places arrive with its rows: the states are counted meanwhile (on D1 one call)
  const [states, shapes, drawn] = await Promise.all([ownRealEstateStates(db, { sellerId }), usStateShapes(assets), places]);
  return usMapOf(
    shapes,
    drawn.map((p) => ({
      ...p,
      label: `${p.projectName || "Untitled draft"} (${p.state || "no state"})`,
      href: `/sellers/analytics/real-estate/${p.id}`,
    })),
    states,
  );
}
