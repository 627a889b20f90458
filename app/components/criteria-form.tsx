import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "~/components/form-state";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CRITERIA_LIMITS, PERFORMING_LOAN_PREFERENCES, type BuyerCriteria } from "~/lib/buyer-criteria";
import { type CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import { FieldErrors, FormErrors, SelectField, TextAreaField } from "./forms";

export type CriteriaDefaults = BuyerCriteria & { buyerType: string };

/** A list of checkboxes posting one repeated field: works without JavaScript, no widget library. */
function CheckboxList({
  meta,
  legend,
  options,
  hint,
  columns = "sm:grid-cols-3",
}: {
  meta: FieldMetadata<string | string[] | undefined, Record<string, unknown>, string[]>;
  legend: ReactNode;
  options: readonly string[];
  hint?: ReactNode;
  columns?: string;
}) {
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined} data-field={meta.name}>
      <legend className="label">
        {legend}
        {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
      </legend>
      <div className={`grid grid-cols-2 gap-x-4 gap-y-1 ${columns}`}>
        {getCollectionProps(meta, { type: "checkbox", options: [...options] }).map(({ key, ...props }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input {...props} />
            {props.value}
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/**
 * A buyer company's criteria (spec §3 names, repeated fields for lists): the one form
 * of /preferences, /buyers/profile and the admin's customer page. `intent` is posted
 * when the page's action answers several forms.
 */
export function CriteriaForm({
  id,
  options,
  defaultValue,
  lastResult,
  intent,
  submitLabel = "Save criteria",
}: {
  id: string;
  options: CriteriaOptions;
  defaultValue: CriteriaDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  intent?: string;
  submitLabel?: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    schema: () => import("~/lib/schemas/buyer-criteria").then((m) => m.buyerCriteriaSchema(options)),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="card space-y-5" {...getFormProps(form)}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors errors={form.errors} />
      <CheckboxList
        meta={fields.industryPreferences}
        legend="Industries"
        hint={`(up to ${CRITERIA_LIMITS.industries}; "No Preferred Industry" means any)`}
        options={options.industries}
      />
      <CheckboxList meta={fields.borrowerLocationPreferences} legend="Regions" options={options.locations} />
      <CheckboxList
        meta={fields.statePreferences}
        legend="States"
        hint={`(up to ${CRITERIA_LIMITS.states})`}
        options={options.states}
        columns="sm:grid-cols-4"
      />
      <CheckboxList meta={fields.transactionScalePreferences} legend="Transaction size" options={options.transactionScales} />
      <fieldset data-field={fields.performingLoanPreference.name}>
        <legend className="label">Loan status</legend>
        <div className="flex flex-wrap gap-4">
          {getCollectionProps(fields.performingLoanPreference, { type: "radio", options: [...PERFORMING_LOAN_PREFERENCES] }).map(
            ({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...props} />
                {props.value}
              </label>
            ),
          )}
        </div>
        <FieldErrors id={fields.performingLoanPreference.errorId} errors={fields.performingLoanPreference.errors} />
      </fieldset>
      <CheckboxList meta={fields.investmentPref} legend="Investment types" options={options.investmentTypes} />
      <CheckboxList meta={fields.transactionPref} legend="Transaction types" options={options.transactionTypes} />
      <SelectField
        meta={fields.buyerType}
        label="Investor type"
        placeholder="—"
        options={options.investorTypes.map((t) => ({ value: t, label: t }))}
      />
      <TextAreaField meta={fields.investmentCriteria} label="Investment criteria" rows={3} />
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
