import type { ResolvedPreferences, TableKey } from "~/lib/table-preferences";
import type { ProjectRow } from "~/lib/projects";
import { gridBody } from "./data-grid.server";
import { projectCells } from "./project-cells";

/** A page of a project table's rows in the member's saved columns, drawn here for `<ProjectGrid body>`. */
export function projectGridBody(
  table: TableKey,
  view: Pick<ResolvedPreferences, "headers" | "visible">,
  rows: ProjectRow[],
  { href, empty }: { href: (row: ProjectRow) => string; empty: string },
) {
  return gridBody(table, { headers: view.headers, visible: view.visible, rows, rowKey: (r) => r.id, cells: projectCells(href), empty });
}
