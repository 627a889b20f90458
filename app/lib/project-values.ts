import type { ProjectKind } from "./projects";

/** The fields of a project as the create form shows them (strings, as typed). */
type ProjectLike = {
  kind: ProjectKind;
  projectName: string;
  industry: string;
  sector: string;
  saleType: string;
  loanPool: string;
  term: string;
  waInterest: number | null;
  maturityDate: string | null;
  location: string;
  state: string;
  secured: boolean | null;
  fullDetails: string;
  loanAmount: number | null;
  size: number | null;
  borrower: string;
  projectDueDate: string | null;
  longTermDebtSecured: boolean | null;
  longTermDebtLevelOfSecurity: string;
  details: Record<string, unknown>;
};

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const yesNo = (v: boolean | null) => (v === null ? "" : v ? "Yes" : "No");

export function formValuesOf(p: ProjectLike): Record<string, string> {
  const details = Object.fromEntries(Object.entries(p.details ?? {}).map(([k, v]) => [k, text(v)]));
  return {
    ...details,
    projectName: p.projectName,
    industry: p.industry,
    sector: p.sector,
    saleType: p.saleType,
    location: p.location,
    state: p.state,
    fullDetails: p.fullDetails,
    loanAmount: text(p.loanAmount),
    size: text(p.size),
    waInterest: text(p.waInterest),
    maturityDate: text(p.maturityDate),
    term: p.term,
    secured: yesNo(p.secured),
    borrower: p.borrower,
    projectDueDate: text(p.projectDueDate),
    longTermDebtSecured: yesNo(p.longTermDebtSecured),
    longTermDebtLevelOfSecurity: p.longTermDebtLevelOfSecurity,
    loanPool: p.loanPool,
  };
}

/** Step 3 values: the loan pool's name is a column; everything else of the kind goes to `details`. */
export function detailsColumns(kind: ProjectKind, values: Record<string, unknown>, current: Record<string, unknown>) {
  if (kind === "loan_pool") {
    const { loanPool, ...rest } = values;
    return { loanPool: String(loanPool), details: { ...current, ...rest } };
  }
  return { details: { ...current, ...values } };
}
