import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { abandonSecondStep, pendingSignin, signIn } from "~/auth/session.server";
import { checkSecondFactor } from "~/auth/signin.server";
import { FormErrors, TextField } from "~/components/forms";
import { titleMeta } from "~/lib/meta";
import { secondFactorSchema } from "~/lib/schemas/index.server";
import { SIGNIN_MESSAGES } from "~/models/users.server";
import { enrolAgainAfterUnreadableKey, TOTP_KEY_UNREADABLE } from "~/models/two-factor.server";
import { readForm } from "~/.server/body";
import { answer, refuse } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Sign-in code");

export const SET_UP_AGAIN =
  "You are signed in with a recovery code. Codes from your authenticator app could no longer be checked, so set up two-factor sign-in again: scan the new code below with your app, in place of the entry it has for us.";

export const CODE_REFUSED = "This code is not correct, or was used already. Enter the code your app shows now.";

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args);
  if (!(await pendingSignin(services, args.request))) throw redirect("/signin");
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const pending = await pendingSignin(services, args.request);
  if (!pending) return abandonSecondStep(services, "Your sign-in took too long. Please sign in again.");
  const submission = parseWithZod(await readForm(args.request), { schema: secondFactorSchema() });
  const hide = { hideFields: ["code"] };
  if (submission.status !== "success") return answer(submission.reply(hide), 400);
  const result = await checkSecondFactor(services, args.request, pending.user, submission.value.code);
  if (result.ok && result.keyUnreadable && (await enrolAgainAfterUnreadableKey(services.db, services.env.SESSION_SECRET, pending.user.id))) {
    // a key no code can match, left in place, had cost a recovery code at every sign-in: the set-up is shown at once
    return signIn(services, args.request, pending.user.id, { redirectTo: "/profile#two-factor", notification: SET_UP_AGAIN, notificationType: "info" });
  }
  if (result.ok) return signIn(services, args.request, pending.user.id, { redirectTo: pending.redirectTo });
  if (result.reason === "locked") return abandonSecondStep(services, SIGNIN_MESSAGES.refused);
  if (result.reason === "disabled") return abandonSecondStep(services, SIGNIN_MESSAGES.disabled);
  return refuse(submission, result.reason === "unreadable" ? TOTP_KEY_UNREADABLE : CODE_REFUSED, 401, hide);
}

export default function SecondStepPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signin-code",
    lastResult,
    schema: () => import("~/lib/schemas/account").then((m) => m.secondFactorSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="card">
      <h1 className="mb-2 text-2xl font-bold">Two-factor sign-in</h1>
      <p className="mb-6 text-sm text-slate-600">
        Enter the six-digit code your authenticator app shows for Secondary Marketplace, or one of your recovery codes.
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="text" autoFocus />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          Verify
        </button>
        <p className="text-center text-sm">
          <Link to="/signin" className="link">Start again</Link>
        </p>
        {/* a member with neither their app nor a recovery code had no word of a way back in: an admin turns it off */}
        <p className="text-center text-sm text-slate-600">
          Lost your phone and your recovery codes? <Link to="/contact-us" className="link">Contact us</Link> to have two-factor sign-in turned off.
        </p>
      </Form>
    </div>
  );
}
