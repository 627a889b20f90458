import { strFromU8, unzipSync } from "fflate";
import { parseCsvRecords } from "~/lib/csv-import";

/** `lines`: each record's row number as the spreadsheet shows it (an XLSX skips its empty rows); none for CSV. */
export type Sheet = { header: string[]; records: Array<Record<string, string>>; lines?: number[] };
export type SheetRead = { ok: true; sheet: Sheet } | { ok: false; problem: string };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const NOT_XLSX = "The file is not a valid XLSX workbook.";

/**
 * The first sheet of an uploaded CSV or XLSX file as text records keyed by the header
 * row, so one row schema checks both. XLSX is unzipped with fflate, synchronously:
 * ExcelJS's reader hangs in workerd from the second request of an isolate on
 * (decision 028), and the cells of an upload need no more than the sheet's XML.
 */
export async function readSheet(file: File): Promise<SheetRead> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const zipped = XLSX_MAGIC.every((b, i) => bytes[i] === b);
  if (!zipped) {
    if (/\.xlsx$/i.test(file.name)) return { ok: false, problem: NOT_XLSX };
    const parsed = parseCsvRecords(new TextDecoder().decode(bytes));
    return parsed.ok ? { ok: true, sheet: parsed } : { ok: false, problem: parsed.problem };
  }
  let rows: Array<{ line: number; values: string[] }>;
  try {
    rows = xlsxRows(bytes);
  } catch {
    return { ok: false, problem: NOT_XLSX };
  }
  const header = (rows.shift()?.values ?? []).map((name) => name.trim());
  const records = rows.map(({ values }) => Object.fromEntries(header.map((name, i) => [name, (values[i] ?? "").trim()])));
  return { ok: true, sheet: { header, records, lines: rows.map((r) => r.line) } };
}

const decode = (xml: string) =>
  xml.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[e.toLowerCase()]!,
  );
/** The text of an <si> or <is>: its <t> runs (rich text has several), without phonetic runs. */
const textOf = (xml: string) => [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => decode(m[1]!)).join("");

/** The first worksheet's rows of text and their numbers: shared strings resolved, each cell placed by its reference. */
function xlsxRows(bytes: Uint8Array): Array<{ line: number; values: string[] }> {
  const files = unzipSync(bytes, { filter: (f) => f.name === "xl/workbook.xml" || f.name === "xl/_rels/workbook.xml.rels" || f.name === "xl/sharedStrings.xml" || f.name.startsWith("xl/worksheets/") });
  const workbook = strFromU8(files["xl/workbook.xml"]!);
  const firstId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = strFromU8(files["xl/_rels/workbook.xml.rels"] ?? new Uint8Array());
  const target = firstId ? new RegExp(`<Relationship\\b[^>]*Id="${firstId}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${firstId}"`).exec(rels)?.[1] : undefined;
  const path = target ? `xl/${target.replace(/^\/?xl\//, "").replace(/^\//, "")}` : "xl/worksheets/sheet1.xml";
  const sheet = files[path] ?? files["xl/worksheets/sheet1.xml"];
  if (!sheet) throw new Error("no sheet");
  const shared = files["xl/sharedStrings.xml"] ? [...strFromU8(files["xl/sharedStrings.xml"]).matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!)) : [];
  const rows: Array<{ line: number; values: string[] }> = [];
  let line = 0;
  for (const row of strFromU8(sheet).matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    // the row's number as the spreadsheet shows it: empty rows are left out of the file, or skipped below
    const numbered = Number(/\br="(\d+)"/.exec(row[1]!)?.[1]);
    line = Number.isSafeInteger(numbered) && numbered > line ? numbered : line + 1;
    const values: string[] = [];
    for (const cell of row[2]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const column = columnIndex(/\br="([A-Z]+)\d+"/.exec(attributes)?.[1]) ?? values.length;
      // a cell past Excel's last column is no workbook's: each row was filled out to it, millions of cells
      if (column >= MAX_COLUMNS) throw new Error(`cell past column XFD: ${column + 1}`);
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1];
      const body = cell[2] ?? "";
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      values[column] =
        type === "s" ? (shared[Number(v)] ?? "") : type === "inlineStr" ? textOf(body) : type === "b" ? (v === "1" ? "TRUE" : "FALSE") : v === undefined ? "" : decode(v);
    }
    const filled = Array.from(values, (v) => v ?? "");
    if (filled.some((v) => v.trim() !== "")) rows.push({ line, values: filled });
  }
  return rows;
}

/** Excel's columns end at XFD. */
const MAX_COLUMNS = 16_384;

function columnIndex(letters: string | undefined) {
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
