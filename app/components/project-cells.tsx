import { Link } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import type { ResolvedPreferences, TableKey } from "~/lib/table-preferences";
import { DataGrid } from "./data-grid";
import { formatCompactCurrency, formatCurrency, formatDate, formatPercent, formatYesNo } from "~/lib/format";
import { KIND_LABELS } from "~/lib/project-kinds";
import type { ProjectColumn, ProjectRow } from "~/lib/projects";
import { StatusBadge } from "./status-badge";

export type { ProjectRow };

/** Cell renderers by column key (one for every column a row has); `href` makes the project name a link. */
export function projectCells(href: (row: ProjectRow) => string): { [K in ProjectColumn]-?: (row: ProjectRow) => ReactNode } {
  return {
    id: (r) => r.id,
    date: (r) => formatDate(r.date ?? r.updatedAt),
    projectName: (r) => (
      <Link to={href(r)} className="link font-medium">
        {r.projectName || "Untitled draft"}
      </Link>
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
    maturityDate: (r) => formatDate(r.maturityDate),
    location: (r) => r.location || "—",
    state: (r) => r.state || "—",
    secured: (r) => formatYesNo(r.secured),
    loanAmount: (r) => formatCurrency(r.loanAmount),
    projectDueDate: (r) => formatDate(r.projectDueDate),
    views: (r) => r.views,
    impressionsCounter: (r) => r.impressionsCounter,
    updatedAt: (r) => formatDate(r.updatedAt),
    longTermDebtSecured: (r) => formatYesNo(r.longTermDebtSecured),
    longTermDebtLevelOfSecurity: (r) => r.longTermDebtLevelOfSecurity || "—",
    borrower: (r) => r.borrower || "—",
    sellerName: (r) => r.sellerName || "—",
    ndaStatus: (r) => r.ndaStatus ?? "—",
    lastUpdateBuyer: (r) => formatDate(r.lastUpdateBuyer ?? null),
    ndas: (r) => r.ndas ?? 0,
    negotiations: (r) => r.negotiations ?? 0,
    bids: (r) => r.bids ?? 0,
  };
}

/** A project table with the member's saved view (columns, sort). */
export function ProjectGrid({
  table,
  view,
  rows,
  href,
  caption,
  empty,
}: {
  table: TableKey;
  view: Pick<ResolvedPreferences, "headers" | "visible" | "sortBy" | "sortDesc">;
  rows: unknown[];
  href: (row: ProjectRow) => string;
  caption: string;
  empty: string;
}) {
  const cells = useMemo(() => projectCells(href), [href]);
  return (
    <DataGrid<ProjectRow>
      tableKey={table}
      caption={caption}
      headers={view.headers}
      visible={view.visible}
      rows={rows as ProjectRow[]}
      rowKey={(r) => r.id}
      cells={cells}
      sortBy={view.sortBy}
      sortDesc={view.sortDesc}
      empty={empty}
    />
  );
}
