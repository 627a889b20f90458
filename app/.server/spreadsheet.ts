import ExcelJS from "exceljs";
import { parseCsvRecords } from "~/lib/csv-import";

export type Sheet = { header: string[]; records: Array<Record<string, string>> };
export type SheetRead = { ok: true; sheet: Sheet } | { ok: false; problem: string };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The first sheet of an uploaded CSV or XLSX file as text records keyed by the header
 * row, so one row schema checks both. ExcelJS reads on Node and in workerd alike
 * (its browser build, which wrangler bundles); writing hangs in workerd, so the XLSX
 * templates are files built ahead (scripts/upload-templates.ts).
 */
export async function readSheet(file: File): Promise<SheetRead> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const zipped = XLSX_MAGIC.every((b, i) => bytes[i] === b);
  if (!zipped) {
    if (/\.xlsx?$/i.test(file.name)) return { ok: false, problem: "The file is not a valid XLSX workbook." };
    const parsed = parseCsvRecords(new TextDecoder().decode(bytes));
    return parsed.ok ? { ok: true, sheet: parsed } : { ok: false, problem: parsed.problem };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  } catch {
    return { ok: false, problem: "The file is not a valid XLSX workbook." };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, problem: "The workbook has no sheet." };
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) values.push(cellText(row.getCell(column).value));
    if (values.some((v) => v !== "")) rows.push(values);
  });
  const header = (rows.shift() ?? []).map((name) => name.trim());
  const records = rows.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i] ?? ""])));
  return { ok: true, sheet: { header, records } };
}

/** A cell as the person typed it: a date as YYYY-MM-DD, a formula as its result, rich text as its text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("").trim();
    if ("text" in value) return String(value.text).trim();
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
    return "";
  }
  return String(value).trim();
}
