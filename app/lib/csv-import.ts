// the browser build carries its own Buffer: the Workers runtime (no nodejs_compat) has none
import { parse } from "csv-parse/browser/esm/sync";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

export type CsvLineError = { line: number; reason: string };
/** `more`: the bad lines past the first CSV_IMPORT_MAX_ERRORS, counted but not named. */
export type CsvImport<Row> = { ok: true; rows: Row[] } | { ok: false; errors: CsvLineError[]; more?: number };

export const CSV_IMPORT_MAX_ERRORS = 50;

/** A file's text as the parser reads it: without a byte-order mark, every line ending a line feed. */
const normalized = (text: string) => text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");

/**
 * Where and why a file is not CSV, by its line as a spreadsheet numbers them: a quote never closed is named on the
 * line it opens (the parser names the file's last line: "Line 1: not valid CSV" was said of a quote opened on line 2),
 * a stray quote where it stands.
 */
export function csvErrorOf(text: string, error: unknown): CsvLineError {
  const { code, lines = 1 } = (error ?? {}) as { code?: string; lines?: number };
  if (code === "CSV_QUOTE_NOT_CLOSED") return { line: openingQuoteLine(normalized(text)), reason: "A quote opened on this line is never closed." };
  if (code === "INVALID_OPENING_QUOTE" || code === "CSV_INVALID_CLOSING_QUOTE") {
    return { line: lines, reason: 'A quote inside a cell must be doubled (""), with the whole cell in quotes.' };
  }
  return { line: lines, reason: "The file is not valid CSV." };
}

export const NOT_CSV = "This is not a CSV file: save it as CSV (comma-separated) and upload it again.";

/** Windows-1252's characters for the bytes 0x80 to 0x9F; from 0xA0 on, a byte is the Latin-1 character of its own code. */
const CP1252_80_9F = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * UTF-16 text after its byte-order mark, in the order the mark says: Excel's "Unicode text" (a lone last byte is
 * dropped). Decoded here for the same reason as Windows-1252: TextDecoder's "utf-16be" is not sure to be known.
 */
function utf16Text(bytes: Uint8Array, littleEndian: boolean) {
  const units = (bytes.length - 2) >> 1;
  let text = "";
  // a step at a time, as below; a pair split between two steps is whole again once joined
  for (let at = 0; at < units; at += 8192) {
    const codes = Array.from({ length: Math.min(units, at + 8192) - at }, (_, i) => {
      const first = bytes[2 + 2 * (at + i)]!;
      const second = bytes[3 + 2 * (at + i)]!;
      return littleEndian ? first | (second << 8) : (first << 8) | second;
    });
    text += String.fromCharCode(...codes);
  }
  return text;
}

/**
 * An uploaded CSV's text: UTF-16 when a byte-order mark says so (read as single bytes, its NULs made every such
 * file "not a CSV file"), UTF-8 when its bytes are (a byte-order mark or not), else Windows-1252, what Excel on
 * Windows saves as "CSV": read as UTF-8, each accented letter became U+FFFD ("Société" was imported with two).
 * Decoded here, not by TextDecoder("windows-1252"): the Workers runtime's TextDecoder is not sure to know the label.
 */
export function csvText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16Text(bytes, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16Text(bytes, false);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    let text = "";
    // a step at a time: one spread of a whole file's codes overflows the call stack
    for (let at = 0; at < bytes.length; at += 8192) {
      const codes = Array.from(bytes.subarray(at, at + 8192), (b) => (b >= 0x80 && b < 0xa0 ? CP1252_80_9F.charCodeAt(b - 0x80) : b));
      text += String.fromCharCode(...codes);
    }
    return text;
  }
}

/** An uploaded CSV file's text, as csvText reads its bytes. */
export const csvFileText = async (file: Blob) => csvText(new Uint8Array(await file.arrayBuffer()));

/**
 * A file that is not text at all: a NUL never stands in a CSV, and a ZIP's signature ("PK") opens an
 * XLSX workbook renamed .csv (its bytes decoded as text, as csvText gives them). Either was read as
 * one odd column and answered "Missing column", which sends the admin looking for a typo.
 */
const notText = (text: string) => text.includes("\0") || text.startsWith("PK\u0003\u0004");

const SEPARATORS = [
  { char: ";", name: "semicolons" },
  { char: "\t", name: "tabs" },
] as const;

/**
 * A file saved with another separator (Excel saves "CSV" with semicolons where the comma is the decimal
 * mark; "Text" with tabs): its header is one cell holding every name, so none of the expected columns is
 * found. Read from the first line as written, before the parser, which may fail on such a file's quotes.
 */
function separatorProblem(text: string, columns: readonly string[]): CsvLineError | null {
  const first = text.split("\n").find((line) => line.trim() !== "") ?? "";
  // as loosely as any reader matches its header (the loan tape's ignores case)
  const cells = first.split(",").map((cell) => cell.trim().replace(/^"(.*)"$/, "$1").toLowerCase());
  if (columns.some((column) => cells.includes(column.toLowerCase()))) return null;
  const count = (char: string) => first.split(char).length - 1;
  const [most] = [...SEPARATORS].sort((a, b) => count(b.char) - count(a.char));
  return most && count(most.char) > 0 ? { line: 1, reason: `The file's columns are separated by ${most.name}: save it as CSV with commas.` } : null;
}

/**
 * Why a file is no comma-separated text with these columns (line 0: it is not text at all), checked before any
 * reader looks for its columns; null when it is.
 */
export function csvProblem(text: string, columns: readonly string[]): CsvLineError | null {
  if (notText(text)) return { line: 0, reason: NOT_CSV };
  return separatorProblem(normalized(text), columns);
}

/** The line of the last quote opened: where a quote never closed starts. */
function openingQuoteLine(text: string) {
  let line = 1;
  let opened = 1;
  let quoted = false;
  for (const char of text) {
    if (char === "\n") line++;
    else if (char === '"' && (quoted = !quoted)) opened = line;
  }
  return opened;
}

/**
 * A CSV whose first line names the columns, as text records keyed by them (the bulk uploads check them with their own schema),
 * and each record's row as a spreadsheet shows the file: blank lines are rows, a quoted cell over several lines is one.
 */
export function parseCsvRecords(text: string): { ok: true; header: string[]; records: Record<string, string>[]; lines: number[] } | { ok: false; problem: string } {
  let header: string[] = [];
  try {
    const read: Array<{ record: Record<string, string>; info: { empty_lines: number } }> = parse(normalized(text), {
      columns: (names: string[]) => (header = names.map((name) => name.trim())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    });
    // the header is row 1 (after any blank lines), each record the next row, past the blank lines skipped so far
    return { ok: true, header, records: read.map((r) => r.record), lines: read.map((r, i) => i + 2 + r.info.empty_lines) };
  } catch (error) {
    const { line, reason } = csvErrorOf(text, error);
    return { ok: false, problem: `Line ${line}: ${reason}` };
  }
}

/**
 * Records parsed between two turns given to other requests (csv-parse reads 20,000 rows in 1.6 s otherwise held).
 * A hundred of the listing upload's rows are 5-10 ms of parsing: a step of 1,000 held the thread 100-150 ms at a
 * time (more on a busy machine), and the steps cost no more in all (20,000 rows: 1.1 s in steps of 1,000, 1.0 s of 50).
 */
const RECORDS_A_STEP = 100;

/**
 * parseCsvRecords, a step of records at a time with `turn` between steps: the file is cut only between two
 * lines that both hold text (where no quote is open), so every step is whole CSV, its blank lines counted
 * within it, and the rows keep their numbers. A file a step finds wrong is read again whole, for the
 * parser's own answer and line.
 */
export async function parseCsvRecordsInSteps(text: string, turn: () => Promise<void>, step = RECORDS_A_STEP): Promise<ReturnType<typeof parseCsvRecords>> {
  const csv = normalized(text);
  const cuts = recordCuts(csv, step);
  if (!cuts.length) return parseCsvRecords(text);
  let header: string[] = [];
  const records: Record<string, string>[] = [];
  const lines: number[] = [];
  let start = 0;
  let emptyBefore = 0;
  try {
    for (const end of [...cuts, csv.length]) {
      // the first too: the file's text was scanned whole for its cuts (20,000 rows: 15-20 ms) just before
      await turn();
      const read: Array<{ record: Record<string, string>; info: { empty_lines: number } }> = parse(csv.slice(start, end), {
        columns: start === 0 ? (names: string[]) => (header = names.map((name) => name.trim())) : header,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
        info: true,
      });
      const before = records.length;
      read.forEach((r, i) => {
        records.push(r.record);
        lines.push(before + i + 2 + emptyBefore + r.info.empty_lines);
      });
      emptyBefore += read.at(-1)?.info.empty_lines ?? 0;
      start = end;
    }
  } catch {
    return parseCsvRecords(text);
  }
  return { ok: true, header, records, lines };
}

/** Where a normalized CSV may be cut, about every `step` lines: after a line end outside quotes, between two lines ending and starting with text. */
function recordCuts(csv: string, step: number) {
  const cuts: number[] = [];
  const text = (at: number) => at >= 0 && at < csv.length && !/\s/.test(csv[at]!);
  let quoted = false;
  let since = 0;
  for (let at = 0; at < csv.length; at++) {
    const c = csv.charCodeAt(at);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted && ++since >= step && text(at - 1) && text(at + 1)) {
      cuts.push(at + 1);
      since = 0;
    }
  }
  return cuts;
}

/**
 * A CSV file as a table of cells, the header line first, for readers that check
 * whole rows themselves (the loan tape, potential customers), or where and why it is not CSV:
 * not text, or separated otherwise than by commas (csvProblem, for a header that names none of `columns`).
 */
export function readCsvTable(text: string, columns: readonly string[]): string[][] | CsvLineError {
  const problem = csvProblem(text, columns);
  if (problem) return problem;
  try {
    return parse(normalized(text), { relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    return csvErrorOf(text, error);
  }
}

/**
 * readCsvTable, a step of lines at a time with `turn` between steps (a 10,000-loan tape, read whole, held Node's one
 * thread a third of a second and more): cut where parseCsvRecordsInSteps cuts, so every step is whole CSV and the
 * rows come out as one read gives them. A file a step finds wrong is read again whole, for the parser's own answer.
 */
export async function readCsvTableInSteps(text: string, columns: readonly string[], turn: () => Promise<void>, step = RECORDS_A_STEP): Promise<string[][] | CsvLineError> {
  const problem = csvProblem(text, columns);
  if (problem) return problem;
  const csv = normalized(text);
  const cuts = recordCuts(csv, step);
  if (!cuts.length) return readCsvTable(text, columns);
  const table: string[][] = [];
  let start = 0;
  try {
    for (const end of [...cuts, csv.length]) {
      if (start > 0) await turn();
      const read: string[][] = parse(csv.slice(start, end), { relax_column_count: true, skip_empty_lines: false });
      for (const row of read) table.push(row);
      start = end;
    }
  } catch {
    return readCsvTable(text, columns);
  }
  return table;
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
  options: {
    columns: readonly string[];
    maxRows?: number;
    /** What makes a row the table's one: two lines with the same are refused (the last one silently won). */
    key?: { of: (row: output<Schema>) => string; label: string };
  },
): CsvImport<output<Schema>> {
  const problem = csvProblem(text, options.columns);
  if (problem) return { ok: false, errors: [problem] };
  let records: Record<string, string>[];
  let header: string[] = [];
  try {
    // spreadsheets save with a byte-order mark and either line ending, sometimes both
    records = parse(normalized(text), {
      columns: (names: string[]) => (header = names.map((name) => name.trim())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    return { ok: false, errors: [csvErrorOf(text, error)] };
  }
  const missing = options.columns.filter((column) => !header.includes(column));
  if (missing.length > 0) return { ok: false, errors: [{ line: 1, reason: `Missing column: ${missing.join(", ")}.` }] };
  if (records.length === 0) return { ok: false, errors: [{ line: 2, reason: "The file has no rows." }] };
  if (options.maxRows && records.length > options.maxRows) {
    return { ok: false, errors: [{ line: options.maxRows + 2, reason: `At most ${options.maxRows} rows per file.` }] };
  }
  const rows: output<Schema>[] = [];
  const errors: CsvLineError[] = [];
  const lineOfKey = new Map<string, number>();
  // counted past the named ones: "50 problems" was said of a file with thousands of bad lines
  let more = 0;
  records.forEach((record, index) => {
    const parsed = safeParse(rowSchema, record);
    const key = parsed.success && options.key ? options.key.of(parsed.data) : null;
    const earlier = key === null ? undefined : lineOfKey.get(key);
    if (key !== null && earlier === undefined) lineOfKey.set(key, index + 2);
    if (parsed.success && earlier === undefined) rows.push(parsed.data);
    else if (parsed.success) {
      if (errors.length < CSV_IMPORT_MAX_ERRORS) errors.push({ line: index + 2, reason: `The same ${options.key!.label} as line ${earlier}.` });
    } else if (errors.length < CSV_IMPORT_MAX_ERRORS) {
      const issue = parsed.error.issues[0];
      const column = issue?.path[0];
      errors.push({ line: index + 2, reason: `${column ? `${String(column)}: ` : ""}${issue?.message ?? "Invalid value."}` });
    } else more++;
  });
  return errors.length > 0 ? { ok: false, errors, ...(more > 0 ? { more } : {}) } : { ok: true, rows };
}
