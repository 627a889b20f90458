import { fromUsDay, isCalendarDay, isDecimalText, isZip, messages, parseDecimal, withoutDollar, withoutPercent } from "./field-rules";
import { MAX_AMOUNT } from "./schemas/project";
import { zipFromSheet } from "./sheet-cells";

/** The columns every tape must carry (the first template's eight). `balance` is the current balance. */
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

export const RATE_TYPES = ["Fixed", "Floating", "Hybrid"] as const;
/** The engine's amortization names (loan pricing) under the words a tape uses. */
export const AMORTIZATION_TYPES = { Level: "level", "Interest-only": "interestOnly", Balloon: "balloon" } as const;
export const PAYMENT_STATUSES = ["Current", "30 days delinquent", "60 days delinquent", "90+ days delinquent", "In foreclosure", "REO"] as const;

/**
 * The fields a loan-sale tape carries beyond the eight: optional in the file, each
 * counted by the tape's completeness, since buyers discount what is missing.
 */
export const LOAN_TAPE_OPTIONAL_COLUMNS = [
  "original_balance",
  "origination_date",
  "rate_type",
  "amortization_type",
  "remaining_term_months",
  "payment_status",
  "days_delinquent",
  "lien_position",
  "city",
  "zip",
  "appraised_value",
  "appraisal_date",
  "dscr",
  "occupancy",
  "credit_score",
] as const;

export type LoanTapeColumn = (typeof LOAN_TAPE_COLUMNS)[number] | (typeof LOAN_TAPE_OPTIONAL_COLUMNS)[number];
export const ALL_LOAN_TAPE_COLUMNS: readonly LoanTapeColumn[] = [...LOAN_TAPE_COLUMNS, ...LOAN_TAPE_OPTIONAL_COLUMNS];

export const LOAN_TAPE_TEMPLATE =
  ALL_LOAN_TAPE_COLUMNS.join(",") +
  "\nLN-0001,1250000.00,6.25,2031-06-30,Multifamily (5+ units),IL,Performing,68.5,1400000,2021-06-30,Fixed,Level,300,Current,0,1,Chicago,60601,1825000,2024-03-15,1.35,94,\n" +
  "LN-0002,845000,7.1,2029-12-31,Retail,OH,Non-Performing,,,,,,,,,,,,,,,,\n";
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
  originalBalance: number | null;
  originationDate: string | null;
  rateType: string | null;
  amortizationType: string | null;
  remainingTermMonths: number | null;
  paymentStatus: string | null;
  daysDelinquent: number | null;
  lienPosition: number | null;
  city: string | null;
  zip: string | null;
  appraisedValue: number | null;
  appraisalDate: string | null;
  dscr: number | null;
  occupancy: number | null;
  creditScore: number | null;
};
export type LoanTapeError = { line: number; reason: string };

/** A cell's words matched to a list, whatever their case; the list's spelling is kept. */
const oneOf = (list: readonly string[], raw: string) => list.find((item) => item.toLowerCase() === raw.toLowerCase()) ?? null;

type TapeAllowed = { states: readonly string[]; statuses: readonly string[] };
type TapeChecked = { rows: LoanTapeRow[]; errors: LoanTapeError[] };

/**
 * Checks the whole table (CSV or spreadsheet, header first) and reports each bad row
 * with its line and every reason. The caller imports nothing unless `errors` is empty.
 */
export function parseLoanTape(table: string[][], allowed: TapeAllowed): TapeChecked {
  const steps = checkTape(table, allowed, Infinity);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Rows checked between two turns given to other requests: 10,000 loans held Node's one thread a few tenths of a second. */
const TAPE_ROWS_A_STEP = 1000;

/** parseLoanTape, `step` rows at a time with `turn` between steps; the same answer. */
export async function parseLoanTapeInSteps(table: string[][], allowed: TapeAllowed, turn: () => Promise<void>, step = TAPE_ROWS_A_STEP): Promise<TapeChecked> {
  const steps = checkTape(table, allowed, step);
  let next = steps.next();
  while (!next.done) {
    await turn();
    next = steps.next();
  }
  return next.value;
}

/** The tape's check, pausing (a yield) every `step` rows. */
function* checkTape(table: string[][], allowed: TapeAllowed, step: number): Generator<void, TapeChecked> {
  const errors: LoanTapeError[] = [];
  const rows: LoanTapeRow[] = [];
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase().replace(/^\uFEFF/, ""));
  const missing = LOAN_TAPE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { rows, errors: [{ line: 1, reason: `Missing columns: ${missing.join(", ")}.` }] };
  const at = (cells: string[], column: LoanTapeColumn) => (header.includes(column) ? (cells[header.indexOf(column)] ?? "").trim() : "");
  const seen = new Set<string>();
  const body = table.slice(1);
  if (body.length > LOAN_TAPE_MAX_ROWS) {
    return { rows, errors: [{ line: 1, reason: `A tape may hold at most ${LOAN_TAPE_MAX_ROWS} loans.` }] };
  }
  for (const [index, cells] of body.entries()) {
    if (index > 0 && index % step === 0) yield;
    const line = index + 2;
    if (cells.every((c) => c.trim() === "")) continue;
    const problems: string[] = [];
    const loanNumber = at(cells, "loan_number");
    if (!loanNumber) problems.push(`loan_number: ${messages.required}`);
    else if (seen.has(loanNumber)) problems.push(`loan_number: ${loanNumber} appears twice.`);
    seen.add(loanNumber);
    // a column of dollars (`unit` "$") may carry Excel's currency format ("$1,250,000.00"), a rate its percent sign
    const decimal = (column: LoanTapeColumn, min: number, max: number | null, required = false, unit?: "%" | "$") => {
      const raw = unit === "%" ? withoutPercent(at(cells, column)) : unit === "$" ? withoutDollar(at(cells, column)) : at(cells, column);
      if (!raw) {
        if (required) problems.push(`${column}: ${messages.required}`);
        return null;
      }
      if (!isDecimalText(raw, true)) {
        problems.push(`${column}: ${messages.decimal}`);
        return null;
      }
      // however many digits: past the column's bounds is out of its range (Infinity included)
      const value = parseDecimal(raw, true);
      if (value < min) problems.push(`${column}: ${messages.min(min)}`);
      else if (max !== null && value > max) problems.push(`${column}: ${messages.max(max)}`);
      else if (!Number.isFinite(value)) problems.push(`${column}: ${messages.decimal}`);
      return value;
    };
    const whole = (column: LoanTapeColumn, min: number, max: number) => {
      const raw = at(cells, column);
      if (!raw) return null;
      if (!/^\d+$/.test(raw)) {
        problems.push(`${column}: ${messages.integer}`);
        return null;
      }
      const value = Number(raw);
      if (value < min) problems.push(`${column}: ${messages.min(min)}`);
      if (value > max) problems.push(`${column}: ${messages.max(max)}`);
      return value;
    };
    const date = (column: LoanTapeColumn, required = false) => {
      // a tape re-saved by US Excel writes 6/30/2031 (decision 122)
      const raw = fromUsDay(at(cells, column));
      if (!raw && !required) return null;
      if (!isCalendarDay(raw)) {
        problems.push(`${column}: a date as YYYY-MM-DD or M/D/YYYY (month first) is required.`);
        return null;
      }
      return raw;
    };
    const listed = (column: LoanTapeColumn, list: readonly string[]) => {
      const raw = at(cells, column);
      if (!raw) return null;
      const found = oneOf(list, raw);
      if (!found) problems.push(`${column}: one of ${list.join(", ")} is required.`);
      return found;
    };
    // amounts at most the listing's own (a balance of 1e308 passed, and the pool's sum was
    // Infinity: the database refused it, and the seller got a 500 for a tape with a typo)
    const balance = decimal("balance", 0, MAX_AMOUNT, true, "$");
    const interestRate = decimal("interest_rate", 0, 100, true, "%");
    const ltv = decimal("ltv", 0, 200, false, "%");
    const maturityDate = date("maturity_date", true);
    const state = at(cells, "state").toUpperCase();
    if (state && !allowed.states.includes(state)) problems.push(`state: ${state} is not a US state code.`);
    const status = oneOf(allowed.statuses, at(cells, "status"));
    if (!status) problems.push(`status: one of ${allowed.statuses.join(", ")} is required.`);
    const zip = zipFromSheet(at(cells, "zip"), state) || null;
    if (zip && !isZip(zip)) problems.push(`zip: ${messages.zip}`);
    const city = at(cells, "city") || null;
    if (city && city.length > 100) problems.push(`city: ${messages.maxChars(100)}`);
    const row = {
      originalBalance: decimal("original_balance", 0, MAX_AMOUNT, false, "$"),
      originationDate: date("origination_date"),
      rateType: listed("rate_type", RATE_TYPES),
      amortizationType: listed("amortization_type", Object.keys(AMORTIZATION_TYPES)),
      remainingTermMonths: whole("remaining_term_months", 0, 600),
      paymentStatus: listed("payment_status", PAYMENT_STATUSES),
      daysDelinquent: whole("days_delinquent", 0, 3650),
      lienPosition: whole("lien_position", 1, 4),
      city,
      zip,
      appraisedValue: decimal("appraised_value", 0, MAX_AMOUNT, false, "$"),
      appraisalDate: date("appraisal_date"),
      dscr: decimal("dscr", 0, 20),
      occupancy: decimal("occupancy", 0, 100, false, "%"),
      creditScore: whole("credit_score", 300, 850),
    };
    if (problems.length) errors.push({ line, reason: problems.join(" ") });
    else
      rows.push({
        line,
        loanNumber,
        balance: balance!,
        interestRate: interestRate!,
        maturityDate: maturityDate!,
        propertyType: at(cells, "property_type"),
        state,
        status: status!,
        ltv,
        ...row,
      });
  }
  if (!rows.length && !errors.length) errors.push({ line: 2, reason: "The file holds no loans." });
  return { rows, errors };
}

/** Where a field means nothing (a house has no DSCR, a shopping centre no borrower credit score), it is not counted missing. */
const RESIDENTIAL = "Residential (1-4 family)";
const NO_INCOME = [RESIDENTIAL, "Land (raw)", "Agricultural Land", "Construction"];

/**
 * The fields buyers rely on, each with its label and the loans it applies to (as SQL,
 * so the tape's counts are one query; `property_type` is the tape's column).
 */
export const COMPLETENESS_FIELDS: ReadonlyArray<{ column: LoanTapeColumn; label: string; appliesTo?: "residential" | "income" }> = [
  { column: "original_balance", label: "Original balance" },
  { column: "origination_date", label: "Origination date" },
  { column: "rate_type", label: "Rate type" },
  { column: "amortization_type", label: "Amortization type" },
  { column: "remaining_term_months", label: "Remaining term" },
  { column: "payment_status", label: "Payment status" },
  { column: "days_delinquent", label: "Days delinquent" },
  { column: "lien_position", label: "Lien position" },
  { column: "property_type", label: "Property type" },
  { column: "city", label: "City" },
  { column: "state", label: "State" },
  { column: "zip", label: "ZIP code" },
  { column: "appraised_value", label: "Appraised value" },
  { column: "appraisal_date", label: "Appraisal date" },
  { column: "ltv", label: "LTV" },
  { column: "dscr", label: "DSCR", appliesTo: "income" },
  { column: "occupancy", label: "Occupancy", appliesTo: "income" },
  { column: "credit_score", label: "Borrower credit score", appliesTo: "residential" },
];

/** Which loans a field applies to, as a condition on the `property_type` column. */
export function appliesSql(appliesTo: "residential" | "income" | undefined) {
  const list = (items: string[]) => items.map((i) => `'${i.replace(/'/g, "''")}'`).join(", ");
  if (appliesTo === "residential") return `property_type = ${list([RESIDENTIAL])}`;
  if (appliesTo === "income") return `property_type not in (${list(NO_INCOME)})`;
  return "1";
}

export type FieldCount = { column: LoanTapeColumn; applicable: number; present: number };
export type TapeCompleteness = {
  loans: number;
  /** 0–100: present and valid cells over applicable cells, the eight required fields included. */
  score: number;
  gaps: Array<{ label: string; missing: number; applicable: number }>;
};

/**
 * The tape's completeness from per-field counts. The eight required fields are valid
 * on every imported loan (the import checks them), so they count as present; the
 * worst three gaps are named so the seller knows what to fix first.
 */
export function tapeCompleteness(loans: number, counts: FieldCount[]): TapeCompleteness | null {
  if (!loans) return null;
  const requiredCells = loans * 5; // loan number, balance, rate, maturity, status: never empty once imported
  let applicable = requiredCells;
  let present = requiredCells;
  for (const c of counts) {
    applicable += c.applicable;
    present += c.present;
  }
  const label = new Map(COMPLETENESS_FIELDS.map((f) => [f.column, f.label]));
  const gaps = counts
    .filter((c) => c.present < c.applicable)
    .map((c) => ({ label: label.get(c.column) ?? c.column, missing: c.applicable - c.present, applicable: c.applicable }))
    .sort((a, b) => b.missing / b.applicable - a.missing / a.applicable || a.label.localeCompare(b.label))
    .slice(0, 3);
  return { loans, score: Math.floor((present / applicable) * 100), gaps };
}
