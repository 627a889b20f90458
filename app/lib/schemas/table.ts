import * as z from "zod/mini";
import type { TableKey } from "../table-preferences";

/**
 * The preference forms of a table (DataGrid's columns panel): apply the ticked
 * columns, save the sort and filters as the default, or reset; `table` names the
 * table the page shows.
 */
export const tableActionSchema = (table: TableKey) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("columns"), table: z.literal(table), column: z.array(z.string()) }),
    z.object({ intent: z.literal("save-view"), table: z.literal(table) }),
    z.object({ intent: z.literal("reset"), table: z.literal(table) }),
  ]);
export type TableAction = z.output<ReturnType<typeof tableActionSchema>>;
