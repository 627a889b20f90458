import type { ReactNode } from "react";
import { formatCurrency, formatDate, formatYesNo } from "~/lib/format";
import { formatPercent } from "~/lib/format-figures";
import { COLUMN_LABELS, type ProjectTerms } from "~/lib/projects";
import { KIND_LABELS } from "~/lib/project-kinds";

type Facts = ProjectTerms & { borrower?: string };

/** The table's words, spelled out where a table abbreviates. */
const LABELS = {
  ...COLUMN_LABELS,
  size: "Transaction size",
  longTermDebtSecured: "Long-term debt secured",
  longTermDebtLevelOfSecurity: "Long-term debt level of security",
} satisfies Record<keyof Facts, string>;

/** The key terms of a listing; the borrower only when the caller passes it (never before an NDA). */
export function ProjectFacts({ project }: { project: Facts }) {
  const rows: Array<[string, string]> = [
    [LABELS.kind, KIND_LABELS[project.kind]],
    [LABELS.industry, project.industry || "—"],
    [LABELS.sector, project.sector || "—"],
    [LABELS.saleType, project.saleType || "—"],
    [LABELS.term, project.term || "—"],
    [LABELS.size, formatCurrency(project.size)],
    [LABELS.loanAmount, formatCurrency(project.loanAmount)],
    [LABELS.waInterest, formatPercent(project.waInterest)],
    [LABELS.maturityDate, formatDate(project.maturityDate)],
    [LABELS.location, project.location || "—"],
    [LABELS.state, project.state || "—"],
    [LABELS.secured, formatYesNo(project.secured)],
    [LABELS.projectDueDate, formatDate(project.projectDueDate)],
  ];
  if (project.kind === "loan_pool") rows.push([LABELS.loanPool, project.loanPool || "—"]);
  if (project.longTermDebtSecured !== null) {
    rows.push([LABELS.longTermDebtSecured, formatYesNo(project.longTermDebtSecured)]);
    rows.push([LABELS.longTermDebtLevelOfSecurity, project.longTermDebtLevelOfSecurity || "—"]);
  }
  if (project.borrower !== undefined) rows.push([LABELS.borrower, project.borrower || "—"]);
  return (
    <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm break-words sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="project-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const CURRENCY_KEYS = new Set(["noi", "faceAmount", "cashSurrenderValue", "revenue", "ebitda", "totalDebt"]);

const DETAIL_LABELS: Record<string, string> = {
  overallSummary: "Overall summary",
  propertySummary: "Property summary",
  termSummary: "Term summary",
  propertyType: "Property type",
  address: "Address",
  city: "City",
  zip: "Zip code",
  units: "Units",
  occupancy: "Occupancy (%)",
  noi: "Net operating income (USD)",
  carrier: "Insurance carrier",
  policyType: "Policy type",
  faceAmount: "Face amount (USD)",
  cashSurrenderValue: "Cash surrender value (USD)",
  insuredAge: "Age of the insured",
  overview: "Company overview",
  sicCode: "SIC code",
  website: "Website",
  contactPhone: "Phone",
  revenue: "Revenue (USD)",
  ebitda: "EBITDA (USD)",
  totalDebt: "Total debt (USD)",
  employees: "Employees",
};

/** What the kind adds (summaries, property, policy, company); `hidden` keys are left out. */
export function KindDetails({ details, hidden = [] }: { details: Record<string, unknown>; hidden?: string[] }) {
  const entries = Object.entries(details).filter(([k, v]) => DETAIL_LABELS[k] && !hidden.includes(k) && v !== "" && v !== null);
  const show = (key: string, value: unknown) =>
    CURRENCY_KEYS.has(key) && typeof value === "number" ? formatCurrency(value) : String(value);
  if (!entries.length) return null;
  return (
    <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm break-words sm:grid-cols-[12rem_minmax(0,1fr)]">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">{DETAIL_LABELS[key]}</dt>
          <dd className="whitespace-pre-line break-words">{show(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A listing's card: key terms, what the kind adds and the seller's description. */
export function ProjectSummary({
  project,
  children,
}: {
  project: Facts & { details: Record<string, unknown>; fullDetails: string };
  children?: ReactNode;
}) {
  return (
    <section className="card space-y-4">
      <ProjectFacts project={project} />
      <KindDetails details={project.details} />
      {children}
      {project.fullDetails ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{project.fullDetails}</p> : null}
    </section>
  );
}
