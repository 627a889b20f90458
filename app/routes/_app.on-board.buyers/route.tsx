import { getFormProps, useForm, type FieldMetadata } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { formErrorsOf } from "~/lib/action-result";
import { titleMeta } from "~/lib/meta";
import { stepOf } from "~/lib/onboarding";
import { Bubbles, Choices } from "./chat";
import { onboardingAction, onboardingLoader } from "./onboarding.server";

export const meta = () => titleMeta("Set up your account");

/** /on-board/buyers, and /on-board/sellers (the same module): one question per step, each answer saved at once. */
export async function loader(args: LoaderFunctionArgs) {
  return await onboardingLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return onboardingAction(args);
}

export default function OnboardingPage() {
  const data = useLoaderData<typeof loader>();
  const { side, completed, conversation } = data;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title="Set up your account" />
      <Bubbles turns={conversation} />
      {completed ? <Finished side={side} finish={data.wanted ?? data.finish} wanted={data.wanted} /> : <Question key={data.step.key} />}
    </div>
  );
}

/**
 * Focuses the element as the browser first draws it (`autoFocus` does it as a page loads, but React moves
 * only form controls when it mounts one on a page already there: the next question after an answer).
 */
function useFocusedAsDrawn<T extends HTMLElement>(wanted: boolean) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (wanted) element.current?.focus();
    // as it is drawn only: a refusal later is its field's to focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return element;
}

function Finished({ side, finish, wanted }: { side: string; finish: string; wanted: string | null }) {
  const done = useFocusedAsDrawn<HTMLHeadingElement>(true);
  return (
    <section className="card space-y-3" aria-labelledby="onboard-done">
      {/* the last answer's page: the focus, left on <body> by the disabled buttons (or at the top of a page loaded anew), is taken to the news */}
      <h2 id="onboard-done" className="text-lg font-semibold" tabIndex={-1} autoFocus ref={done}>
        You are all set
      </h2>
      {side === "seller" ? (
        <>
          <p className="text-sm text-slate-700">Our team will check your company. Meanwhile, put your first portfolio or asset on the market.</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/projects/create" className="btn-primary">
              List your first project
            </Link>
            {wanted ? (
              <Link to={wanted} className="btn-secondary">
                Back to the page you opened
              </Link>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">We will show you the projects that fit what you told us.</p>
          <Link to={finish} className="btn-primary">
            {wanted ? "Back to the page you opened" : "Search projects"}
          </Link>
        </>
      )}
    </section>
  );
}

function Question() {
  const { step, options, defaults, companyKept, unattached, side } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state !== "idle";
  const [form, stepFields] = useForm({
    id: `onboard-${step.key}`,
    lastResult: result,
    defaultValue: defaults,
    schema: () => import("~/lib/schemas/onboarding").then((m) => m.stepSchema(stepOf(side, step.key)!, options)),
    shouldValidate: "onSubmit",
  });
  // one question's fields, named by the step: looked up by name
  const fields = stepFields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const field = fields[step.key]!;
  const question = useFocusedAsDrawn<HTMLDivElement>(!step.first && !result);
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {/* each question after an answer (a new mount: keyed by its step) takes the focus, so that it is read out and the
          keyboard starts at it: the buttons, disabled while the answer was on its way, had left the focus on <body>, and a
          page loaded anew without JavaScript starts at the header. A refused answer's field takes it instead (useForm) */}
      <div
        className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3"
        data-testid="current-question"
        tabIndex={-1}
        autoFocus={(!step.first && !result) || undefined}
        ref={question}
      >
        <p className="font-medium">{step.question}</p>
        {step.hint ? <p className="mt-1 text-sm text-slate-600">{step.hint}</p> : null}
      </div>
      <FormErrors errors={formErrorsOf(result)} />
      <input type="hidden" name="step" value={step.key} />
      <div className="card space-y-3">
        {step.kind === "company" ? (
          <>
            <TextField meta={fields.customerName!} label="Company" autoComplete="organization" />
            <TextField meta={fields.website!} label="Website" hint="optional" placeholder="https://" />
            {companyKept ? (
              <p className="text-sm text-slate-600" data-testid="company-kept">
                Your company is on file as {companyKept}; our team keeps its name up to date.
              </p>
            ) : null}
          </>
        ) : step.kind === "text" ? (
          <div>
            <label htmlFor={field.id} className="label">
              Your answer
            </label>
            <textarea id={field.id} name={field.name} rows={4} className="input" defaultValue={String(field.initialValue ?? "")} aria-invalid={field.errors ? true : undefined} aria-describedby={field.errors ? field.errorId : undefined} />
            <FieldErrors id={field.errorId} errors={field.errors} />
          </div>
        ) : (
          <Choices name={field.name} id={field.id} errorId={field.errorId} errors={field.errors} multiple={step.kind === "many"} choices={step.choices} chosen={(field.initialValue as string | string[] | undefined) ?? ""} legend={step.question} />
        )}
        {unattached && step.kind !== "company" ? (
          <p className="text-sm text-slate-600">We keep your answers with this conversation until our team has linked you to your company.</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {!step.first ? (
          <button type="submit" name="intent" value="back" className="btn-secondary" formNoValidate disabled={busy}>
            Back
          </button>
        ) : null}
        <button type="submit" name="intent" value="answer" className="btn-primary" disabled={busy}>
          Next
        </button>
        {step.optional ? (
          <button type="submit" name="intent" value="skip" className="btn-secondary" formNoValidate disabled={busy}>
            Skip
          </button>
        ) : null}
      </div>
    </Form>
  );
}
