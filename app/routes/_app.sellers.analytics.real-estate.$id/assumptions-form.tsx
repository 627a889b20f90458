import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useLocation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms";
import type { ActionResult } from "~/lib/action-result";
import type { ValuationInputs } from "~/lib/real-estate-valuation";

const LABELS: Record<keyof ValuationInputs, string> = {
  rent: "Gross potential rent (USD a year)",
  vacancy: "Vacancy (%)",
  expenses: "Operating expenses (USD a year)",
  capRate: "Cap rate (%)",
  spread: "Value range spread (basis points)",
  loan: "Loan (USD)",
  rate: "Interest rate (%)",
  amortization: "Amortisation (years)",
};
const KEYS = Object.keys(LABELS) as Array<keyof ValuationInputs>;

/**
 * The assumptions as a GET form: the page's URL carries them, so a valuation is a
 * link to share and works without JavaScript. Each field says where its default
 * comes from (the listing, system data, or an assumption).
 */
export function AssumptionsForm(props: Parameters<typeof Assumptions>[0]) {
  // a new valuation's fields start from its inputs: the form's state kept the first page's defaults, and
  // the next "Value again" sent them back in place of the values just valued
  return <Assumptions key={useLocation().search} {...props} />;
}

function Assumptions({
  inputs,
  defaults,
  sources,
  result,
}: {
  inputs: ValuationInputs;
  defaults: ValuationInputs;
  sources: Record<keyof ValuationInputs, string>;
  result: ActionResult | null;
}) {
  const location = useLocation();
  const [form, fields] = useForm({
    id: "assumptions",
    lastResult: result,
    defaultValue: Object.fromEntries(KEYS.map((k) => [k, String(inputs[k])])),
    schema: () => import("~/lib/schemas/real-estate").then((m) => m.valuationQuerySchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card space-y-4" aria-labelledby="assumptions-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="assumptions-title" className="text-lg font-semibold">
          Assumptions
        </h2>
        {location.search ? (
          <Link to={location.pathname} className="link text-sm">
            Back to the defaults
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        Change any assumption and value again; the page&apos;s address keeps your assumptions, so you can share the link.
      </p>
      <Form method="get" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {KEYS.map((key) => (
            <div key={key}>
              <TextField meta={fields[key]!} label={LABELS[key]} inputMode="decimal" />
              <p className="mt-1 text-xs text-slate-500">
                {inputs[key] !== defaults[key] ? `Default ${defaults[key]}. ` : ""}
                {sources[key]}
              </p>
            </div>
          ))}
        </div>
        <button type="submit" className="btn-primary">
          Value again
        </button>
      </Form>
    </section>
  );
}
