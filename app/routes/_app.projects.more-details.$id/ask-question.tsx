import { getFormProps, useForm, type SubmissionResult } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { FormErrors, TextAreaField } from "~/components/forms";

/** A member's question about this project, answered by our team under Messages. */
export function AskQuestion({ projectId, lastResult }: { projectId: number; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "ask",
    lastResult,
    schema: () => import("~/lib/schemas/inbound").then((m) => m.askSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card mt-6 max-w-4xl" aria-labelledby="ask-heading">
      <h2 id="ask-heading" className="font-semibold">
        Ask a question about this project
      </h2>
      <p className="mt-1 text-sm text-slate-600">Our team answers; you will find the answer under Messages and by e-mail.</p>
      <Form method="post" action={`/projects/more-details/${projectId}`} className="mt-3 space-y-3" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="ask" />
        <TextAreaField meta={fields.question} label="Your question" rows={3} />
        <button type="submit" className="btn-secondary">
          Send question
        </button>
      </Form>
    </section>
  );
}
