import { Inflate, strFromU8 } from "fflate";
import { csvProblem, csvText, parseCsvRecordsInSteps } from "~/lib/csv-import";
import { nextTurn } from "./platform/next-turn";

/** `lines`: each record's row number as the spreadsheet shows it (an XLSX skips its empty rows); none for CSV. */
/**
 * A number cell as it was typed: Excel writes 17 significant digits ("12.599999999999999" for 12.6,
 * "1.5E+3"), which an amount's rule of cents refused; the shortest text of the same number is what
 * the sheet showed. Past what JavaScript writes without an exponent, the cell's text is kept.
 */
function numberText(v: string) {
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) && Math.abs(n) < 1e21 && (n === 0 || Math.abs(n) >= 1e-6) ? String(n) : v;
}

export type Sheet = { header: string[]; records: Array<Record<string, string>>; lines?: number[] };
export type SheetRead = { ok: true; sheet: Sheet } | { ok: false; problem: string };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const NOT_XLSX = "The file is not a valid XLSX workbook.";

/**
 * The most the parts of a workbook read here (the workbook, its sheet, its shared strings) may hold
 * unzipped, together: a few KB zipped can unzip to gigabytes, all of it in memory.
 */
export const XLSX_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const XLSX_TOO_LARGE = "The workbook is larger than 50 MB unzipped: split it into smaller files, or save it as CSV.";

/** A workbook past XLSX_MAX_UNZIPPED_BYTES, by what its entries declare or what they unzip to. */
class TooLarge extends Error {}

/**
 * The first sheet of an uploaded CSV or XLSX file as text records keyed by the header
 * row, so one row schema checks both. XLSX is unzipped with fflate, synchronously:
 * ExcelJS's reader hangs in workerd from the second request of an isolate on
 * (decision 028), and the cells of an upload need no more than the sheet's XML. A workbook
 * whose parts declare or unzip to more than XLSX_MAX_UNZIPPED_BYTES is refused (XLSX_TOO_LARGE).
 * A CSV that is no text, or whose header names none of `columns` for another separator, is told so (csvProblem).
 */
export async function readSheet(file: File, { columns = [] }: { columns?: readonly string[] } = {}): Promise<SheetRead> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const zipped = XLSX_MAGIC.every((b, i) => bytes[i] === b);
  if (!zipped) {
    if (/\.xlsx$/i.test(file.name)) return { ok: false, problem: NOT_XLSX };
    const text = csvText(bytes);
    const problem = columns.length ? csvProblem(text, columns) : null;
    if (problem) return { ok: false, problem: problem.line > 0 ? `Line ${problem.line}: ${problem.reason}` : problem.reason };
    // a step of rows at a time: parsed in one go, 20,000 rows held Node's one thread 1.6 s, every request waiting.
    // A turn first: the text was decoded and its header looked at whole just now (20,000 rows: 10-15 ms)
    await nextTurn();
    const parsed = await parseCsvRecordsInSteps(text, nextTurn);
    return parsed.ok ? { ok: true, sheet: parsed } : { ok: false, problem: parsed.problem };
  }
  let rows: Array<{ line: number; values: string[] }>;
  try {
    rows = await xlsxRows(bytes);
  } catch (error) {
    return { ok: false, problem: error instanceof TooLarge ? XLSX_TOO_LARGE : NOT_XLSX };
  }
  const header = (rows.shift()?.values ?? []).map((name) => name.trim());
  // keyed by the header a step of rows at a time, as they were read: 20,000 at once held the thread in one go
  const records: Record<string, string>[] = [];
  for (const { values } of rows) {
    if (records.length > 0 && records.length % ROWS_A_TURN === 0) await nextTurn();
    records.push(Object.fromEntries(header.map((name, i) => [name, (values[i] ?? "").trim()])));
  }
  return { ok: true, sheet: { header, records, lines: rows.map((r) => r.line) } };
}

const decode = (xml: string) =>
  xml.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[e.toLowerCase()]!,
  );
/** The text of an <si> or <is>: its <t> runs (rich text has several), without phonetic runs. */
const textOf = (xml: string) => [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => decode(m[1]!)).join("");

/** The first worksheet's rows of text and their numbers: shared strings resolved, each cell placed by its reference. */
async function xlsxRows(bytes: Uint8Array): Promise<Array<{ line: number; values: string[] }>> {
  const zip = new Zip(bytes);
  const files: Record<string, Promise<Uint8Array | undefined> | undefined> = {};
  const read = (name: string) => (files[name] ??= zip.read(name));
  // what each part read declares, before any is unzipped
  const sheets = zip.names().filter((name) => name.startsWith("xl/worksheets/"));
  const declared = ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/styles.xml"].reduce((sum, name) => sum + zip.declaredSize(name), 0);
  if (declared + Math.max(0, ...sheets.map((name) => zip.declaredSize(name))) > XLSX_MAX_UNZIPPED_BYTES) throw new TooLarge();
  const workbook = strFromU8((await read("xl/workbook.xml")) ?? err("no workbook"));
  const firstId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = strFromU8((await read("xl/_rels/workbook.xml.rels")) ?? new Uint8Array());
  const target = firstId ? new RegExp(`<Relationship\\b[^>]*Id="${firstId}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${firstId}"`).exec(rels)?.[1] : undefined;
  const path = target ? `xl/${target.replace(/^\/?xl\//, "").replace(/^\//, "")}` : "xl/worksheets/sheet1.xml";
  const sheet = (path.startsWith("xl/worksheets/") ? await read(path) : undefined) ?? (await read("xl/worksheets/sheet1.xml"));
  if (!sheet) throw new Error("no sheet");
  const sharedXml = await read("xl/sharedStrings.xml");
  // a string a cell, 20,000 rows' worth read at once held the thread as long as the rows' other work: turns between
  const shared: string[] = [];
  if (sharedXml) {
    for (const m of (await textInSteps(sharedXml)).matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)) {
      if (shared.length > 0 && shared.length % STRINGS_A_TURN === 0) await nextTurn();
      shared.push(textOf(m[1]!));
    }
  }
  const stylesXml = await read("xl/styles.xml");
  const percentStyles = stylesXml ? percentStylesOf(strFromU8(stylesXml)) : new Set<number>();
  const dateStyles = stylesXml ? dateStylesOf(strFromU8(stylesXml)) : new Set<number>();
  // a workbook begun on an old Mac counts its days from 1904
  const from1904 = /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(workbook);
  const rows: Array<{ line: number; values: string[] }> = [];
  let line = 0;
  let rowsRead = 0;
  for (const row of (await textInSteps(sheet)).matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    // 10,000 rows are half a second of Node's one thread: other requests get turns between
    if (++rowsRead % ROWS_A_TURN === 0) await nextTurn();
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
        type === "s"
          ? (shared[Number(v)] ?? "")
          : type === "inlineStr"
            ? textOf(body)
            : type === "b"
              ? (v === "1" ? "TRUE" : "FALSE")
              : v === undefined
                ? ""
                : type === undefined || type === "n"
                  ? numberCellText(decode(v), Number(/\bs="(\d+)"/.exec(attributes)?.[1]), { percentStyles, dateStyles, from1904 })
                  : decode(v);
    }
    const filled = Array.from(values, (v) => v ?? "");
    if (filled.some((v) => v.trim() !== "")) rows.push({ line, values: filled });
  }
  return rows;
}

/** A number cell as the sheet shows it: a percentage with its sign, a date as YYYY-MM-DD, another number as typed. */
function numberCellText(v: string, style: number, { percentStyles, dateStyles, from1904 }: { percentStyles: Set<number>; dateStyles: Set<number>; from1904: boolean }) {
  if (percentStyles.has(style)) return percentText(v);
  if (dateStyles.has(style)) return dayText(v, from1904);
  return numberText(v);
}

/** Excel's own date formats (m/d/yyyy, d-mmm-yy, d-mmm, mmm-yy, m/d/yy h:mm and the East Asian ones), by number alone. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);

/**
 * The cell styles whose number format is a date: the built-in ones, or a format of the workbook's own naming
 * a day or a year outside quoted text, escapes and [colour] or [$-locale] sections ("yyyy-mm-dd", "mmm d, yyyy").
 */
function dateStylesOf(styles: string) {
  const dateFormats = new Set(BUILT_IN_DATE_FORMATS);
  for (const m of styles.matchAll(/<numFmt\b[^>]*>/g)) {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(m[0])?.[1]);
    const code = decode(/\bformatCode="([^"]*)"/.exec(m[0])?.[1] ?? "").replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "");
    if (/[dy]/i.test(code)) dateFormats.add(id);
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "";
  const dates = new Set<number>();
  [...xfs.matchAll(/<xf\b[^>]*>/g)].forEach((xf, index) => {
    if (dateFormats.has(Number(/\bnumFmtId="(\d+)"/.exec(xf[0])?.[1]))) dates.add(index);
  });
  return dates;
}

const DAY_MS = 86_400_000;
/**
 * A date cell as the day the sheet shows (its time of day left out): Excel keeps 2031-06-30 as 47299, days
 * since 1900 (or 1904), which a date column refused. Day 60 is Excel's 29 February 1900, no day: kept as a number.
 */
function dayText(v: string, from1904: boolean) {
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 1 || n >= 2_958_466) return numberText(v);
  const day = Math.floor(n);
  if (!from1904 && day === 60) return numberText(v);
  const epoch = from1904 ? Date.UTC(1904, 0, 1) : day < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return new Date(epoch + day * DAY_MS).toISOString().slice(0, 10);
}

/** Excel's own percent formats (0% and 0.00%), which styles.xml names by number alone. */
const BUILT_IN_PERCENT_FORMATS = new Set([9, 10]);

/**
 * The cell styles (their index in cellXfs, a cell's `s`) whose number format is a percentage: the built-in
 * ones, or a format of the workbook's own with a % that is no quoted or escaped text ("0.000%", not "0\%").
 */
function percentStylesOf(styles: string) {
  const percentFormats = new Set(BUILT_IN_PERCENT_FORMATS);
  for (const m of styles.matchAll(/<numFmt\b[^>]*>/g)) {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(m[0])?.[1]);
    const code = decode(/\bformatCode="([^"]*)"/.exec(m[0])?.[1] ?? "").replace(/"[^"]*"|\\./g, "");
    if (code.includes("%")) percentFormats.add(id);
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "";
  const percent = new Set<number>();
  [...xfs.matchAll(/<xf\b[^>]*>/g)].forEach((xf, index) => {
    if (percentFormats.has(Number(/\bnumFmtId="(\d+)"/.exec(xf[0])?.[1]))) percent.add(index);
  });
  return percent;
}

/**
 * A number cell formatted as a percentage, as the sheet shows it: Excel keeps 5.25% as 0.0525, which a rate's
 * column read as 0.0525 %. Written with its sign, as Excel's own CSV writes it, so only a percentage's field takes it.
 */
function percentText(v: string) {
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) ? `${numberText(String(Number((n * 100).toPrecision(15))))}%` : v;
}

/** Rows read between two turns given to other requests. */
const ROWS_A_TURN = 500;
/** Shared strings read between two turns. */
const STRINGS_A_TURN = 2000;
/** Bytes of a part's XML decoded between two turns: a 20,000-row sheet is some 15 MB of text. */
const TEXT_STEP = 1 << 20;

/** An unzipped part's UTF-8 as text, a step at a time with turns between (a character split between two steps is whole once joined). */
async function textInSteps(bytes: Uint8Array) {
  if (bytes.length <= TEXT_STEP) return strFromU8(bytes);
  const decoder = new TextDecoder();
  let text = "";
  for (let at = 0; at < bytes.length; at += TEXT_STEP) {
    if (at > 0) await nextTurn();
    text += decoder.decode(bytes.subarray(at, at + TEXT_STEP), { stream: at + TEXT_STEP < bytes.length });
  }
  return text;
}

/** Excel's columns end at XFD. */
const MAX_COLUMNS = 16_384;

function columnIndex(letters: string | undefined) {
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const err = (message: string): never => {
  throw new Error(message);
};

/** Compressed bytes inflated at a time: one step unzips to at most about a thousand times as much (deflate's best). */
const INFLATE_STEP = 8 * 1024;
const STEPS_A_TURN = 8;

type ZipEntry = { method: number; compressedSize: number; size: number; localOffset: number };

/**
 * The entries of a zip, read from its central directory, each unzipped on demand within one budget of
 * XLSX_MAX_UNZIPPED_BYTES for the whole file: an entry that declares more than is left, or unzips to
 * more (its sizes forged), throws TooLarge, having held no more than the budget and a step's output.
 * Plain JavaScript over fflate's streaming inflate, as on Workers as on Node.
 */
class Zip {
  private readonly view: DataView;
  private readonly entries = new Map<string, ZipEntry>();
  private left = XLSX_MAX_UNZIPPED_BYTES;

  constructor(private readonly bytes: Uint8Array) {
    const view = (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    // the end of the central directory: its 22 bytes, after which a comment of up to 65,535
    let end = bytes.length - 22;
    const first = Math.max(0, end - 0xffff);
    while (end >= first && view.getUint32(end, true) !== 0x06054b50) end--;
    if (end < first) err("no central directory");
    let at = view.getUint32(end + 16, true);
    for (let i = view.getUint16(end + 10, true); i > 0; i--) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) err("bad central directory");
      const nameLength = view.getUint16(at + 28, true);
      const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength));
      this.entries.set(name, {
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        // a ZIP64 entry (4 GB or more) says 0xffffffff here: past the cap either way
        size: view.getUint32(at + 24, true),
        localOffset: view.getUint32(at + 42, true),
      });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
  }

  names() {
    return [...this.entries.keys()];
  }

  /** What the entry says it unzips to; 0 when there is no such entry. */
  declaredSize(name: string) {
    return this.entries.get(name)?.size ?? 0;
  }

  /** The entry unzipped (undefined when there is none), counted against the budget. */
  async read(name: string): Promise<Uint8Array | undefined> {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.size > this.left) throw new TooLarge();
    const { view, bytes } = this;
    const local = entry.localOffset;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) err("bad local header");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) err("truncated entry");
    if (entry.method === 0) return this.take([data.slice()]);
    if (entry.method !== 8) err(`compression ${entry.method}`);
    const chunks: Uint8Array[] = [];
    let total = 0;
    const inflate = new Inflate((chunk) => {
      total += chunk.length;
      if (total > this.left) throw new TooLarge();
      chunks.push(chunk);
    });
    for (let i = 0; i < data.length || i === 0; i += INFLATE_STEP) {
      // a sheet of 10,000 rows unzips in a tenth of a second or more: other requests get turns between
      if (i > 0 && i % (INFLATE_STEP * STEPS_A_TURN) === 0) await nextTurn();
      inflate.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
    }
    return this.take(chunks);
  }

  private take(chunks: Uint8Array[]) {
    const size = chunks.reduce((sum, c) => sum + c.length, 0);
    if (size > this.left) throw new TooLarge();
    this.left -= size;
    if (chunks.length === 1) return chunks[0]!;
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}
