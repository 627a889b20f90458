import type { CashFlowChart } from "~/lib/cash-flow-chart";
import { staticMarkup } from "~/components/static-html.server";
import { CashFlowFigure, type CashFlowYear } from "./cash-flow-figure";

/** The cash-flow chart drawn to markup here: the page ships its SVG, not the code that draws it. */
export const cashFlowMarkup = (chart: CashFlowChart, years: readonly CashFlowYear[]) => staticMarkup(<CashFlowFigure chart={chart} years={years} />);
