import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ROLE_NAMES } from "~/lib/roles";
import { userSchema } from "~/lib/schemas/customer";
import { FieldErrors, FormErrors, TextField } from "./forms";

const ROLE_TEXT: Record<(typeof ROLE_NAMES)[number], string> = {
  ROLE_BUYER: "Buyer",
  ROLE_SELLER: "Seller",
  ROLE_ADMIN: "Admin",
  ROLE_BROKER: "Broker",
  ROLE_AGENT: "Agent",
};

/** The account form of /admin/users/create and /admin/users/edit/{id}, roles included. */
export function UserForm({
  lastResult,
  defaultValue,
  submitLabel,
  note,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { name?: string; email?: string; company?: string; phone?: string; roles?: string[] };
  submitLabel: string;
  note?: string;
}) {
  const [form, fields] = useForm({
    id: "user",
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosen = defaultValue?.roles ?? [];
  return (
    <Form method="post" className="card max-w-xl space-y-4" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <TextField meta={fields.name} label="Name" autoComplete="off" />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" />
      <TextField meta={fields.company} label="Company" />
      <TextField meta={fields.phone} label="Phone" type="tel" hint="+ country code" />
      <fieldset aria-describedby={fields.roles.errorId}>
        <legend className="label">Roles</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {ROLE_NAMES.map((role) => (
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
