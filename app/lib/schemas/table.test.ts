import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NO_COLUMN_MESSAGE, tableActionSchema } from "./table";

const columns = (...column: string[]) => {
  const data = new FormData();
  data.set("intent", "columns");
  data.set("table", "customers");
  for (const c of column) data.append("column", c);
  return parseWithZod(data, { schema: tableActionSchema("customers") });
};

describe("a table's columns form", () => {
  it("takes the table's own columns, and refuses none ticked with a message", () => {
    const ok = columns("customerName", "lastLogin");
    expect(ok.status === "success" && ok.value).toEqual({ intent: "columns", table: "customers", column: ["customerName", "lastLogin"] });
    const none = columns();
    expect(none.status !== "success" && none.error).toEqual({ column: [NO_COLUMN_MESSAGE] });
    const unknown = columns("customerName", "passwordHash");
    expect(unknown.status !== "success" && Object.values(unknown.error ?? {}).flat()).toEqual(["Choose one of the listed columns."]);
  });
});
