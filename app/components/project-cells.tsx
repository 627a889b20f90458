import { useMemo, type ReactNode } from "react";
import type { ResolvedPreferences, TableKey } from "~/lib/table-preferences";
import { DataGrid } from "./data-grid";
import type { Markup } from "./static-html";
import { formatCompactCurrency, formatCurrency, formatDate, formatPercent, formatYesNo } from "~/lib/format";
import { KIND_LABELS } from "~/lib/project-kinds";
import type { ProjectColumn, ProjectRow } from "~/lib/projects";
import { StatusBadge } from "./status-badge";

export type { ProjectRow };

/**
 * Cell renderers by column key (one for every column a row has); `href` makes the project name a
 * link: a plain one, which the table's body follows within the app, so the same cells draw rows on
 * the server (project-cells.server.tsx) and in the browser.
 */
export function projectCells(href: (row: ProjectRow) => string): { [K in ProjectColumn]-?: (row: ProjectRow) => ReactNode } {
  return {
    id: (r) => r.id,
    date: (r) => formatDate(r.date ?? r.updatedAt),
    projectName: (r) => (
      <a href={href(r)} className="link font-medium">
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

/** A project table with the member's saved view (columns, sort): its rows drawn on the server (project-cells.server.tsx) or here. */
export function ProjectGrid({
  table,
  view,
  caption,
  ...rows
}: {
  table: TableKey;
  view: Pick<ResolvedPreferences, "headers" | "visible" | "sortBy" | "sortDesc">;
  caption: string;
} & ({ body: Markup } | { rows: unknown[]; href: (row: ProjectRow) => string; empty: string })) {
  const href = "href" in rows ? rows.href : null;
  const cells = useMemo(() => (href ? projectCells(href) : {}), [href]);
  const common = { tableKey: table, caption, headers: view.headers, visible: view.visible, sortBy: view.sortBy, sortDesc: view.sortDesc };
  return "body" in rows ? (
    <DataGrid<ProjectRow> {...common} body={rows.body} />
  ) : (
    <DataGrid<ProjectRow> {...common} rows={rows.rows as ProjectRow[]} rowKey={(r) => r.id} cells={cells} empty={rows.empty} />
  );
}
