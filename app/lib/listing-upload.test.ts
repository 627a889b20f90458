import { describe, expect, it } from "vitest";
import { messages } from "./validation";
import { checkRows, listingRowSchema, problemLines, templateCsv, uploadColumns, UPLOAD_EXAMPLES } from "./listing-upload";
import type { ProjectOptions } from "./schemas/project";

const OPTIONS: ProjectOptions = {
  industries: ["Real Estate", "Energy"],
  saleTypes: ["Portfolio sale", "Whole loan sale"],
  locations: ["Northeast", "West"],
  usStates: ["NY", "CA"],
  loanStatus: ["Performing", "Non-Performing"],
  propertyTypes: ["Office", "Retail"],
  policyTypes: ["Term"],
};

describe("an upload's rows", () => {
  const columns = uploadColumns("loan_pool", OPTIONS);
  const schema = listingRowSchema("loan_pool", OPTIONS);

  it("asks for every field of the listing form's three steps", () => {
    expect(columns).toEqual(expect.arrayContaining(["projectName", "size", "maturityDate", "secured", "loanPool", "overallSummary"]));
    expect(uploadColumns("real_estate", OPTIONS)).toEqual(expect.arrayContaining(["propertyType", "address", "zip", "noi"]));
  });

  it("passes the template's example rows", async () => {
    for (const kind of ["loan_pool", "real_estate"] as const) {
      const checked = await checkRows(uploadColumns(kind, OPTIONS), [UPLOAD_EXAMPLES[kind]], listingRowSchema(kind, OPTIONS), uploadColumns(kind, OPTIONS));
      expect(checked.ok).toBe(true);
    }
  });

  it("names each bad row by its spreadsheet line with every problem, in the form's words", async () => {
    const good = UPLOAD_EXAMPLES.loan_pool;
    const checked = await checkRows(columns, [good, { ...good, size: "lots", industry: "Mining", projectName: "" }, good], schema, columns);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.badRows).toBe(1);
    expect(checked.problems).toHaveLength(1);
    expect(checked.problems[0]!.line).toBe(3);
    expect(checked.problems[0]!.problems).toEqual(
      expect.arrayContaining([`size: ${messages.decimal}`, "industry: Choose one of the listed options."]),
    );
    expect(problemLines(checked.problems)[0]).toMatch(/^Line 3: /);
  });

  it("refuses a file without the columns, or without rows", async () => {
    const missing = await checkRows(["projectName"], [{ projectName: "x" }], schema, columns);
    expect(!missing.ok && missing.problems[0]!.problems[0]).toMatch(/^Missing column: industry/);
    const empty = await checkRows(columns, [], schema, columns);
    expect(!empty.ok && empty.problems[0]!.problems[0]).toBe("The file has no rows.");
  });

  it("converts the values as the form does (amounts with thousands, Yes/No)", async () => {
    const checked = await checkRows(columns, [UPLOAD_EXAMPLES.loan_pool], schema, columns);
    expect(checked.ok && checked.rows[0]!.values).toMatchObject({ loanAmount: 2_500_000, secured: true, projectDueDate: null });
  });

  it("writes a CSV template whose example row reads back", async () => {
    const csv = templateCsv("loan_pool", columns);
    expect(csv.split("\n")[0]).toBe(columns.join(","));
    expect(csv).toContain('"2,500,000"');
  });
});
