import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readSheet } from "./spreadsheet";

/** A one-sheet workbook, its rows written as inline strings at the given cell references. */
function workbook(cells: Array<Array<[ref: string, text: string]>>) {
  const rows = cells.map((row, i) => `<row r="${i + 1}">${row.map(([ref, text]) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`).join("")}</row>`).join("");
  const zip = zipSync({
    "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
  });
  return new File([zip], "listings.xlsx");
}

describe("an uploaded XLSX", () => {
  it("is read cell by cell, each in its column", async () => {
    const read = await readSheet(workbook([[["A1", "name"], ["C1", "size"]], [["A2", "Pool"], ["C2", "5"]]]));
    expect(read).toEqual({ ok: true, sheet: { header: ["name", "", "size"], records: [{ name: "Pool", "": "", size: "5" }], lines: [2] } });
  });

  it("is refused as not a workbook when a cell lies past Excel's last column (XFD), not spread over millions of empty cells", async () => {
    // "ZZZZZ2" is column 12,356,630: each row was filled out to it (a few letters more, and the server ran out of memory)
    const started = Date.now();
    const read = await readSheet(workbook([[["A1", "name"]], [["A2", "Pool"], ["ZZZZZ2", "x"]]]));
    expect(read).toEqual({ ok: false, problem: "The file is not a valid XLSX workbook." });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await readSheet(workbook([[["A1", "name"], ["XFD1", "last"]]]))).ok).toBe(true);
  });
});
