import type { ReactNode } from "react";
import type { ResolvedPreferences, TableKey } from "~/lib/table-preferences";
import type { ProjectColumn, ProjectRow } from "~/lib/projects";
import { Day } from "./data-table";
import { formatCurrency, formatYesNo } from "~/lib/format";
import { formatCompactCurrency, formatPercent } from "~/lib/format-figures";
import { KIND_LABELS } from "~/lib/project-kinds";
import { gridBody } from "./data-grid.server";
import { StatusBadge } from "./status-badge";

/**
 * Cell renderers by column key (one for every column a row has); `href` makes the project name a
 * plain link, which the table's body follows within the app.
 */
function projectCells(href: (row: ProjectRow) => string): { [K in ProjectColumn]-?: (row: ProjectRow) => ReactNode } {
  return {
    id: (r) => r.id,
    date: (r) => <Day at={r.date ?? r.updatedAt} />,
    // on a phone the column kept in view: wider and two lines at most there, the whole name in its title (kept-name)
    projectName: (r) => (
      <a href={href(r)} className="link kept-name font-medium" title={r.projectName || undefined}>
        {r.projectName || "Untitled draft"}
      </a>
    ),
    kind: (r) => KIND_LABELS[r.kind],
    status: (r) => <StatusBadge status={r.status} />,
    industry: (r) => r.industry || "—",
    sector: (r) => r.sector || "—",
    loanPool: (r) => r.loanPool || "—",
    size: (r) => formatCompactCurrency(r.size),
    saleType: (r) => r.saleType || "—",
    term: (r) => r.term || "—",
    waInterest: (r) => formatPercent(r.waInterest),
    maturityDate: (r) => <Day at={r.maturityDate} />,
    location: (r) => r.location || "—",
    state: (r) => r.state || "—",
    secured: (r) => formatYesNo(r.secured),
    loanAmount: (r) => formatCurrency(r.loanAmount),
    projectDueDate: (r) => <Day at={r.projectDueDate} />,
    views: (r) => r.views,
    impressionsCounter: (r) => r.impressionsCounter,
    updatedAt: (r) => <Day at={r.updatedAt} />,
    longTermDebtSecured: (r) => formatYesNo(r.longTermDebtSecured),
    longTermDebtLevelOfSecurity: (r) => r.longTermDebtLevelOfSecurity || "—",
    borrower: (r) => r.borrower || "—",
    sellerName: (r) => r.sellerName || "—",
    ndaStatus: (r) => r.ndaStatus ?? "—",
    lastUpdateBuyer: (r) => <Day at={r.lastUpdateBuyer ?? null} />,
    ndas: (r) => r.ndas ?? 0,
    negotiations: (r) => r.negotiations ?? 0,
    bids: (r) => r.bids ?? 0,
  };
}

/** A page of a project table's rows in the member's saved columns, drawn here for `<ProjectGrid body>`. */
export function projectGridBody(
  table: TableKey,
  view: Pick<ResolvedPreferences, "headers" | "visible">,
  rows: ProjectRow[],
  { href, empty, hrefFrom }: { href: (row: ProjectRow) => string; empty: string; hrefFrom?: string },
) {
  return gridBody(table, { headers: view.headers, visible: view.visible, rows, rowKey: (r) => r.id, cells: projectCells(href), empty }, hrefFrom);
}
