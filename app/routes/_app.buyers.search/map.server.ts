import type { Database } from "~/.server/db";
import type { AssetReader } from "~/.server/services";
import { usMapOf, usStateShapes } from "~/.server/us-map";
import { teaserPathFor } from "~/lib/access";
import { searchProjectPlaces, type SearchParams } from "~/models/project-search.server";

/** The search's current results on the US map, each dot a link to the project's teaser. */
export async function searchMap({ db, assets }: { db: Database; assets: AssetReader }, { params, role }: { params: SearchParams; role: "buyer" | "broker" }) {
  const [{ places, capped }, shapes] = await Promise.all([searchProjectPlaces(db, params), usStateShapes(assets)]);
  const map = usMapOf(
    shapes,
    places.map((p) => ({ ...p, label: `${p.projectName || "Untitled"} (${p.state || "no state"})`, href: teaserPathFor(role, p) })),
  );
  return { ...map, shown: places.length, capped };
}
