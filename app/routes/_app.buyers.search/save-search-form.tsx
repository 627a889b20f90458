import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms";
import type { ActionResult } from "~/lib/action-result";

/** Saves the filters in the URL under a name; posted to the page itself, so the URL carries them. */
export function SaveSearchForm({ lastResult }: { lastResult?: ActionResult }) {
  const [form, fields] = useForm({
    id: "save-search",
    lastResult,
    schema: () => import("~/lib/schemas/saved-searches").then((m) => m.saveSearchSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="card mt-4 flex flex-wrap items-end gap-3" aria-label="Save this search" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save-search" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="min-w-64 grow">
        <TextField meta={fields.name} label="Save this search as" placeholder="e.g. Energy loans in the West" />
      </div>
      <button type="submit" className="btn-secondary">
        Save and alert me
      </button>
      <p className="w-full text-sm text-slate-600">
        New and changed listings that match come in a daily e-mail. <Link to="/preferences" className="link">Your saved searches</Link>
      </p>
    </Form>
  );
}
