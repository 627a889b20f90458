import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CSV_IMPORT_MAX_ERRORS, NOT_CSV, csvText, importCsv, parseCsvRecords, parseCsvRecordsInSteps, readCsvTable, readCsvTableInSteps } from "./csv-import";

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

  it("counts the bad lines past the ones it names, so the refusal says how many there are", () => {
    const result = importCsv(`tenorMonths,rate\n${"0,1\n".repeat(CSV_IMPORT_MAX_ERRORS + 10)}`, row, { columns });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(CSV_IMPORT_MAX_ERRORS);
    expect(result.more).toBe(10);
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

describe("a file that is not CSV", () => {
  it("names a quote never closed on the line it opens, and a stray quote where it stands", () => {
    expect(readCsvTable('name,email\n"Ada,a@x.test\nBob,b@x.test\nCy,c@x.test\n', ["name", "email"])).toEqual({ line: 2, reason: "A quote opened on this line is never closed." });
    expect(readCsvTable('name,email\r\nAda,a@x.test\r\nBo"b,b@x.test\r\n', ["name", "email"])).toEqual({ line: 3, reason: 'A quote inside a cell must be doubled (""), with the whole cell in quotes.' });
    expect(importCsv('tenorMonths,rate\n1,4.5\n"2,5\n', row, { columns })).toEqual({ ok: false, errors: [{ line: 3, reason: "A quote opened on this line is never closed." }] });
  });
});

describe("a file naming a row twice", () => {
  it("refuses the second line with the first's number, where the last one silently won", () => {
    const key = { of: (r: { tenorMonths: number }) => String(r.tenorMonths), label: "tenor" };
    expect(importCsv("tenorMonths,rate\n12,4.5\n24,4.7\n12,4.6\n", row, { columns, key })).toEqual({ ok: false, errors: [{ line: 4, reason: "The same tenor as line 2." }] });
    expect(importCsv("tenorMonths,rate\n12,4.5\n24,4.7\n", row, { columns, key })).toMatchObject({ ok: true, rows: [{ tenorMonths: 12 }, { tenorMonths: 24 }] });
  });
});

describe("a file that is not comma-separated text", () => {
  const rates = ["asOf", "tenorMonths", "rate"];

  it("says the columns are separated by semicolons or tabs, not that every column is missing", () => {
    const semicolons = { ok: false, errors: [{ line: 1, reason: "The file's columns are separated by semicolons: save it as CSV with commas." }] };
    expect(importCsv("asOf;tenorMonths;rate\n2026-01-01;12;4,5\n", row, { columns: rates })).toEqual(semicolons);
    // quoted cells, which the parser refuses read with commas, and a byte-order mark
    expect(importCsv('\uFEFF"asOf";"tenorMonths";"rate"\r\n"2026-01-01";"12";"4,5"\r\n', row, { columns: rates })).toEqual(semicolons);
    expect(importCsv("asOf\ttenorMonths\trate\n2026-01-01\t12\t4.5\n", row, { columns: rates })).toEqual({
      ok: false,
      errors: [{ line: 1, reason: "The file's columns are separated by tabs: save it as CSV with commas." }],
    });
    // a comma-separated header missing a column is still named for it, a semicolon in a name or not
    expect(importCsv("tenorMonths;x,rate\n1,2\n", row, { columns })).toEqual({ ok: false, errors: [{ line: 1, reason: "Missing column: tenorMonths." }] });
    expect(importCsv("tenor,rate\n1,2\n", row, { columns })).toEqual({ ok: false, errors: [{ line: 1, reason: "Missing column: tenorMonths." }] });
  });

  it("says a binary file or a workbook renamed .csv is not a CSV file", () => {
    const notCsv = { ok: false, errors: [{ line: 0, reason: "This is not a CSV file: save it as CSV (comma-separated) and upload it again." }] };
    const decoded = (bytes: number[]) => new TextDecoder().decode(new Uint8Array(bytes));
    // an XLSX's first bytes: a ZIP's local file header
    expect(importCsv(decoded([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x21, 0x00]), row, { columns })).toEqual(notCsv);
    // an old XLS (an OLE file), or any file with a NUL
    expect(importCsv(decoded([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]), row, { columns })).toEqual(notCsv);
    expect(importCsv("tenorMonths,rate\n1,4.5\u0000\n", row, { columns })).toEqual(notCsv);
    // a CSV that merely starts with the letters PK is text
    expect(importCsv("PK,tenorMonths,rate\nx,1,4.5\n", row, { columns })).toMatchObject({ ok: true });
  });
});

describe("an uploaded file's text", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);

  it("is UTF-8 when the file is, with or without a byte-order mark", () => {
    const text = "Soci\u00e9t\u00e9 \u20ac \u2019";
    expect(csvText(new TextEncoder().encode(text))).toBe(text);
    expect(csvText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
  });

  it("is Windows-1252, what Excel on Windows saves, when the file is not UTF-8", () => {
    // "Société" as Excel writes it: é is one byte, 0xE9, no UTF-8 sequence
    expect(csvText(bytes(0x53, 0x6f, 0x63, 0x69, 0xe9, 0x74, 0xe9))).toBe("Soci\u00e9t\u00e9");
    // the code page's own characters between 0x80 and 0x9F: euro, quotes, dashes, OE, trademark
    expect(csvText(bytes(0x80, 0x20, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x8c, 0x99, 0x9f, 0xff))).toBe("\u20ac \u2018\u2019\u201c\u201d\u2013\u2014\u0152\u2122\u0178\u00ff");
    // a file larger than one step of the decoding
    expect(csvText(new Uint8Array(20_000).fill(0xe9))).toBe("\u00e9".repeat(20_000));
  });

  it("is UTF-16 when its byte-order mark says so, either way round, and reads as CSV", () => {
    const text = "name,city\nSoci\u00e9t\u00e9 \u20ac,K\u00f8benhavn \u{1f3e6}\n";
    const units = Array.from(text, (c) => c).flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]));
    const little = bytes(0xff, 0xfe, ...units.flatMap((u) => [u & 0xff, u >> 8]));
    const big = bytes(0xfe, 0xff, ...units.flatMap((u) => [u >> 8, u & 0xff]));
    expect(csvText(little)).toBe(text);
    expect(csvText(big)).toBe(text);
    expect(readCsvTable(csvText(little), ["name", "city"])).toEqual([["name", "city"], ["Soci\u00e9t\u00e9 \u20ac", "K\u00f8benhavn \u{1f3e6}"]]);
    // a file larger than one step of the decoding, a character split between two steps whole again
    const long = "\u00e9".repeat(8191) + "\u{1f3e6}";
    const longUnits = Array.from(long).flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]));
    expect(csvText(bytes(0xff, 0xfe, ...longUnits.flatMap((u) => [u & 0xff, u >> 8])))).toBe(long);
  });

  it("goes through the readers' checks: a workbook renamed .csv is still not a CSV file", () => {
    const xlsx = csvText(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xe9, 0xff));
    expect(readCsvTable(xlsx, ["name"])).toEqual({ line: 0, reason: NOT_CSV });
    expect(readCsvTable("name;email\nAda;a@x.test\n", ["name", "email"])).toEqual({ line: 1, reason: "The file's columns are separated by semicolons: save it as CSV with commas." });
    // a header in capitals, as the loan tape takes it, is comma-separated text whatever else it holds
    expect(readCsvTable("LOAN_NUMBER,Balance;x\n1,2\n", ["loan_number", "balance"])).toEqual([["LOAN_NUMBER", "Balance;x"], ["1", "2"]]);
  });
});

describe("parseCsvRecordsInSteps", () => {
  const turnsOf = () => {
    let turns = 0;
    return { turn: async () => void turns++, turns: () => turns };
  };

  it("reads what parseCsvRecords reads, row numbers and all, a few records a step with a turn between", async () => {
    const text = [
      "\uFEFFname , amount",
      "",
      "One,1",
      '"Two, with a comma",2',
      "",
      "",
      '"Three\nover two lines",3',
      "Four,4",
      "   ",
      "Five,5",
      '"Six ""quoted""",6',
      "Seven,7",
      "",
    ].join("\r\n");
    const { turn, turns } = turnsOf();
    expect(await parseCsvRecordsInSteps(text, turn, 2)).toEqual(parseCsvRecords(text));
    expect(turns()).toBeGreaterThanOrEqual(2);
    const big = ["a,b", ...Array.from({ length: 5_000 }, (_, i) => `row ${i},${i}`)].join("\n");
    const steps = turnsOf();
    const read = await parseCsvRecordsInSteps(big, steps.turn);
    expect(read).toEqual(parseCsvRecords(big));
    // 20,000 rows parsed in one go held Node's one thread 1.6 s
    expect(steps.turns()).toBeGreaterThanOrEqual(4);
  });

  it("lets a timer set before it run every hundred or so records: a step of 1,000 held Node's one thread 100-150 ms", async () => {
    const text = ["name,amount,notes", ...Array.from({ length: 1_000 }, (_, i) => `Pool ${i},${i},"a note, with a comma"`)].join("\n");
    let fired = 0;
    const timer = setInterval(() => fired++, 0);
    try {
      const read = await parseCsvRecordsInSteps(text, () => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(read).toEqual(parseCsvRecords(text));
    } finally {
      clearInterval(timer);
    }
    expect(fired).toBeGreaterThanOrEqual(9);
  });

  it("gives a turn after scanning the whole file for where to cut it, before its first records are parsed", async () => {
    const text = ["name,amount", ...Array.from({ length: 250 }, (_, i) => `Pool ${i},${i}`)].join("\n");
    const { turn, turns } = turnsOf();
    expect(await parseCsvRecordsInSteps(text, turn, 100)).toEqual(parseCsvRecords(text));
    // three steps (100, 100 and 50 records), each after a turn
    expect(turns()).toBe(3);
  });

  it("answers a file that is not valid CSV as parseCsvRecords does, with its line", async () => {
    for (const text of ['a,b\n1,2\n3,4\n5,"6\n7,8\n9,10\n', 'a,b\n1,2\n3,4\n5,x"y\n7,8\n']) {
      expect(await parseCsvRecordsInSteps(text, async () => {}, 2)).toEqual(parseCsvRecords(text));
      expect((await parseCsvRecordsInSteps(text, async () => {}, 2)).ok).toBe(false);
    }
  });
});

describe("readCsvTableInSteps", () => {
  it("reads what readCsvTable reads, blank lines and cells over two lines included, with turns between steps", async () => {
    const text = ["\uFEFFloan_number,city", "", "A,One", '"B","Two\nlines"', "", "C,Three", "D,Four", "   ", "E,Five", "F,Six", ""].join("\r\n");
    let turns = 0;
    const turn = async () => void turns++;
    expect(await readCsvTableInSteps(text, ["loan_number"], turn, 2)).toEqual(readCsvTable(text, ["loan_number"]));
    expect(turns).toBeGreaterThanOrEqual(2);
    // a file that is not CSV is answered as readCsvTable answers it, with its line
    const broken = ["loan_number,city", ...Array.from({ length: 10 }, (_, i) => `L${i},x`), 'M,"never closed', "N,y"].join("\n");
    expect(await readCsvTableInSteps(broken, ["loan_number"], turn, 3)).toEqual(readCsvTable(broken, ["loan_number"]));
    expect(await readCsvTableInSteps("loan_number;city\nA;B\n", ["loan_number"], turn)).toEqual(readCsvTable("loan_number;city\nA;B\n", ["loan_number"]));
  });
});
