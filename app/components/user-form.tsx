import { getFormProps, useForm, type SubmissionResult } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { ROLE_NAMES, ROLE_TEXT } from "~/lib/roles";
import { MEMBER_ROLES } from "~/lib/customers";
import { FieldErrors, FormErrors, SelectField, TextField } from "./forms";

/**
 * The account form, roles included: of /admin/users/create and /admin/users/edit/{id},
 * or, given the customers to choose from, of /admin/customer/buyer/add (a customer's
 * member: the company and phone are the customer's, the roles a member's).
 */
export function UserForm({
  lastResult,
  defaultValue,
  submitLabel,
  note,
  customers,
  opened,
  submissionKey,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { customerId?: string; name?: string; email?: string; company?: string; phone?: string; roles?: string[] };
  submitLabel: string;
  note?: string;
  customers?: { id: number; name: string }[];
  /** The account as the page showed it: the save writes only what this admin changed (another's edits meanwhile kept). */
  opened?: string;
  /** The create page's one-time key (decision 083): the same form sent twice makes one record. */
  submissionKey?: string;
}) {
  const roles = customers ? MEMBER_ROLES : ROLE_NAMES;
  const [form, fields] = useForm({
    id: customers ? "member" : "user",
    lastResult,
    defaultValue,
    schema: () => import("~/lib/schemas/customer").then((m) => (customers ? m.memberSchema() : m.userSchema())),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // as the form was last sent when it was refused (one ticked box comes back as a text), else as opened
  const chosen = [fields.roles.initialValue ?? []].flat();
  return (
    <Form method="post" className="card max-w-xl space-y-4" {...getFormProps(form)}>
      {opened ? <input type="hidden" name="opened" value={opened} /> : null}
      {submissionKey ? <input type="hidden" name="key" value={submissionKey} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {customers ? (
        <SelectField
          meta={fields.customerId!}
          label="Customer"
          placeholder="Choose a customer"
          options={customers.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      ) : null}
      <TextField meta={fields.name} label="Name" autoComplete="off" />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" />
      {customers ? null : (
        <>
          <TextField meta={fields.company!} label="Company" />
          <TextField meta={fields.phone!} label="Phone" type="tel" hint="+ country code" />
        </>
      )}
      <fieldset aria-describedby={fields.roles.errorId}>
        <legend className="label">Roles</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {roles.map((role) => (
            <label key={role} className="flex items-center gap-1">
              <input type="checkbox" name={fields.roles.name} value={role} defaultChecked={chosen.includes(role)} />
              {ROLE_TEXT[role]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.roles.errorId} errors={fields.roles.errors} />
      </fieldset>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
