import type { Database } from "~/.server/db";
import type { AssetReader } from "~/.server/services";
import { usMapOf, usStateShapes } from "~/.server/us-map";
import { staticMarkupOf } from "~/components/static-html.server";
import { UsMap } from "~/components/us-map";
import { formatNumber } from "~/lib/format";
import { ownRealEstateStates } from "~/models/real-estate.server";

type Place = { id: number; projectName: string; state: string; latitude: number | null; longitude: number | null };

/**
 * The seller's real-estate projects on the US map: the states shaded and counted by all of them, a
 * dot for each project of the table's page. A dot for every project drew up to 2,000 of them into
 * the page twice (markup and loader data: 324-873 KB), and counted the states of those only.
 *
 * Drawn here, to markup: as props the states' outlines (72 KB of SVG paths) went into the page twice,
 * in its markup and in the handoff for hydration, and React drew them on every visit (27 ms of a
 * 2,000-project seller's page at scale). As `<StaticHtml>` markup a document carries them once, and a
 * drawing seen before (the same counts and page of dots) is served as it was drawn. Null: no dots.
 */
export async function realEstateMap(
  { db, assets }: { db: Database; assets: AssetReader },
  { sellerId, places, total }: { sellerId: number; places: Promise<readonly Place[]>; total: Promise<number> },
) {
  // the page's places arrive with its rows: the states are counted meanwhile (on D1 one call)
  const [states, shapes, drawn, of] = await Promise.all([ownRealEstateStates(db, { sellerId }), usStateShapes(assets), places, total]);
  const map = usMapOf(
    shapes,
    drawn.map((p) => ({
      ...p,
      label: `${p.projectName || "Untitled draft"} (${p.state || "no state"})`,
      href: `/sellers/analytics/real-estate/${p.id}`,
    })),
    states,
  );
  if (!map.dots.length) return null;
  return staticMarkupOf({ of: "real-estate-map", dots: map.dots, counts: map.counts, total: of }, () => (
    <UsMap
      title="Your real-estate projects on the map"
      description={`A map of the United States, its states shaded by how many of your ${formatNumber(of)} real-estate projects they have, with a dot for each of the ${map.dots.length} projects on this page; each dot opens the project's valuation.`}
      noun="projects"
      {...map}
    />
  ));
}
