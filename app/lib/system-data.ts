/** System data (admin): the tables valuation and the listing forms read. */

export const SYSTEM_DATA_PAGE_SIZE = 25;

/** The CSV columns of each table, in file order: export writes them, import requires them. */
export const PROPERTY_ASSUMPTION_COLUMNS = ["propertyType", "region", "capRate", "vacancy", "expenseRatio"] as const;
export const SIC_CODE_COLUMNS = ["code", "title", "division"] as const;

/** Most rows one CSV import may hold. */
export const SYSTEM_DATA_MAX_ROWS = 2000;

/** The SIC manual's divisions. */
export const SIC_DIVISIONS = {
  A: "Agriculture, Forestry, and Fishing",
  B: "Mining",
  C: "Construction",
  D: "Manufacturing",
  E: "Transportation, Communications, Electric, Gas, and Sanitary Services",
  F: "Wholesale Trade",
  G: "Retail Trade",
  H: "Finance, Insurance, and Real Estate",
  I: "Services",
  J: "Public Administration",
  K: "Nonclassifiable Establishments",
} as const;
export type SicDivision = keyof typeof SIC_DIVISIONS;
export const SIC_DIVISION_KEYS = Object.keys(SIC_DIVISIONS) as SicDivision[];

const DIVISION_BY_MAJOR_GROUP: Array<[number, SicDivision]> = [
  [9, "A"],
  [14, "B"],
  [17, "C"],
  [39, "D"],
  [49, "E"],
  [51, "F"],
  [59, "G"],
  [67, "H"],
  [89, "I"],
  [97, "J"],
  [99, "K"],
];

/** The division a SIC code's major group (its first two digits) belongs to. */
export function sicDivisionOf(code: string): SicDivision {
  const group = Number(code.slice(0, 2));
  return DIVISION_BY_MAJOR_GROUP.find(([last]) => group <= last)?.[1] ?? "K";
}

/** Lines of an import that repeat an earlier line's key (line numbers as in the file: the header is line 1). */
export function repeatedKeys<Row>(rows: readonly Row[], keyOf: (row: Row) => string, label: string) {
  const first = new Map<string, number>();
  const errors: Array<{ line: number; reason: string }> = [];
  rows.forEach((row, index) => {
    const key = keyOf(row);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, index + 2);
    else errors.push({ line: index + 2, reason: `${label} ${key} is already on line ${seen}.` });
  });
  return errors;
}

/** Where a change on a system-data page returns to: the same search and page, the editor closed. */
export function backTo(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return url.pathname + (search ? `?${search}` : "");
}

/** The SIC table's filters from its URL: a search over code and title, and a division. */
export function sicFiltersOf(params: URLSearchParams) {
  const division = (params.get("division") ?? "").toUpperCase();
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    division: (SIC_DIVISION_KEYS as string[]).includes(division) ? division : undefined,
  };
}

export const UNKNOWN_SIC_CODE = "Unknown SIC code: choose one of the listed codes.";

export const COEFFICIENT_COLUMNS = ["dimension", "band", "value"] as const;

export const INTEREST_RATE_COLUMNS = ["asOf", "tenorMonths", "rate"] as const;
