import { describe, expect, it } from "vitest";
import { z } from "zod";
import { importCsv } from "./csv-import";

const row = z.object({
  tenorMonths: z.coerce.number().int("Invalid number.").min(1, "Invalid number."),
  rate: z.coerce.number({ message: "Invalid number." }),
});
const columns = ["tenorMonths", "rate"];

describe("importCsv", () => {
  it("reads every row under the header's names", () => {
    expect(importCsv("tenorMonths,rate\r\n1,4.5\n12,\"4.25\"\n", row, { columns })).toEqual({
      ok: true,
      rows: [
        { tenorMonths: 1, rate: 4.5 },
        { tenorMonths: 12, rate: 4.25 },
      ],
    });
  });

  it("names each bad line as a spreadsheet numbers it, and returns no rows", () => {
    const result = importCsv("tenorMonths,rate\n1,4.5\n0,4\n3,abc\n", row, { columns });
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 3, reason: "tenorMonths: Invalid number." },
        { line: 4, reason: "rate: Invalid number." },
      ],
    });
  });

  it("refuses a file without the expected columns or rows", () => {
    expect(importCsv("tenor,rate\n1,2\n", row, { columns })).toEqual({
      ok: false,
      errors: [{ line: 1, reason: "Missing column: tenorMonths." }],
    });
    expect(importCsv("tenorMonths,rate\n", row, { columns })).toMatchObject({ ok: false, errors: [{ line: 2 }] });
    expect(importCsv("tenorMonths,rate\n1,2\n2,3\n", row, { columns, maxRows: 1 })).toMatchObject({ ok: false });
  });

  it("reports a broken quote instead of throwing", () => {
    expect(importCsv('tenorMonths,rate\n1,"4.5\n', row, { columns })).toMatchObject({ ok: false });
  });
});
