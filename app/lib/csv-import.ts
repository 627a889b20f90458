// the browser build carries its own Buffer: the Workers runtime (no nodejs_compat) has none
import { parse } from "csv-parse/browser/esm/sync";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

export type CsvLineError = { line: number; reason: string };
export type CsvImport<Row> = { ok: true; rows: Row[] } | { ok: false; errors: CsvLineError[] };

export const CSV_IMPORT_MAX_ERRORS = 50;

/**
 * A CSV whose first line names the columns, as text records keyed by them (the bulk uploads check them with their own schema),
 * and each record's row as a spreadsheet shows the file: blank lines are rows, a quoted cell over several lines is one.
 */
export function parseCsvRecords(text: string): { ok: true; header: string[]; records: Record<string, string>[]; lines: number[] } | { ok: false; problem: string } {
  let header: string[] = [];
  try {
    const read: Array<{ record: Record<string, string>; info: { empty_lines: number } }> = parse(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"), {
      columns: (names: string[]) => (header = names.map((name) => name.trim())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    });
    // the header is row 1 (after any blank lines), each record the next row, past the blank lines skipped so far
    return { ok: true, header, records: read.map((r) => r.record), lines: read.map((r, i) => i + 2 + r.info.empty_lines) };
  } catch (error) {
    return { ok: false, problem: `Line ${(error as { lines?: number }).lines ?? 1}: the file is not valid CSV.` };
  }
}

/**
 * A CSV file as a table of cells, the header line first, for readers that check
 * whole rows themselves (the loan tape, potential customers). Null: not CSV at all.
 */
export function readCsvTable(text: string): string[][] | null {
  try {
    return parse(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"), { relax_column_count: true, skip_empty_lines: false });
  } catch {
    return null;
  }
}

/**
 * Reads an uploaded CSV whose first line names the columns, and checks every line
 * against one row schema. All or nothing: one bad line fails the import, and each
 * bad line is reported with its number as the person sees it in a spreadsheet
 * (the header is line 1), so that the file can be fixed in one pass.
 */
export function importCsv<Schema extends $ZodType>(
  text: string,
  rowSchema: Schema,
  options: { columns: readonly string[]; maxRows?: number },
): CsvImport<output<Schema>> {
  let records: Record<string, string>[];
  let header: string[] = [];
  try {
    // spreadsheets save with a byte-order mark and either line ending, sometimes both
    records = parse(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"), {
      columns: (names: string[]) => (header = names.map((name) => name.trim())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, errors: [{ line, reason: "The file is not valid CSV." }] };
  }
  const missing = options.columns.filter((column) => !header.includes(column));
  if (missing.length > 0) return { ok: false, errors: [{ line: 1, reason: `Missing column: ${missing.join(", ")}.` }] };
  if (records.length === 0) return { ok: false, errors: [{ line: 2, reason: "The file has no rows." }] };
  if (options.maxRows && records.length > options.maxRows) {
    return { ok: false, errors: [{ line: options.maxRows + 2, reason: `At most ${options.maxRows} rows per file.` }] };
  }
  const rows: output<Schema>[] = [];
  const errors: CsvLineError[] = [];
  records.forEach((record, index) => {
    const parsed = safeParse(rowSchema, record);
    if (parsed.success) rows.push(parsed.data);
    else if (errors.length < CSV_IMPORT_MAX_ERRORS) {
      const issue = parsed.error.issues[0];
      const column = issue?.path[0];
      errors.push({ line: index + 2, reason: `${column ? `${String(column)}: ` : ""}${issue?.message ?? "Invalid value."}` });
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
