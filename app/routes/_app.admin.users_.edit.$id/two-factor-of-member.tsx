import { Form } from "@remix-run/react";

/** For a member who lost their authenticator app and their recovery codes: the only way back into their account. */
export function TwoFactorOfMember() {
  return (
    <section className="card mt-6 max-w-2xl space-y-3" aria-labelledby="two-factor-of-member">
      <h2 id="two-factor-of-member" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-slate-600">
        On. If the member lost their authenticator app and their recovery codes, turn it off: they then sign in with their password alone
        and are told so by e-mail.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="two-factor-off" />
        <button type="submit" className="btn-secondary">
          Turn off two-factor sign-in
        </button>
      </Form>
    </section>
  );
}
