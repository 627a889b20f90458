import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useFetcher, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/forms";
import { CountedTextAreaField, CountedTextField } from "~/components/counted-text-area";
import { ProblemList } from "~/components/problem-list";
import { TapeCompletenessNote } from "~/components/tape-completeness";
import { StaticHtml, type Markup } from "~/components/static-html";
import type { TapeCompleteness } from "~/lib/loan-tape";
import { LOAN_TAPE_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";
import type { FormColumn } from "~/lib/project-values";
import { formErrorsOf, intentOf, resultFor, type ActionResult } from "~/lib/action-result";
import { KIND_LABELS, PROJECT_KINDS, type ProjectKind } from "~/lib/project-kinds";
import { type ProjectOptions } from "~/lib/schemas/project";
import { STEPS, TEXT_LIMITS } from "~/lib/listing-steps";
import { AddressLookup, lookupKeyOf, type LookupAnswer } from "./address-lookup";
import type { FoundPlace } from "./lookup.server";

type Option = { value: string; label: string };
type OptionLists = Record<keyof ProjectOptions, Option[]>;

const KIND_TEXT: Record<ProjectKind, string> = {
  loan_pool: "A pool of loans with its loan tape (one row per loan).",
  real_estate: "A property or a portfolio of properties.",
  insurance_loan: "Loans secured by life insurance or annuity policies.",
  limited_company: "A private company or its debt.",
};

export function KindChooser({ submissionKey, lastResult }: { submissionKey?: string; lastResult?: ActionResult }) {
  const error = lastResult?.error?.kind;
  return (
    <Form method="post" className="card space-y-4">
      <input type="hidden" name="key" value={submissionKey ?? ""} />
      <fieldset>
        <legend className="mb-3 font-semibold">What are you listing?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PROJECT_KINDS.map((kind) => (
            <label key={kind} className="flex cursor-pointer gap-3 rounded-md border border-slate-200 p-3 hover:border-primary">
              <input type="radio" name="kind" value={kind} className="mt-1" required aria-invalid={error ? true : undefined} aria-describedby={error ? "kind-error" : undefined} />
              <span>
                <span className="block font-medium">{KIND_LABELS[kind]}</span>
                <span className="text-sm text-slate-600">{KIND_TEXT[kind]}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id="kind-error" errors={error ?? undefined} />
      </fieldset>
      <div className="flex items-center justify-between">
        <Link to="/sellers/myprojects/drafts" className="link text-sm">
          Resume a draft
        </Link>
        <button type="submit" name="intent" value="start" className="btn-primary">
          Start
        </button>
      </div>
    </Form>
  );
}

export function StepNav({ draftId, current, reached }: { draftId: number; current: number; reached: number }) {
  // a step saved (or the kind chosen) and the next drawn, only the query changed so the page kept its focus: the
  // buttons, disabled while the form was on its way, had left it on <body>, and a screen reader said nothing of
  // the next step. The current step's link takes it (the form follows). The page loaded anew (the history's
  // "default" entry) starts where every page does, and a step chosen in this list keeps the focus it has
  const nav = useRef<HTMLOListElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key !== "default" && document.activeElement === document.body) nav.current?.querySelector<HTMLElement>("[aria-current]")?.focus();
  }, [current, key]);
  return (
    <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Steps" ref={nav}>
      {STEPS.map(({ step, title }) => {
        const open = step <= reached + 1;
        const cls = step === current ? "bg-primary text-white" : open ? "bg-white text-primary border border-primary/40" : "bg-slate-100 text-slate-600";
        return (
          <li key={step}>
            {open ? (
              <Link
                to={`/projects/create?draft=${draftId}&step=${step}`}
                className={`inline-block rounded-full px-3 py-1 ${cls}`}
                aria-current={step === current ? "step" : undefined}
              >
                {step}. {title}
              </Link>
            ) : (
              <span className={`inline-block rounded-full px-3 py-1 ${cls}`}>
                {step}. {title}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What the form calls each column it asks for (the kind's details, kept in `details`, name their own); the review repeats them. */
export const FORM_LABELS = {
  projectName: "Project name",
  industry: "Industry",
  sector: "Sector",
  saleType: "Sale type",
  location: "Region",
  state: "State",
  fullDetails: "Description for buyers",
  loanAmount: "Loan amount (USD)",
  size: "Transaction size (USD)",
  waInterest: "Weighted average interest (%)",
  maturityDate: "Maturity date",
  term: "Loan status",
  secured: "Secured",
  borrower: "Borrower",
  projectDueDate: "Bids due",
  longTermDebtSecured: "Long-term debt secured",
  longTermDebtLevelOfSecurity: "Long-term debt level of security",
  loanPool: "Pool name",
} satisfies Record<FormColumn, string>;

const valuesOf = (options: OptionLists) =>
  Object.fromEntries(Object.entries(options).map(([k, list]) => [k, list.map((o) => o.value)])) as unknown as ProjectOptions;

const YES_NO = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No" },
];

export function StepForm({
  draftId,
  step,
  kind,
  options,
  values,
  opened,
  loans,
  completeness,
  sicCodes,
  result,
  place,
  projectPage,
  imported,
}: {
  draftId: number;
  step: number;
  kind: ProjectKind;
  options: OptionLists;
  values: Record<string, string>;
  /** The listing as the page showed it: the save writes only what this seller changed (another tab's saves meanwhile kept). */
  opened: string;
  loans: number;
  completeness: TapeCompleteness | null;
  /** The codes of system data the SIC field suggests (limited companies' details only). */
  sicCodes: ReadonlyArray<{ code: string; title: string }>;
  /** The wizard action's answer: this step's save, the loan tape's import, or an address lookup. */
  result?: ActionResult;
  /** What "Look up address" found (real estate, without JavaScript). */
  place?: FoundPlace | null;
  /** The project's page, when the answer refused a post because the listing is no longer a draft. */
  projectPage?: string | null;
  /** The tape's import, sent with the step's fields (without JavaScript): what it imported. */
  imported?: string | null;
}) {
  const navigation = useNavigation();
  // with JavaScript a late look-up answers its fetcher, not the page: its refusal is the form's all the same
  const lookup = useFetcher<LookupAnswer>({ key: lookupKeyOf(draftId) });
  const lateLookup = lookup.data?.projectPage ? lookup.data : null;
  const [form, fields] = useForm({
    id: `project-${draftId}-step-${step}`,
    lastResult: stepResultOf(result, step),
    // only what the draft holds: empty defaults would make conform treat untouched fields as settled
    defaultValue: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")),
    schema: () => import("~/lib/schemas/project").then((m) => m.schemaForStep(step, kind, valuesOf(options))),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  const busy = navigation.state === "submitting";
  const tape = step === 3 && kind === "loan_pool";
  return (
    <>
      <Form method="post" className="card space-y-4" encType={tape ? "multipart/form-data" : undefined} {...getFormProps(form)}>
        <input type="hidden" name="draft" value={draftId} />
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="opened" value={opened} />
        {/* Enter in a field presses a form's first button: continue, not "Save and exit" (or the address look-up) */}
        <button type="submit" hidden tabIndex={-1} disabled={busy} />
        <FormErrors id={form.errorId} errors={form.errors ?? formErrorsOf(lateLookup?.result)}>
          <ProjectPageLink href={projectPage ?? lateLookup?.projectPage} />
        </FormErrors>
        <p className="text-sm text-slate-500">{KIND_LABELS[kind]}</p>
        {step === 1 ? (
          <>
            <CountedTextField meta={f.projectName!} label={FORM_LABELS.projectName} max={TEXT_LIMITS.projectName} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField meta={f.industry!} label={FORM_LABELS.industry} options={options.industries} placeholder="Choose…" />
              <CountedTextField meta={f.sector!} label={FORM_LABELS.sector} max={TEXT_LIMITS.sector} hint="optional" />
              <SelectField meta={f.saleType!} label={FORM_LABELS.saleType} options={options.saleTypes} placeholder="Choose…" />
              <SelectField meta={f.location!} label={FORM_LABELS.location} options={options.locations} placeholder="Choose…" />
              <SelectField meta={f.state!} label={FORM_LABELS.state} options={options.usStates} placeholder="Choose…" />
            </div>
            <CountedTextAreaField meta={f.fullDetails!} label={FORM_LABELS.fullDetails} max={TEXT_LIMITS.fullDetails} hint="shown before the NDA; no borrower names" />
          </>
        ) : null}
        {step === 2 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={f.loanAmount!} label={FORM_LABELS.loanAmount} inputMode="decimal" placeholder="12,500,000" />
            <TextField meta={f.size!} label={FORM_LABELS.size} inputMode="decimal" placeholder="12,500,000" />
            <TextField meta={f.waInterest!} label={FORM_LABELS.waInterest} inputMode="decimal" placeholder="6,25" />
            <TextField meta={f.maturityDate!} label={FORM_LABELS.maturityDate} type={"date" as "text"} />
            <SelectField meta={f.term!} label={FORM_LABELS.term} options={options.loanStatus} placeholder="Choose…" />
            <SelectField meta={f.secured!} label={FORM_LABELS.secured} options={YES_NO} placeholder="Choose…" />
            <CountedTextField meta={f.borrower!} label={FORM_LABELS.borrower} max={TEXT_LIMITS.borrower} hint="only shown after an approved NDA" />
            <TextField meta={f.projectDueDate!} label={FORM_LABELS.projectDueDate} type={"date" as "text"} hint="optional" />
            <SelectField meta={f.longTermDebtSecured!} label={FORM_LABELS.longTermDebtSecured} options={YES_NO} placeholder="Not applicable" />
            <CountedTextField meta={f.longTermDebtLevelOfSecurity!} label={FORM_LABELS.longTermDebtLevelOfSecurity} max={TEXT_LIMITS.levelOfSecurity} hint="optional" />
          </div>
        ) : null}
        {step === 3 ? (
          <DetailsFields
            kind={kind}
            f={f}
            options={options}
            sicCodes={sicCodes}
            lookup={<AddressLookup draftId={draftId} form={form as never} latitude={f.latitude!} longitude={f.longitude!} locatedZip={f.locatedZip!} place={place ?? null} />}
          />
        ) : null}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="submit" name="then" value="exit" className="btn-secondary" disabled={busy}>
            Save and exit
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save and continue
          </button>
        </div>
        <input type="hidden" name="intent" value="save" />
      </Form>
      {tape ? (
        <LoanTapeUpload formId={form.id} draftId={draftId} loans={loans} completeness={completeness} result={resultFor(result, "tape")} projectPage={projectPage} imported={imported} />
      ) : null}
    </>
  );
}

/**
 * The step form's last answer: its save or address look-up, or the tape's import sent with its fields (without
 * JavaScript), whose fields keep what was typed; the import's own messages are the tape section's.
 */
function stepResultOf(result: ActionResult | undefined, step: number) {
  const answered = resultFor(result, ["save", "lookup", "tape"], { step });
  return answered && intentOf(answered) === "tape" ? { ...answered, error: undefined } : answered;
}

function DetailsFields({
  kind,
  f,
  options,
  sicCodes,
  lookup,
}: {
  kind: ProjectKind;
  f: Record<string, Parameters<typeof TextField>[0]["meta"]>;
  options: OptionLists;
  sicCodes: ReadonlyArray<{ code: string; title: string }>;
  /** Real estate: the address lookup, under the address. */
  lookup: ReactNode;
}) {
  if (kind === "loan_pool") {
    return (
      <>
        <CountedTextField meta={f.loanPool!} label={FORM_LABELS.loanPool} max={TEXT_LIMITS.loanPool} placeholder="Midwest CRE pool 2026-A" />
        <CountedTextAreaField meta={f.overallSummary!} label="Overall summary" max={TEXT_LIMITS.summary} />
        <CountedTextAreaField meta={f.propertySummary!} label="Property summary" max={TEXT_LIMITS.summary} hint="optional" />
        <CountedTextAreaField meta={f.termSummary!} label="Term summary" max={TEXT_LIMITS.summary} hint="optional" />
      </>
    );
  }
  if (kind === "real_estate") {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField meta={f.propertyType!} label="Property type" options={options.propertyTypes} placeholder="Choose…" />
        <CountedTextField meta={f.address!} label="Address" max={TEXT_LIMITS.address} />
        <TextField meta={f.zip!} label="Zip code" inputMode="numeric" placeholder="60601" />
        {lookup}
        <CountedTextField meta={f.city!} label="City" max={TEXT_LIMITS.city} />
        <SelectField meta={f.state!} label={FORM_LABELS.state} options={options.usStates} placeholder="Choose…" />
        <SelectField meta={f.location!} label={FORM_LABELS.location} options={options.locations} placeholder="Choose…" />
        <TextField meta={f.units!} label="Units" inputMode="numeric" />
        <TextField meta={f.occupancy!} label="Occupancy (%)" inputMode="decimal" />
        <TextField meta={f.noi!} label="Net operating income (USD per year)" inputMode="decimal" />
      </div>
    );
  }
  if (kind === "insurance_loan") {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <CountedTextField meta={f.carrier!} label="Insurance carrier" max={TEXT_LIMITS.carrier} />
        <SelectField meta={f.policyType!} label="Policy type" options={options.policyTypes} placeholder="Choose…" />
        <TextField meta={f.faceAmount!} label="Face amount (USD)" inputMode="decimal" />
        <TextField meta={f.cashSurrenderValue!} label="Cash surrender value (USD)" inputMode="decimal" />
        <TextField meta={f.insuredAge!} label="Age of the insured" inputMode="numeric" />
      </div>
    );
  }
  return (
    <>
      <CountedTextAreaField meta={f.overview!} label="Company overview" max={TEXT_LIMITS.overview} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          {/* a datalist suggests as one types, with or without JavaScript; the server refuses a code it does not know */}
          <TextField meta={f.sicCode!} label="SIC code" inputMode="numeric" maxLength={4} list="sic-codes" autoComplete="off" hint="type a code or an industry" />
          <datalist id="sic-codes">
            {sicCodes.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.title}
              </option>
            ))}
          </datalist>
        </div>
        <TextField meta={f.website!} label="Website" type="url" hint="optional" placeholder="https://" />
        <TextField meta={f.contactPhone!} label="Phone" type="tel" hint="optional, with country code" />
        <TextField meta={f.revenue!} label="Revenue (USD per year)" inputMode="decimal" />
        <TextField meta={f.ebitda!} label="EBITDA (USD per year)" inputMode="decimal" />
        <TextField meta={f.totalDebt!} label="Total debt (USD)" inputMode="decimal" />
        <TextField meta={f.employees!} label="Employees" inputMode="numeric" />
      </div>
    </>
  );
}

/**
 * The tape's import; a refused tape answers how many problems (the form error) and each, by line (the tape field's
 * errors). Its file and button belong to the step's form, so that without JavaScript what was typed in the step goes
 * with the tape and comes back on the page; with JavaScript the tape alone is sent and the fields stay as they are.
 */
function LoanTapeUpload({
  formId,
  draftId,
  loans,
  completeness,
  result,
  projectPage,
  imported,
}: {
  formId: string;
  draftId: number;
  loans: number;
  completeness: TapeCompleteness | null;
  result?: ActionResult;
  projectPage?: string | null;
  imported?: string | null;
}) {
  const submit = useSubmit();
  const summary = formErrorsOf(result)?.[0];
  const problems = result?.error?.tape ?? [];
  const importTape = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const file = (document.getElementById("tape") as HTMLInputElement).files?.[0];
    const data = new FormData();
    data.set("intent", "tape");
    data.set("draft", String(draftId));
    if (file) data.set("tape", file);
    submit(data, { method: "post", encType: "multipart/form-data" });
  };
  return (
    <section className="card mt-6 space-y-3" aria-labelledby="tape-title">
      <h2 id="tape-title" className="font-semibold">Loan tape</h2>
      <p className="text-sm text-slate-600">
        One row per loan, as CSV or an Excel workbook (XLSX, first sheet). <a href="/projects/create/template.csv" className="link" download>Download the template</a>: the first
        eight columns are required, the others are what buyers price from, and the tape&apos;s completeness counts them.
        Importing sets the pool&apos;s amount, size and weighted interest from the tape; nothing is imported until every row is valid.
      </p>
      <p className="text-sm" data-testid="loan-count">
        {loans === 0 ? "No loans imported yet." : `${loans} loans imported.`}
      </p>
      {imported ? <p role="status" className="text-sm text-emerald-800">{imported}</p> : null}
      <TapeCompletenessNote completeness={completeness} forSeller />
      <label className="label" htmlFor="tape">
        Loan tape (CSV or XLSX)
      </label>
      <input id="tape" name="tape" type="file" form={formId} accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="block text-sm" onChange={refuseLargeFile(LOAN_TAPE_MAX_BYTES)} />
      <ProblemList testId="tape-errors" summary={summary} problems={problems} />
      {summary ? <ProjectPageLink href={projectPage} /> : null}
      <button type="submit" name="intent" value="tape" form={formId} formNoValidate className="btn-secondary" onClick={importTape}>
        Import loans
      </button>
    </section>
  );
}

/** The way out of a wizard whose listing was submitted since its page was opened. */
function ProjectPageLink({ href }: { href?: string | null }) {
  if (!href) return null;
  return (
    <p className="mt-1">
      <Link to={href} className="link">
        Open the project&apos;s page
      </Link>
    </p>
  );
}

/** The last step: everything the seller typed, drawn on the server (review.server.tsx), and the submit. */
export function ReviewStep({ draftId, review, completeness, incomplete }: { draftId: number; review: Markup; completeness: TapeCompleteness | null; incomplete?: string[] }) {
  return (
    <Form method="post" className="card space-y-4">
      <input type="hidden" name="draft" value={draftId} />
      {incomplete?.length ? (
        <div role="alert" data-testid="incomplete" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {incomplete.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <StaticHtml markup={review} />
      <TapeCompletenessNote completeness={completeness} forSeller />
      <p className="text-sm text-slate-600">Our team reviews every listing before buyers can see it.</p>
      <div className="flex justify-end">
        <button type="submit" name="intent" value="submit" className="btn-primary">
          Submit for review
        </button>
      </div>
    </Form>
  );
}
