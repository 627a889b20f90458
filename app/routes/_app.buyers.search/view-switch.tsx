import { Link, useLocation } from "@remix-run/react";
import { hrefWith } from "~/lib/href-with";

/** Table or map: the same search (every filter in the URL), shown one way or the other. */
export function ViewSwitch({ map }: { map: boolean }) {
  const location = useLocation();
  const hrefFor = (view: "table" | "map") => hrefWith(location, { page: null, view: view === "map" ? "map" : null });
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
