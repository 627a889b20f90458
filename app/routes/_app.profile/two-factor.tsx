import { getFormProps, useForm } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms";
import { resultFor, type ActionResult } from "~/lib/action-result";

type State =
  | { status: "on"; since: string; recoveryCodesLeft: number; canTurnOff: boolean; required: boolean }
  | { status: "pending"; svg: string; secret: string; required: boolean }
  | { status: "off"; required: boolean };

/** `result` is the profile action's answer; `recoveryCodes` what it answers when codes were made, shown once. */
export function TwoFactorSection({ state, result, recoveryCodes }: { state: State; result?: ActionResult; recoveryCodes?: string[] | null }) {
  return (
    <section id="two-factor" className="card mb-6" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="mb-2 text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {state.required ? (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Admins must turn on two-factor sign-in before they can use anything else.
        </p>
      ) : null}
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} justTurnedOn={Boolean(resultFor(result, "totp-confirm"))} /> : null}
      {state.status === "off" ? (
        <>
          <p className="mb-4 text-sm text-slate-600">
            After your password, sign-in will ask for a code from an authenticator app on your phone (any app that
            supports TOTP codes).
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="totp-start" className="btn-primary">
              Set up two-factor sign-in
            </button>
          </Form>
        </>
      ) : null}
      {state.status === "pending" ? <Enrol state={state} lastResult={resultFor(result, "totp-confirm")} /> : null}
      {state.status === "on" ? (
        <On state={state} lastResult={resultFor(result, "totp-disable")} codesResult={resultFor(result, "totp-recovery-codes")} codesShown={recoveryCodes?.[0]} />
      ) : null}
    </section>
  );
}

function Enrol({ state, lastResult }: { state: Extract<State, { status: "pending" }>; lastResult?: ActionResult }) {
  const [form, fields] = useForm({
    id: "totp-confirm",
    lastResult,
    schema: () => import("~/lib/schemas/account").then((m) => m.profileActionSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Scan this code with your authenticator app, then enter the six digits it shows.</p>
      {/* rendered on the server from our own data: an SVG with no script */}
      <div
        className="h-48 w-48"
        role="img"
        aria-label="QR code for your authenticator app"
        dangerouslySetInnerHTML={{ __html: state.svg }}
      />
      <p className="text-sm">
        Cannot scan? Enter this key in the app: <code data-testid="totp-secret" className="font-mono">{state.secret}</code>
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="totp-confirm" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.code} label="Code from the app" autoComplete="one-time-code" inputMode="numeric" />
        <TextField meta={fields.currentPassword} label="Your password, to turn it on" type="password" autoComplete="current-password" />
        <div className="flex gap-3">
          <button type="submit" className="btn-primary">
            Turn on
          </button>
        </div>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="totp-start" className="link text-sm">
          Start again with a new key
        </button>
      </Form>
    </div>
  );
}

function On({ state, lastResult, codesResult, codesShown }: { state: Extract<State, { status: "on" }>; lastResult?: ActionResult; codesResult?: ActionResult; codesShown?: string }) {
  const [form, fields] = useForm({
    id: "totp-disable",
    lastResult,
    schema: () => import("~/lib/schemas/account").then((m) => m.profileActionSchema()),
    shouldValidate: "onSubmit",
  });
  const [codesForm, codesFields] = useForm({
    id: "totp-recovery-codes",
    lastResult: codesResult,
    schema: () => import("~/lib/schemas/account").then((m) => m.profileActionSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-4">
      <p className="text-sm" data-testid="two-factor-status">
        Two-factor sign-in is on. {state.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      {/* drawn anew when new codes are shown, so the password typed for them does not stay in the page */}
      <Form method="post" className="space-y-4" {...getFormProps(codesForm)} key={codesShown}>
        <input type="hidden" name="intent" value="totp-recovery-codes" />
        <FormErrors id={codesForm.errorId} errors={codesForm.errors} />
        <TextField meta={codesFields.currentPassword} label="Your password, for new recovery codes" type="password" autoComplete="current-password" />
        <button type="submit" className="btn-secondary">
          New recovery codes
        </button>
      </Form>
      {state.canTurnOff ? (
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="totp-disable" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField meta={fields.currentPassword} label="Your password, to turn it off" type="password" autoComplete="current-password" />
          <button type="submit" className="btn-secondary">
            Turn off two-factor sign-in
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** `justTurnedOn`: the codes of a new enrolment, which signed out everything the password alone had signed in. */
function RecoveryCodes({ codes, justTurnedOn }: { codes: string[]; justTurnedOn: boolean }) {
  return (
    <div role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="mb-2 font-semibold">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once without your phone.
        They are shown only now.
        {justTurnedOn ? " Every other browser and app signed in to your account has been signed out." : null}
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
