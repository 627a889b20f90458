import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { XLSX_MAX_UNZIPPED_BYTES, XLSX_TOO_LARGE, readSheet } from "./spreadsheet";
import { turnsDuring } from "../../tests/support/turns";

/** A one-sheet workbook's zip, its rows written as inline strings at the given cell references (`padding`: blanks in the sheet, `parts`: more entries). */
function workbookZip(cells: Array<Array<[ref: string, text: string]>>, { padding = 0, parts = {} }: { padding?: number; parts?: Record<string, Uint8Array> } = {}) {
  const rows = cells.map((row, i) => `<row r="${i + 1}">${row.map(([ref, text]) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`).join("")}</row>`).join("");
  return zipSync({
    "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet>${" ".repeat(padding)}<sheetData>${rows}</sheetData></worksheet>`),
    ...parts,
  });
}
const workbook = (cells: Array<Array<[ref: string, text: string]>>) => new File([workbookZip(cells)], "listings.xlsx");

/** The zip with `name`'s uncompressed size written as `size`, in its central directory and its local header: what a forged file declares. */
function declaring(zip: Uint8Array, name: string, size: number) {
  const forged = zip.slice();
  const view = new DataView(forged.buffer);
  const named = (at: number, nameAt: number, lengthAt: number) => new TextDecoder().decode(forged.subarray(at + nameAt, at + nameAt + view.getUint16(at + lengthAt, true))) === name;
  for (let at = 0; at + 46 < forged.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50 && named(at, 30, 26)) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50 && named(at, 46, 28)) view.setUint32(at + 24, size, true);
  }
  return forged;
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

describe("an uploaded XLSX with many shared strings", () => {
  it("reads them a step at a time, others' requests let in between, every accented letter whole across the steps", async () => {
    // 12,000 strings of some 120 bytes: past a megabyte of XML, decoded and read in steps
    const strings = Array.from({ length: 12_000 }, (_, i) => `Soci\u00e9t\u00e9 G\u00e9n\u00e9rale de Cr\u00e9dit n\u00b0 ${i} \u2014 ${"\u00e9".repeat(40)}`);
    const sst = strToU8(`<sst>${strings.map((text) => `<si><t>${text}</t></si>`).join("")}</sst>`);
    const sheet = (row: number, index: number) => `<row r="${row}"><c r="A${row}" t="s"><v>${index}</v></c></row>`;
    const zip = zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${sheet(1, 0)}${sheet(2, 6_000)}${sheet(3, 11_999)}</sheetData></worksheet>`),
      "xl/sharedStrings.xml": sst,
    });
    expect(sst.length).toBeGreaterThan(1 << 20);
    const { result, turns } = await turnsDuring(() => readSheet(new File([zip], "listings.xlsx")));
    expect(result).toEqual({ ok: true, sheet: { header: [strings[0]], records: [{ [strings[0]!]: strings[6_000] }, { [strings[0]!]: strings[11_999] }], lines: [2, 3] } });
    // read at once, the strings held the thread with no turn between (a 20,000-row workbook's, a tenth of a second)
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});

describe("an uploaded XLSX's number cells", () => {
  it("are read as the sheet shows them, not as the 17 digits Excel writes", async () => {
    const numbers = (v: string) =>
      zipSync({
        "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
        "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>size</t></is></c></row><row r="2"><c r="A2"><v>${v}</v></c></row></sheetData></worksheet>`),
      });
    const cell = async (v: string) => {
      const read = await readSheet(new File([numbers(v)], "listings.xlsx"));
      return read.ok ? read.sheet.records[0]!.size : read.problem;
    };
    expect(await cell("1250000.8899999999")).toBe("1250000.89");
    expect(await cell("12.599999999999999")).toBe("12.6");
    expect(await cell("1.5E+3")).toBe("1500");
    expect(await cell("2500000")).toBe("2500000");
  });
});

describe("an uploaded XLSX's cells formatted as percentages", () => {
  it("are read as the percentages the sheet shows (5.25% kept as 0.0525), with their sign; other formats as their numbers", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Tape");
    sheet.addRow(["rate", "fine", "whole", "literal", "plain", "text"]);
    const row = sheet.addRow([0.0525, 0.07125, 0.945, 5, 0.0525, "6.5%"]);
    row.getCell(1).numFmt = "0.00%"; // Excel's own format 10
    row.getCell(2).numFmt = "0.000%"; // the workbook's own
    row.getCell(3).numFmt = "0%"; // Excel's own format 9
    row.getCell(4).numFmt = '0"%"'; // a % that is text: the number as it is
    const read = await readSheet(new File([await book.xlsx.writeBuffer()], "tape.xlsx"));
    expect(read.ok && read.sheet.records).toEqual([{ rate: "5.25%", fine: "7.125%", whole: "94.5%", literal: "5", plain: "0.0525", text: "6.5%" }]);
  });
});

describe("an uploaded XLSX's cells formatted as dates", () => {
  it("are read as the days the sheet shows (2031-06-30 kept as 47299), whatever the date format; other numbers as their numbers", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Tape");
    sheet.addRow(["us", "iso", "long", "timed", "plain", "text"]);
    const day = new Date(Date.UTC(2031, 5, 30));
    const row = sheet.addRow([day, day, day, new Date(Date.UTC(2026, 11, 1, 15, 30)), 47299, "6/30/2031"]);
    row.getCell(1).numFmt = "m/d/yyyy"; // Excel's own format 14
    row.getCell(2).numFmt = "yyyy-mm-dd"; // the workbook's own
    row.getCell(3).numFmt = '[$-409]mmmm d, yyyy;@';
    row.getCell(4).numFmt = "m/d/yy h:mm"; // Excel's own format 22
    const read = await readSheet(new File([await book.xlsx.writeBuffer()], "tape.xlsx"));
    expect(read.ok && read.sheet.records).toEqual([{ us: "2031-06-30", iso: "2031-06-30", long: "2031-06-30", timed: "2026-12-01", plain: "47299", text: "6/30/2031" }]);
  });
});

describe("an uploaded XLSX that unzips to more than the cap", () => {
  const header: Array<Array<[string, string]>> = [[["A1", "name"]], [["A2", "Pool"]]];
  const tooLarge = { ok: false, problem: XLSX_TOO_LARGE };

  it("is refused by the size its entries declare, before anything is unzipped", async () => {
    expect(XLSX_TOO_LARGE).toMatch(/50 MB/);
    const started = Date.now();
    for (const size of [XLSX_MAX_UNZIPPED_BYTES + 1, 0xffffffff]) {
      expect(await readSheet(new File([declaring(workbookZip(header), "xl/worksheets/sheet1.xml", size)], "declared.xlsx"))).toEqual(tooLarge);
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("is refused by the size it unzips to when its entries declare less (a zip bomb's forged sizes)", async () => {
    // a sheet of 60 MB of blanks: about 60 KB zipped, declared as 1 KB
    const bomb = declaring(workbookZip(header, { padding: 60 * 1024 * 1024 }), "xl/worksheets/sheet1.xml", 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await readSheet(new File([bomb], "bomb.xlsx"))).toEqual(tooLarge);
  });

  it("is refused when its parts together pass the cap, and read when they stay under it", async () => {
    const half = strToU8(`<sst>${" ".repeat(XLSX_MAX_UNZIPPED_BYTES / 2)}</sst>`);
    expect(await readSheet(new File([workbookZip(header, { padding: XLSX_MAX_UNZIPPED_BYTES / 2, parts: { "xl/sharedStrings.xml": half } })], "two-halves.xlsx"))).toEqual(tooLarge);
    const read = await readSheet(new File([workbookZip(header, { padding: XLSX_MAX_UNZIPPED_BYTES / 4, parts: { "xl/sharedStrings.xml": half } })], "under.xlsx"));
    expect(read).toEqual({ ok: true, sheet: { header: ["name"], records: [{ name: "Pool" }], lines: [2] } });
  });
});

describe("an uploaded CSV", () => {
  it("is parsed a step of rows at a time, others' requests let in between: 20,000 rows in one go held Node's one thread 1.6 s", async () => {
    const csv = ["projectName,loanAmount", ...Array.from({ length: 5_000 }, (_, i) => `"Pool ${i}, A","${i},000"`)].join("\r\n");
    const { result, turns } = await turnsDuring(() => readSheet(new File([csv], "big.csv", { type: "text/csv" }), { columns: ["projectName", "loanAmount"] }));
    expect(result.ok && result.sheet.records.length).toBe(5_000);
    expect(result.ok && result.sheet.records[4_999]).toEqual({ projectName: "Pool 4999, A", loanAmount: "4999,000" });
    expect(result.ok && result.sheet.lines.at(-1)).toBe(5_001);
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it("is read as Windows-1252 when it is not UTF-8, as Excel on Windows saves it", async () => {
    const csv = "projectName,location\nSoci\u00e9t\u00e9 G\u00e9n\u00e9rale,Montr\u00e9al\n";
    const read = await readSheet(new File([new Uint8Array([...csv].map((c) => c.charCodeAt(0)))], "listings.csv"));
    expect(read).toMatchObject({ ok: true, sheet: { records: [{ projectName: "Soci\u00e9t\u00e9 G\u00e9n\u00e9rale", location: "Montr\u00e9al" }] } });
    // and UTF-8 as UTF-8
    expect(await readSheet(new File([csv], "listings.csv"))).toMatchObject({ ok: true, sheet: { records: [{ location: "Montr\u00e9al" }] } });
  });

  it("separated by semicolons, or an old XLS renamed .csv, is told so rather than read as one column", async () => {
    const columns = ["projectName", "location"];
    expect(await readSheet(new File(["projectName;location\nPool;Ohio\n"], "listings.csv"), { columns })).toEqual({
      ok: false,
      problem: "Line 1: The file's columns are separated by semicolons: save it as CSV with commas.",
    });
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]);
    expect(await readSheet(new File([xls], "listings.csv"), { columns })).toEqual({ ok: false, problem: "This is not a CSV file: save it as CSV (comma-separated) and upload it again." });
  });
});
