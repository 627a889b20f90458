import type { ResolvedPreferences, TableKey } from "~/lib/table-preferences";
import { DataGrid } from "./data-grid";
import type { Markup } from "./static-html";
import type { ProjectRow } from "~/lib/projects";

export type { ProjectRow };

/** A project table with the member's saved view (columns, sort), its rows drawn on the server (project-cells.server.tsx). */
export function ProjectGrid({
  table,
  view,
  caption,
  body,
}: {
  table: TableKey;
  view: Pick<ResolvedPreferences, "headers" | "visible" | "sortBy" | "sortDesc">;
  caption: string;
  body: Markup;
}) {
  return (
    <DataGrid<ProjectRow> tableKey={table} caption={caption} headers={view.headers} visible={view.visible} sortBy={view.sortBy} sortDesc={view.sortDesc} body={body} />
  );
}
