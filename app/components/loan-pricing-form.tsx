import { getFormProps, useForm } from "~/components/form-state";
import { Form } from "@remix-run/react";
import type { ActionResult } from "~/lib/action-result";
import { AMORTIZATION_LABELS, AMORTIZATIONS } from "~/lib/loan-pricing";
import { type PricingOptions } from "~/lib/schemas/loan-pricing";
import { LOAN_PARAMS } from "~/lib/loan-pricing";
import { FormErrors, SelectField, TextField } from "./forms";

/**
 * The loan-pricing forms (/sellers/analytics/loan-pricing, and /results again when
 * a link's inputs are wrong): GET forms whose fields are the results link's query
 * parameters, so they work without JavaScript and a result can be shared.
 */
export const RESULTS_PATH = "/sellers/analytics/loan-pricing/results";

const list = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

type LoanDefaults = Partial<Record<(typeof LOAN_PARAMS)[number], string>>;

export function LoanForm({ options, lastResult, defaults }: { options: PricingOptions; lastResult?: ActionResult; defaults?: Record<string, string> }) {
  const [form, fields] = useForm({
    id: "loan",
    lastResult,
    defaultValue: { amortization: "level", loanStatus: options.loanStatuses[0] ?? "", ...defaults } as LoanDefaults,
    schema: () => import("~/lib/schemas/loan-pricing").then((m) => m.loanPricingSchema(options)),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="get" action={RESULTS_PATH} className="card space-y-4" {...getFormProps(form)} aria-label="Price one loan">
      <h2 className="text-lg font-semibold">Price one loan</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField meta={fields.balance} label="Balance" hint="$" inputMode="decimal" />
        <TextField meta={fields.noteRate} label="Note rate" hint="%" inputMode="decimal" />
        <TextField meta={fields.termMonths} label="Term" hint="months" inputMode="numeric" />
        <SelectField meta={fields.amortization} label="Amortization" options={AMORTIZATIONS.map((a) => ({ value: a, label: AMORTIZATION_LABELS[a] }))} />
        <TextField meta={fields.balloonMonths} label="Balloon month" hint="with a balloon: when the rest falls due" inputMode="numeric" />
        <SelectField meta={fields.loanStatus} label="Loan status" options={list(options.loanStatuses)} />
        <SelectField meta={fields.propertyType} label="Property type" options={list(options.propertyTypes)} placeholder="None (unsecured)" />
        <TextField meta={fields.ltv} label="LTV" hint="%, optional" inputMode="decimal" />
        <TextField meta={fields.dscr} label="DSCR" hint="optional" inputMode="decimal" />
      </div>
      <Assumptions fields={fields} />
      <button type="submit" className="btn-primary">
        Price the loan
      </button>
    </Form>
  );
}

type OverrideFields = Record<"cpr" | "cdr" | "severity" | "yield", Parameters<typeof TextField>[0]["meta"]>;

function Assumptions({ fields }: { fields: OverrideFields }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-4">
      <legend className="mb-2 text-sm text-slate-600">Leave blank for the loan status&apos;s defaults and the benchmark curve plus the spread.</legend>
      <TextField meta={fields.cpr} label="CPR" hint="% a year" inputMode="decimal" />
      <TextField meta={fields.cdr} label="CDR" hint="% a year" inputMode="decimal" />
      <TextField meta={fields.severity} label="Loss severity" hint="%" inputMode="decimal" />
      <TextField meta={fields.yield} label="Yield" hint="%, replaces curve + spread" inputMode="decimal" />
    </fieldset>
  );
}

export function PoolForm({ pools, lastResult, defaults }: { pools: ReadonlyArray<{ id: number; name: string; loans: number }>; lastResult?: ActionResult; defaults?: Record<string, string> }) {
  const [form, fields] = useForm({
    id: "pool",
    lastResult,
    defaultValue: defaults as Partial<Record<"projectId" | "cpr" | "cdr" | "severity" | "yield", string>> | undefined,
    schema: () => import("~/lib/schemas/loan-pricing").then((m) => m.poolPricingSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="get" action={RESULTS_PATH} className="card space-y-4" {...getFormProps(form)} aria-label="Price a loan pool">
      <h2 className="text-lg font-semibold">Price a loan pool</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      {pools.length === 0 ? (
        <p className="text-sm text-slate-600">You have no loan pool with a loan tape yet.</p>
      ) : (
        <>
          <SelectField
            meta={fields.projectId}
            label="Loan pool"
            options={pools.map((p) => ({ value: String(p.id), label: `${p.name || `Project ${p.id}`} (${p.loans} loans)` }))}
          />
          <Assumptions fields={fields} />
          <button type="submit" className="btn-primary">
            Price the pool
          </button>
        </>
      )}
    </Form>
  );
}
