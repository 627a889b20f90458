import type { ReactNode } from "react";
import { gridBody } from "~/components/data-grid.server";
import { DateTime } from "~/components/data-table";
import { RowActions } from "~/components/system-data-cells.server";
import { DIMENSION_LABELS } from "~/lib/loan-pricing";
import type { ResolvedPreferences } from "~/lib/table-preferences";
import type { listCoefficients } from "~/models/coefficients.server";

type Row = Awaited<ReturnType<typeof listCoefficients>>["rows"][number];

/** The page's coefficients drawn here: the cells' code (and the dimensions' names) stays on the server. */
export function coefficientsBody(view: Pick<ResolvedPreferences, "headers" | "visible">, rows: Row[], at: URL) {
  const cells: Record<string, (r: Row) => ReactNode> = {
    dimension: (r) => DIMENSION_LABELS[r.dimension],
    band: (r) => r.band,
    value: (r) => r.value,
    updatedAt: (r) => <DateTime at={r.updatedAt} />,
    actions: (r) => <RowActions id={r.id} label={`${DIMENSION_LABELS[r.dimension]} ${r.band}`} at={at} />,
  };
  // the edit links keep the page's query: its markup is kept by it
  return gridBody(`pricingCoefficients${at.search}`, {
    headers: view.headers,
    visible: view.visible,
    rows,
    rowKey: (r) => r.id,
    rowTestId: (r) => `coefficient-${r.dimension}-${r.band}`,
    cells,
    empty: "No coefficients yet.",
  });
}
