import { getFormProps, useForm, type SubmissionResult, type LazySchema } from "~/components/form-state";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, TextField } from "./forms";

/** What a single-use link shows once it has expired or was used: why, and the way on. */
export function SpentLink({ title, children, to, action }: { title: string; children: ReactNode; to: string; action: string }) {
  return (
    <div className="card">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-4 text-sm text-slate-600">{children}</p>
      <Link to={to} className="btn-primary">
        {action}
      </Link>
    </div>
  );
}


/**
 * Choosing a password from an e-mailed link (an invitation's first one, a reset's new
 * one): the password twice, checked in the browser with the schema the action uses.
 */
export function NewPasswordForm({
  id,
  schema,
  lastResult,
  title,
  intro,
  labels,
  submit,
}: {
  id: string;
  schema: LazySchema;
  lastResult: SubmissionResult<string[]> | undefined;
  title: string;
  intro?: ReactNode;
  labels: readonly [string, string];
  submit: string;
}) {
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id,
    lastResult,
    schema,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="card">
      <h1 className={intro ? "mb-2 text-2xl font-bold" : "mb-6 text-2xl font-bold"}>{title}</h1>
      {intro ? <p className="mb-6 text-sm text-slate-600">{intro}</p> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.password} label={labels[0]} type="password" autoComplete="new-password" hint="at least 10 characters" />
        <TextField meta={fields.confirmPassword} label={labels[1]} type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full">
          {submit}
        </button>
      </Form>
    </div>
  );
}
