import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/components/form-state";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "./forms";
import { Turnstile } from "./turnstile";

export function SigninForm({
  lastResult,
  redirectTo,
  action = "/signin",
  captchaSiteKey = null,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string;
  action?: string;
  /** Set after several failed sign-ins from the visitor's address. */
  captchaSiteKey?: string | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    defaultValue: { redirect: redirectTo ?? "" },
    schema: () => import("~/lib/schemas/account").then((m) => m.signinSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
      <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <input {...getInputProps(fields.redirect, { type: "hidden" })} />
      {captchaSiteKey ? (
        <Turnstile
          siteKey={captchaSiteKey}
          withoutScript="After several failed sign-ins from your network, signing in needs JavaScript for a robot check. Turn JavaScript on, or try again in an hour."
        />
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
      <div className="flex justify-between text-sm">
        <Link to="/uobs/reset" className="link">
          Forgot your password?
        </Link>
        <Link
          to={fields.redirect.value ? `/join?${new URLSearchParams({ redirect: fields.redirect.value })}` : "/join"}
          className="link"
        >
          Create an account
        </Link>
      </div>
    </Form>
  );
}
