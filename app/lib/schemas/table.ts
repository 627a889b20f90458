import * as z from "zod/mini";
import { byIntent } from "~/lib/validation";
import { TABLES, type TableKey } from "../table-preferences";

export const NO_COLUMN_MESSAGE = "Choose at least one column.";

/**
 * The preference forms of a table (DataGrid's columns panel): apply the ticked
 * columns, save the sort and filters as the default, or reset; `table` names the
 * table the page shows.
 */
export const tableActionSchema = (table: TableKey) =>
  byIntent([
    // a table of no columns showed its count and pager around nothing
    z.object({
      intent: z.literal("columns"),
      table: z.literal(table),
      column: z.array(z.enum(TABLES[table].headers.map((h) => h.value) as [string, ...string[]], { error: "Choose one of the listed columns." })).check(z.minLength(1, NO_COLUMN_MESSAGE)),
    }),
    z.object({ intent: z.literal("save-view"), table: z.literal(table) }),
    z.object({ intent: z.literal("reset"), table: z.literal(table) }),
  ]);
export type TableAction = z.output<ReturnType<typeof tableActionSchema>>;
