import type { ComponentProps } from "react";
import { UsMap } from "~/components/us-map";
import { formatNumber } from "~/lib/format";

type MapProps = Omit<ComponentProps<typeof UsMap>, "title" | "description" | "noun"> & { shown: number; capped: boolean };

/** The search's results as dots on the US map, each a link to the project's teaser (drawn on the server). */
export function ResultsMap({ map, total }: { map: MapProps; total: number }) {
  const { shown, capped, ...drawing } = map;
  if (!shown) return <p className="card text-sm text-slate-600">No projects match. Try fewer filters.</p>;
  return (
    <div className="space-y-2">
      {capped ? (
        <p className="text-sm text-slate-600" data-testid="map-capped">
          The map shows the first {formatNumber(shown)} of {formatNumber(total)} projects in the current order; narrow the search to see the rest.
        </p>
      ) : null}
      <UsMap
        title="Search results on the map"
        description={`A map of the United States with a dot for each of ${formatNumber(shown)} projects, near its city (to about 50 km) or around its state's centre; each dot opens the project.`}
        noun="projects"
        {...drawing}
      />
    </div>
  );
}
