import { isDecimal, messages, parseDecimal } from "./validation";

/** The loan tape's columns, in the template's order. */
export const LOAN_TAPE_COLUMNS = [
  "loan_number",
  "balance",
  "interest_rate",
  "maturity_date",
  "property_type",
  "state",
  "status",
  "ltv",
] as const;

export const LOAN_TAPE_TEMPLATE =
  LOAN_TAPE_COLUMNS.join(",") +
  "\nLN-0001,1250000.00,6.25,2031-06-30,Multifamily (5+ units),IL,Performing,68.5\n" +
  "LN-0002,845000,7.1,2029-12-31,Retail,OH,Non-Performing,\n";

export const LOAN_TAPE_MAX_BYTES = 2 * 1024 * 1024;
export const LOAN_TAPE_MAX_ROWS = 10_000;

export type LoanTapeRow = {
  line: number;
  loanNumber: string;
  balance: number;
  interestRate: number;
  maturityDate: string;
  propertyType: string;
  state: string;
  status: string;
  ltv: number | null;
};
export type LoanTapeError = { line: number; reason: string };

/** RFC 4180 fields: commas, quotes doubled inside quoted fields, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks the whole file and reports each bad row with its line and reason. The
 * caller imports nothing unless `errors` is empty.
 */
export function parseLoanTape(
  text: string,
  allowed: { states: readonly string[]; statuses: readonly string[] },
): { rows: LoanTapeRow[]; errors: LoanTapeError[] } {
  const errors: LoanTapeError[] = [];
  const rows: LoanTapeRow[] = [];
  const table = parseCsv(text.replace(/^\uFEFF/, ""));
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = LOAN_TAPE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { rows, errors: [{ line: 1, reason: `Missing columns: ${missing.join(", ")}.` }] };
  const at = (cells: string[], column: (typeof LOAN_TAPE_COLUMNS)[number]) => (cells[header.indexOf(column)] ?? "").trim();
  const seen = new Set<string>();
  const body = table.slice(1);
  if (body.length > LOAN_TAPE_MAX_ROWS) {
    return { rows, errors: [{ line: 1, reason: `A tape may hold at most ${LOAN_TAPE_MAX_ROWS} loans.` }] };
  }
  body.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((c) => c.trim() === "")) return;
    const problems: string[] = [];
    const loanNumber = at(cells, "loan_number");
    if (!loanNumber) problems.push(`loan_number: ${messages.required}`);
    else if (seen.has(loanNumber)) problems.push(`loan_number: ${loanNumber} appears twice.`);
    seen.add(loanNumber);
    const decimal = (column: "balance" | "interest_rate" | "ltv", min: number, max: number | null, required = true) => {
      const raw = at(cells, column);
      if (!raw) {
        if (required) problems.push(`${column}: ${messages.required}`);
        return null;
      }
      if (!isDecimal(raw, true)) {
        problems.push(`${column}: ${messages.decimal}`);
        return null;
      }
      const value = parseDecimal(raw, true);
      if (value < min) problems.push(`${column}: ${messages.min(min)}`);
      if (max !== null && value > max) problems.push(`${column}: ${messages.max(max)}`);
      return value;
    };
    const balance = decimal("balance", 0, null);
    const interestRate = decimal("interest_rate", 0, 100);
    const ltv = decimal("ltv", 0, 200, false);
    const maturityDate = at(cells, "maturity_date");
    if (!DATE.test(maturityDate) || Number.isNaN(Date.parse(maturityDate))) {
      problems.push("maturity_date: a date as YYYY-MM-DD is required.");
    }
    const state = at(cells, "state").toUpperCase();
    if (state && !allowed.states.includes(state)) problems.push(`state: ${state} is not a US state code.`);
    const status = at(cells, "status");
    if (!allowed.statuses.includes(status)) problems.push(`status: one of ${allowed.statuses.join(", ")} is required.`);
    if (problems.length) errors.push({ line, reason: problems.join(" ") });
    else
      rows.push({
        line,
        loanNumber,
        balance: balance!,
        interestRate: interestRate!,
        maturityDate,
        propertyType: at(cells, "property_type"),
        state,
        status,
        ltv,
      });
  });
  if (!rows.length && !errors.length) errors.push({ line: 2, reason: "The file holds no loans." });
  return { rows, errors };
}

