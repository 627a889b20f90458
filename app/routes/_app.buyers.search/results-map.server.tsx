import type { ComponentProps } from "react";
import { staticMarkup } from "~/components/static-html.server";
import { ResultsMap } from "./results-map";

/** The results map drawn to markup here: the page ships its SVG, not the code that draws it. */
export const resultsMapMarkup = (map: ComponentProps<typeof ResultsMap>["map"], total: number) => staticMarkup(<ResultsMap map={map} total={total} />);
