import { getFormProps, useForm, type SubmissionResult } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS } from "~/lib/customers";
import { FormErrors, SelectField, TextAreaField, TextField } from "./forms";

export type CustomerFormDefaults = Partial<Record<
  "customerName" | "customerType" | "contactPerson" | "attentionEmail" | "attentionPhone" | "website" | "type" | "size" | "headquarters" | "smsAllowance" | "comments",
  string
>>;

/** The customer form of /admin/customers/create and /admin/customers/edit/{id}: the spec's column names. */
export function CustomerForm({
  id,
  lastResult,
  defaultValue,
  businessTypes,
  submitLabel,
  intent,
  opened,
  submissionKey,
}: {
  id: string;
  /** Posted when the page's action answers more than this form. */
  intent?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: CustomerFormDefaults;
  businessTypes: string[];
  submitLabel: string;
  /** The record as the page showed it: the save writes only what this admin changed (another's edits meanwhile kept). */
  opened?: string;
  /** The create page's one-time key (decision 083): the same form sent twice makes one record. */
  submissionKey?: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { customerType: "buyer", ...defaultValue },
    schema: () => import("~/lib/schemas/customer").then((m) => m.customerSchema(businessTypes)),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="card max-w-3xl space-y-4" {...getFormProps(form)}>
      {opened ? <input type="hidden" name="opened" value={opened} /> : null}
      {submissionKey ? <input type="hidden" name="key" value={submissionKey} /> : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.customerName} label="Customer name" />
        <SelectField meta={fields.customerType} label="Customer type" options={CUSTOMER_TYPES.map((t) => ({ value: t, label: CUSTOMER_TYPE_LABELS[t] }))} />
        <TextField meta={fields.contactPerson} label="Contact person" />
        <TextField meta={fields.attentionEmail} label="Attention e-mail" type="email" />
        <TextField meta={fields.attentionPhone} label="Attention phone" type="tel" hint="+ country code" />
        <TextField meta={fields.website} label="Website" type="url" hint="https://…" />
        <SelectField meta={fields.type} label="Business type" placeholder="—" options={businessTypes.map((t) => ({ value: t, label: t }))} />
        <TextField meta={fields.size} label="Size (USD)" inputMode="decimal" />
        <TextField meta={fields.headquarters} label="Headquarters" />
        <TextField meta={fields.smsAllowance} label="SMS allowance" inputMode="numeric" />
      </div>
      <TextAreaField meta={fields.comments} label="Comments" rows={3} />
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
