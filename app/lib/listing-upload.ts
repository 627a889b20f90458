import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import type { ProjectKind } from "./project-kinds";
import { basicsSchema, detailsSchemas, termsSchema, type ProjectOptions } from "./schemas/project";

/** The two bulk uploads of spec §2's admin section, by the last segment of their path. */
export const UPLOADS = {
  "individual-listings": { kind: "loan_pool", title: "Individual listings", noun: "loan listings" },
  "real-estates": { kind: "real_estate", title: "Real estates", noun: "real-estate listings" },
} as const satisfies Record<string, { kind: ProjectKind; title: string; noun: string }>;
export type UploadPath = keyof typeof UPLOADS;
export const isUploadPath = (value: string): value is UploadPath => Object.hasOwn(UPLOADS, value);
export const uploadPathOf = (kind: ProjectKind) => (Object.keys(UPLOADS) as UploadPath[]).find((path) => UPLOADS[path].kind === kind);


/** A file of up to this many rows is one job; 10,000 import in well under a minute (npm run bench:import). */
export const UPLOAD_MAX_ROWS = 20_000;
/** The dry run lists this many bad rows (each with all its problems) and counts the rest. */
export const UPLOAD_SHOWN_ROW_ERRORS = 100;

/**
 * One row of an upload: every field of the listing form's three steps for the kind,
 * checked by the very schemas the form uses, so a row fails in the form's words (spec §5).
 */
export function listingRowSchema(kind: "loan_pool" | "real_estate", o: ProjectOptions) {
  return z.object({ ...basicsSchema(o).shape, ...termsSchema(o).shape, ...detailsSchemas[kind](o).shape });
}

/** The address lookup's own fields on the form (coordinates and the ZIP they were found for): optional in a file. */
const LOOKUP_FIELDS = new Set(["latitude", "longitude", "locatedZip"]);

/** The columns a file must have: every field of the form but the lookup's. */
export function uploadColumns(kind: "loan_pool" | "real_estate", o: ProjectOptions): string[] {
  return Object.keys(listingRowSchema(kind, o).shape).filter((column) => !LOOKUP_FIELDS.has(column));
}

const BASE_EXAMPLE = {
  industry: "Real Estate",
  sector: "Commercial lending",
  saleType: "Portfolio sale",
  location: "Northeast",
  state: "NY",
  fullDetails: "Performing first-lien loans on stabilised properties, serviced in house since origination.",
  loanAmount: "2,500,000",
  size: "2,400,000",
  waInterest: "6.25",
  maturityDate: "2031-06-30",
  term: "Performing",
  secured: "Yes",
  borrower: "Example Borrower LLC",
  projectDueDate: "",
  longTermDebtSecured: "",
  longTermDebtLevelOfSecurity: "",
};

/** The template's example row, valid against the default lists. */
export const UPLOAD_EXAMPLES: Record<"loan_pool" | "real_estate", Record<string, string>> = {
  loan_pool: {
    projectName: "Example loan pool",
    ...BASE_EXAMPLE,
    loanPool: "Example pool 2026-A",
    overallSummary: "Twelve commercial mortgages with a weighted average LTV of 58 percent.",
    propertySummary: "",
    termSummary: "",
  },
  real_estate: {
    projectName: "Example office building",
    ...BASE_EXAMPLE,
    propertyType: "Office",
    address: "100 Example Street",
    city: "Albany",
    zip: "12207",
    units: "12",
    occupancy: "92",
    noi: "310000",
  },
};

export type RowProblem = { line: number; problems: string[] };
export type CheckedRows<Row> = { ok: true; rows: Array<{ line: number; values: Row }> } | { ok: false; problems: RowProblem[]; badRows: number };

/** Rows checked between two turns given to other requests (about 25 ms of a server's thread). */
const ROWS_A_TURN = 250;

/**
 * Checks every record of a sheet (line 1 is the header) against the row schema, and
 * names each bad row with all of its problems, "column: message", as a person fixes them:
 * by its number in `lines` when the sheet gives one (an XLSX row after empty ones). `turn`, awaited
 * every few hundred rows, lets a server answer others meanwhile: 10,000 rows are a second of work.
 */
export async function checkRows<Row>(
  header: readonly string[],
  records: ReadonlyArray<Record<string, string>>,
  schema: z.ZodMiniType<Row>,
  columns: readonly string[],
  lines?: readonly number[],
  turn: () => Promise<void> = async () => {},
): Promise<CheckedRows<Row>> {
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length) return { ok: false, problems: [{ line: 1, problems: [`Missing column: ${missing.join(", ")}.`] }], badRows: 1 };
  if (records.length === 0) return { ok: false, problems: [{ line: 2, problems: ["The file has no rows."] }], badRows: 1 };
  if (records.length > UPLOAD_MAX_ROWS) {
    return { ok: false, problems: [{ line: UPLOAD_MAX_ROWS + 2, problems: [`At most ${UPLOAD_MAX_ROWS.toLocaleString("en-US")} rows per file.`] }], badRows: 1 };
  }
  const rows: Array<{ line: number; values: Row }> = [];
  const problems: RowProblem[] = [];
  let badRows = 0;
  for (let index = 0; index < records.length; index++) {
    if (index > 0 && index % ROWS_A_TURN === 0) await turn();
    const line = lines?.[index] ?? index + 2;
    const parsed = safeParse(schema, records[index]!);
    if (parsed.success) {
      rows.push({ line, values: parsed.data as Row });
      continue;
    }
    badRows++;
    if (problems.length >= UPLOAD_SHOWN_ROW_ERRORS) continue;
    problems.push({
      line,
      problems: parsed.error.issues.map((issue) => `${issue.path.length ? `${String(issue.path[0])}: ` : ""}${issue.message}`),
    });
  }
  return badRows ? { ok: false, problems, badRows } : { ok: true, rows };
}

/** The dry run's verdict as lines for the page: "Line 3: size: Enter a number." */
export function problemLines(problems: readonly RowProblem[]) {
  return problems.map((p) => `${p.line > 0 ? `Line ${p.line}: ` : ""}${p.problems.join(" ")}`);
}

/** The template as CSV: the header and the example row. */
export function templateCsv(kind: "loan_pool" | "real_estate", columns: readonly string[]) {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${columns.join(",")}\n${columns.map((c) => quote(UPLOAD_EXAMPLES[kind][c] ?? "")).join(",")}\n`;
}
