import { GridRows, type GridRowsProps } from "./data-grid";
import type { Markup } from "./static-html";
import { staticMarkupOf } from "./static-html.server";

/**
 * A page of a table's rows drawn here, for `<DataGrid body>`: kept by table and rows like any static
 * markup, so a page seen again is not drawn again, and only its markup reaches the page (not the
 * rows as data as well). The cells must not need the router: their links are plain `<a>`, which
 * the body's click handler follows within the app.
 */
export function gridBody<Row extends Record<string, unknown>>(tableKey: string, props: GridRowsProps<Row>, cellsFrom = ""): Markup {
  // the functions (cells, keys) do not take part in the markup's key: the table's name stands for them, with
  // `cellsFrom`, what else the cells draw from (the table's address its links name for the way back)
  const { headers, visible, rows, empty } = props;
  return staticMarkupOf(["grid", tableKey, cellsFrom, headers, visible, rows, empty], () => <GridRows {...props} />);
}
