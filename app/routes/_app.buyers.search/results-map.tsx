import { Link, useLocation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { UsMap } from "~/components/us-map";
import { formatNumber } from "~/lib/format";

/** Table or map: the same search (every filter in the URL), shown one way or the other. */
export function ViewSwitch({ map }: { map: boolean }) {
  const location = useLocation();
  const hrefFor = (view: "table" | "map") => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (view === "map") params.set("view", "map");
    else params.delete("view");
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const tab = (active: boolean) => (active ? "font-semibold text-slate-900 underline underline-offset-4" : "link");
  return (
    <nav aria-label="Show the results as" className="mb-3 flex gap-4 text-sm">
      <Link to={hrefFor("table")} className={tab(!map)} aria-current={map ? undefined : "page"}>
        Table
      </Link>
      <Link to={hrefFor("map")} className={tab(map)} aria-current={map ? "page" : undefined}>
        Map
      </Link>
    </nav>
  );
}

type MapProps = Omit<ComponentProps<typeof UsMap>, "title" | "description" | "noun"> & { shown: number; capped: boolean };

/** The search's results as dots on the US map, each a link to the project's teaser. */
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
