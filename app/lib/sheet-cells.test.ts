import { describe, expect, it } from "vitest";
import { zipFromSheet } from "./sheet-cells";

describe("a ZIP code read from a spreadsheet", () => {
  it("gets back the zeros Excel took from it when the ZIP that makes is one of the row's state", () => {
    expect(zipFromSheet("2134", "MA")).toBe("02134");
    expect(zipFromSheet("6103", "ct")).toBe("06103");
    expect(zipFromSheet("7302", "NJ")).toBe("07302");
    expect(zipFromSheet("501", "NY")).toBe("00501");
    expect(zipFromSheet("901", "PR")).toBe("00901");
  });

  it("is left for the ZIP rule to refuse when it is no ZIP of the state: a digit dropped, not a zero", () => {
    expect(zipFromSheet("6060", "IL")).toBe("6060");
    expect(zipFromSheet("2134", "CT")).toBe("2134");
    expect(zipFromSheet("6060", "")).toBe("6060");
    expect(zipFromSheet("12", "MA")).toBe("12");
    // written out, or not digits, it is as it was
    for (const zip of ["02134", "02134-1234", "2134-1234", "21a4", ""]) expect(zipFromSheet(zip, "MA")).toBe(zip);
  });
});
