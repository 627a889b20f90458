import { staticMarkup } from "~/components/static-html.server";
import { KIND_LABELS, type ProjectKind } from "~/lib/project-kinds";
import { FORM_LABELS } from "./steps";

/** What the review lists of steps 1 and 2, in the form's order: everything the seller typed there. */
const REVIEW_KEYS = [
  "projectName",
  "industry",
  "sector",
  "saleType",
  "location",
  "state",
  "fullDetails",
  "loanAmount",
  "size",
  "waInterest",
  "maturityDate",
  "term",
  "secured",
  "borrower",
  "projectDueDate",
  "longTermDebtSecured",
  "longTermDebtLevelOfSecurity",
] as const satisfies readonly (keyof typeof FORM_LABELS)[];

/** Step 3's fields of each kind, as its form labels them (the place of a real-estate listing is step 1's state and region). */
const DETAILS: Record<ProjectKind, ReadonlyArray<[string, string]>> = {
  loan_pool: [
    ["loanPool", FORM_LABELS.loanPool],
    ["overallSummary", "Overall summary"],
    ["propertySummary", "Property summary"],
    ["termSummary", "Term summary"],
  ],
  real_estate: [
    ["propertyType", "Property type"],
    ["address", "Address"],
    ["zip", "Zip code"],
    ["city", "City"],
    ["units", "Units"],
    ["occupancy", "Occupancy (%)"],
    ["noi", "Net operating income (USD per year)"],
  ],
  insurance_loan: [
    ["carrier", "Insurance carrier"],
    ["policyType", "Policy type"],
    ["faceAmount", "Face amount (USD)"],
    ["cashSurrenderValue", "Cash surrender value (USD)"],
    ["insuredAge", "Age of the insured"],
  ],
  limited_company: [
    ["overview", "Company overview"],
    ["sicCode", "SIC code"],
    ["website", "Website"],
    ["contactPhone", "Phone"],
    ["revenue", "Revenue (USD per year)"],
    ["ebitda", "EBITDA (USD per year)"],
    ["totalDebt", "Total debt (USD)"],
    ["employees", "Employees"],
  ],
};

function ReviewList({ kind, values, loans }: { kind: ProjectKind; values: Record<string, string>; loans: number }) {
  const rows: Array<[string, string]> = [["Kind", KIND_LABELS[kind]], ...REVIEW_KEYS.map((key) => [FORM_LABELS[key], values[key] ?? ""] as [string, string]), ...DETAILS[kind].map(([key, label]) => [label, values[key] ?? ""] as [string, string])];
  if (kind === "loan_pool") rows.push(["Loans on the tape", String(loans)]);
  return (
    <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm sm:grid-cols-[14rem_minmax(0,1fr)]" data-testid="review">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="whitespace-pre-line break-words">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The review step's list of what the seller typed, drawn here: the description and the details are
 * long texts the page's JavaScript need not carry the code to lay out (the wizard is at its budget).
 */
export function reviewMarkup(kind: ProjectKind, values: Record<string, string>, loans: number) {
  return staticMarkup(<ReviewList kind={kind} values={values} loans={loans} />);
}
