import { getFormProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification, signIn } from "~/auth/session.server";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { ROLE_LABELS } from "~/lib/roles";
import { profileActionSchema } from "~/lib/schemas/index.server";
import { resultFor } from "~/lib/action-result";
import { currentPasswordCheckRefused, currentPasswordHash, setPassword, toPublicUser, updateProfile } from "~/models/users.server";
import { NO_CODES, twoFactorAction, twoFactorState } from "./two-factor.server";
import { TwoFactorSection } from "./two-factor";
import { readForm } from "~/.server/body";
import { answer, invalid } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

/** What is never sent back to the browser: the passwords and codes typed into the page. */
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
const SECRET_FIELDS = [...PASSWORD_FIELDS, "code"];

export const meta = () => titleMeta("Profile");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  return { user: toPublicUser(user), twoFactor: await twoFactorState(services, user) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  const submission = parseWithZod(await readForm(args.request), { schema: profileActionSchema() });
  if (submission.status !== "success") return invalid(submission, { hideFields: SECRET_FIELDS, extra: NO_CODES });
  const step = submission.value;
  switch (step.intent) {
    case "profile": {
      await updateProfile(services.db, user.id, step);
      return redirectWithNotification(services, args.request, "/profile", "Your profile is saved.");
    }
    case "password": {
      const refused = await currentPasswordCheckRefused(services.db, user.id);
      if (refused) return answer(submission.reply({ fieldErrors: { currentPassword: [refused] }, hideFields: PASSWORD_FIELDS }), 429, NO_CODES);
      const checked = await currentPasswordHash(services.db, user.id, step.currentPassword);
      // other browsers and API clients signed in with the old password are signed out with it; the
      // same form sent again at once (a double click) finds it replaced by the first and is refused
      // as any wrong password is, leaving this browser the session the first began
      if (!checked || !(await setPassword(services.db, user.id, step.newPassword, checked))) {
        const wrong = { currentPassword: ["The current password is not correct."] };
        return answer(submission.reply({ fieldErrors: wrong, hideFields: PASSWORD_FIELDS }), 400, NO_CODES);
      }
      return signIn(services, args.request, user.id, { redirectTo: "/profile", notification: "Your password is changed." });
    }
    default:
      return twoFactorAction(services, args.request, user, submission, step);
  }
}

export default function ProfilePage() {
  const { user } = useLoaderData<typeof loader>();
  const { twoFactor } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const result = data?.result;
  const location = useLocation();
  const [profileForm, profile] = useForm({
    id: "profile",
    lastResult: resultFor(result, "profile"),
    defaultValue: { name: user.name, phone: user.phone },
    schema: () => import("~/lib/schemas/account").then((m) => m.profileActionSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [passwordForm, password] = useForm({
    id: "password",
    lastResult: resultFor(result, "password"),
    schema: () => import("~/lib/schemas/account").then((m) => m.profileActionSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title="Profile" />
      <dl className="card mb-6 grid grid-cols-[8rem_minmax(0,1fr)] gap-y-2 text-sm break-words">
        <dt className="text-slate-500">E-mail</dt>
        <dd>{user.email}</dd>
        <dt className="text-slate-500">Company</dt>
        <dd>{user.company}</dd>
        <dt className="text-slate-500">Business type</dt>
        <dd>{user.businessType || "—"}</dd>
        <dt className="text-slate-500">Role</dt>
        <dd>{user.role ? ROLE_LABELS[user.role] : "—"}</dd>
      </dl>
      <section className="card mb-6">
        <h2 className="mb-4 text-lg font-semibold">Your details</h2>
        <Form method="post" className="space-y-4" {...getFormProps(profileForm)}>
          <input type="hidden" name="intent" value="profile" />
          <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
          <TextField meta={profile.name} label="Full name" autoComplete="name" />
          <TextField meta={profile.phone} label="Phone" type="tel" autoComplete="tel" hint="with country code" />
          <button type="submit" className="btn-primary">
            Save details
          </button>
        </Form>
      </section>
      <TwoFactorSection state={twoFactor} result={result} recoveryCodes={data?.recoveryCodes} />
      <section className="card">
        <h2 className="mb-4 text-lg font-semibold">Change password</h2>
        {/* drawn anew after a change (it redirects here, with no action data): with JavaScript the page stays, and the
            typed passwords stayed in it, inviting a second change that the old password then failed. Not keyed on
            the visit alone: a refusal's message shows before its visit ends, and the form drawn anew then lost a
            field typed meanwhile */}
        <Form method="post" className="space-y-4" {...getFormProps(passwordForm)} key={data ? "answered" : location.key}>
          <input type="hidden" name="intent" value="password" />
          <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
          <TextField meta={password.currentPassword} label="Current password" type="password" autoComplete="current-password" />
          <TextField meta={password.newPassword} label="New password" type="password" autoComplete="new-password" hint="at least 10 characters" />
          <TextField meta={password.confirmPassword} label="Repeat new password" type="password" autoComplete="new-password" />
          <button type="submit" className="btn-primary">
            Change password
          </button>
        </Form>
      </section>
    </div>
  );
}
