import type { ReactNode } from "react";
import { gridBody } from "~/components/data-grid.server";
import { DateTime } from "~/components/data-table";
import { RowActions } from "~/components/system-data-cells.server";
import { tenorLabel } from "~/lib/loan-pricing";
import type { ResolvedPreferences } from "~/lib/table-preferences";
import type { listInterestRates } from "~/models/interest-rates.server";

type Row = Awaited<ReturnType<typeof listInterestRates>>["rows"][number];

/** The page's curve points drawn here: the cells' code (and the tenor's names) stays on the server. */
export function curveBody(view: Pick<ResolvedPreferences, "headers" | "visible">, rows: Row[], at: URL) {
  const cells: Record<string, (r: Row) => ReactNode> = {
    asOf: (r) => r.asOf,
    tenorMonths: (r) => tenorLabel(r.tenorMonths),
    rate: (r) => r.rate.toFixed(3),
    updatedAt: (r) => <DateTime at={r.updatedAt} />,
    actions: (r) => <RowActions id={r.id} label={`${r.asOf} ${tenorLabel(r.tenorMonths)}`} at={at} />,
  };
  // the edit links keep the page's query: its markup is kept by it
  return gridBody(`interestRates${at.search}`, {
    headers: view.headers,
    visible: view.visible,
    rows,
    rowKey: (r) => r.id,
    rowTestId: (r) => `rate-${r.asOf}-${r.tenorMonths}`,
    cells,
    empty: "No curve points yet.",
  });
}
