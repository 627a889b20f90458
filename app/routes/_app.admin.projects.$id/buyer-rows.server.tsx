import type { ReactNode } from "react";
import { gridBody } from "~/components/data-grid.server";
import { MatchReasons } from "~/components/matched-buyers";
import { StaticPager, type Paging } from "~/components/pager";
import { staticMarkup } from "~/components/static-html.server";
import { DateTime } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { formatCompactCurrency } from "~/lib/format-figures";
import type { ResolvedPreferences } from "~/lib/table-preferences";
import type { ProjectBuyerColumn } from "~/lib/project-buyers";
import { INVITE_FORM, type BuyerRow } from "./buyer-table";

const CELLS: Record<ProjectBuyerColumn, (r: BuyerRow) => ReactNode> = {
  select: (r) => <input type="checkbox" name="customerId" value={r.customerId ?? ""} form={INVITE_FORM} aria-label={`Select ${r.label}`} />,
  customerName: (r) => (
    <a href={`/admin/customers/${r.customerId}`} className="link font-medium">
      {r.label}
    </a>
  ),
  score: (r) => <span className="font-semibold">{r.score}</span>,
  reasons: (r) => <MatchReasons reasons={r.reasons} />,
  responsivenessScore: (r) => r.responsivenessScore ?? "—",
  responsivenessReason: (r) => <span className="text-xs text-slate-600">{r.responsivenessReason}</span>,
  viewedThisProject: (r) => (r.viewedThisProject ? "Yes" : "No"),
  ndaStatus: (r) => r.ndaStatus ?? "—",
  offer: (r) => (r.offerStatus ? `${r.offerStatus} ${formatCompactCurrency(r.offerPrice)}` : "—"),
  impression: (r) => formatNumber(r.impression),
  invitedAt: (r) => <DateTime at={r.invitedAt} />,
  lastLogin: (r) => <DateTime at={r.lastLogin} />,
};

/** The matched buyers' pager, drawn on the server as the rows are: its links keep the page's sort. */
export function buyerPagerMarkup(paging: Paging, url: URL) {
  return staticMarkup(<StaticPager {...paging} noun="matched buyers" testId="buyers-count" at={url} />);
}

/** The matched buyers' rows, drawn on the server in the admin's columns. */
export function buyerRowsBody(rows: BuyerRow[], view: Pick<ResolvedPreferences, "headers" | "visible">) {
  return gridBody("projectBuyers", {
    headers: view.headers,
    visible: view.visible,
    rows,
    rowKey: (r) => r.customerId ?? r.label ?? "",
    rowTestId: (r) => `buyer-${r.customerId}`,
    cells: CELLS,
    empty: "No buyer's criteria match this project yet.",
  });
}
