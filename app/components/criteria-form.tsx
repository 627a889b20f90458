import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { Fragment, useState, type ReactNode } from "react";
import { CRITERIA_LIMITS, PERFORMING_LOAN_PREFERENCES, type BuyerCriteria } from "~/lib/buyer-criteria";
import { type CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import { FieldErrors, FormErrors, SelectField, TextAreaField } from "./forms";
import { StaticHtml, type Markup } from "./static-html";

/** The criteria lists of checkboxes (each field and its options), which the server may draw (criteria-form.server). */
export const CHOICE_LISTS = {
  industryPreferences: "industries",
  borrowerLocationPreferences: "locations",
  statePreferences: "states",
  transactionScalePreferences: "transactionScales",
  investmentPref: "investmentTypes",
  transactionPref: "transactionTypes",
} as const satisfies Record<string, keyof CriteriaOptions>;

/** The checkboxes of each list, drawn on the server for the form as it first shows, with the form's id. */
export type DrawnChoices = { formId: string; lists: Record<keyof typeof CHOICE_LISTS, Markup> };

/** One checkbox per option, all posting the field's name: what CheckboxList holds, drawn in React or on the server. */
export function CheckboxOptions({ meta, options }: { meta: FieldMetadata; options: readonly string[] }) {
  return getCollectionProps(meta, { type: "checkbox", options: [...options] }).map(({ key, ...props }) => (
    <label key={key} className="flex items-center gap-2 text-sm">
      <input {...props} />
      {/* free to break after a slash: "Trading Assets/Liquidation" was one word, run past a phone's card */}
      <span>{props.value.split("/").map((part, i) => (i ? <Fragment key={i}>/<wbr />{part}</Fragment> : part))}</span>
    </label>
  ));
}

export type CriteriaDefaults = BuyerCriteria & { buyerType: string };

/** A list of checkboxes posting one repeated field: works without JavaScript, no widget library. */
function CheckboxList({
  meta,
  legend,
  options,
  hint,
  columns = "sm:grid-cols-3",
  drawn,
}: {
  meta: FieldMetadata<string | string[] | undefined, Record<string, unknown>, string[]>;
  legend: ReactNode;
  options: readonly string[];
  hint?: ReactNode;
  columns?: string;
  drawn?: Markup;
}) {
  const grid = `grid grid-cols-2 gap-x-4 gap-y-1 ${columns}`;
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined} data-field={meta.name}>
      <legend className="label">
        {legend}
        {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
      </legend>
      {drawn ? (
        <StaticHtml markup={drawn} className={grid} />
      ) : (
        <div className={grid}>
          <CheckboxOptions meta={meta} options={options} />
        </div>
      )}
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
  choices,
  opened,
}: {
  id: string;
  options: CriteriaOptions;
  defaultValue: CriteriaDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  intent?: string;
  submitLabel?: string;
  choices?: DrawnChoices;
  /** The criteria as the page showed them: the save writes only what this member changed (another's save meanwhile kept). */
  opened?: string;
}) {
  // some hundred checkboxes cost a page more than the rest of it: as the form first shows, the
  // server draws them, and they stay as drawn while the member ticks them (the browser holds their
  // state; a reply's errors show beside each list). A page drawn with a reply (a refused post
  // without JavaScript) draws them here, with the values the member sent.
  const [firstDrawn] = useState(() => !lastResult && choices?.formId === id);
  const drawn = firstDrawn && choices ? choices.lists : null;
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
      {opened ? <input type="hidden" name="opened" value={opened} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <CheckboxList
        meta={fields.industryPreferences}
        drawn={drawn?.industryPreferences}
        legend="Industries"
        hint={`(up to ${CRITERIA_LIMITS.industries}; "No Preferred Industry" means any)`}
        options={options.industries}
      />
      <CheckboxList meta={fields.borrowerLocationPreferences} drawn={drawn?.borrowerLocationPreferences} legend="Regions" options={options.locations} />
      <CheckboxList
        meta={fields.statePreferences}
        drawn={drawn?.statePreferences}
        legend="States"
        hint={`(up to ${CRITERIA_LIMITS.states})`}
        options={options.states}
        columns="sm:grid-cols-4"
      />
      <CheckboxList
        meta={fields.transactionScalePreferences}
        drawn={drawn?.transactionScalePreferences}
        legend="Transaction size"
        options={options.transactionScales}
      />
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
      <CheckboxList meta={fields.investmentPref} drawn={drawn?.investmentPref} legend="Investment types" options={options.investmentTypes} />
      <CheckboxList meta={fields.transactionPref} drawn={drawn?.transactionPref} legend="Transaction types" options={options.transactionTypes} />
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
