import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification, signIn } from "~/auth/session.server";
import { verifyPassword } from "~/.server/password";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { ROLE_LABELS } from "~/lib/roles";
import { changePasswordSchema, profileSchema } from "~/lib/schemas/account";
import { revokeAllApiTokens } from "~/models/api-tokens.server";
import { endAllSessions } from "~/models/sessions.server";
import { setPassword, toPublicUser, updateProfile } from "~/models/users.server";
import { twoFactorAction, twoFactorState } from "./two-factor.server";
import { TwoFactorSection } from "./two-factor";
import { readForm } from "~/.server/body";

export const meta = () => titleMeta("Profile");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  return json({ user: toPublicUser(user), twoFactor: await twoFactorState(services, user) });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  const formData = await readForm(args.request);
  const intent = formData.get("intent");
  if (typeof intent === "string" && intent.startsWith("totp-")) return twoFactorAction(services, args.request, user, formData);
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const hide = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success") {
      return json({ intent: "password", result: submission.reply({ hideFields: hide }) }, { status: 400 });
    }
    if (!(await verifyPassword(submission.value.currentPassword, user.passwordHash))) {
      return json(
        {
          intent: "password",
          result: submission.reply({ fieldErrors: { currentPassword: ["The current password is not correct."] }, hideFields: hide }),
        },
        { status: 400 },
      );
    }
    await setPassword(services.db, user.id, submission.value.newPassword);
    // other browsers and API clients signed in with the old password are signed out
    await endAllSessions(services.db, user.id);
    await revokeAllApiTokens(services.db, user.id);
    return signIn(services, args.request, user.id, { redirectTo: "/profile", notification: "Your password is changed." });
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return json({ intent: "profile", result: submission.reply() }, { status: 400 });
  }
  await updateProfile(services.db, user.id, submission.value);
  return redirectWithNotification(services, args.request, "/profile", "Your profile is saved.");
}

export default function ProfilePage() {
  const { user } = useLoaderData<typeof loader>();
  const { twoFactor } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [profileForm, profile] = useForm({
    id: "profile",
    lastResult: data?.intent === "profile" ? data.result : undefined,
    defaultValue: { name: user.name, phone: user.phone },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [passwordForm, password] = useForm({
    id: "password",
    lastResult: data?.intent === "password" ? data.result ?? undefined : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title="Profile" />
      <dl className="card mb-6 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
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
          <FormErrors errors={profileForm.errors} />
          <TextField meta={profile.name} label="Full name" autoComplete="name" />
          <TextField meta={profile.phone} label="Phone" type="tel" autoComplete="tel" hint="with country code" />
          <button type="submit" className="btn-primary">
            Save details
          </button>
        </Form>
      </section>
      <TwoFactorSection state={twoFactor} data={data && "twoFactor" in data ? data : undefined} />
      <section className="card">
        <h2 className="mb-4 text-lg font-semibold">Change password</h2>
        <Form method="post" className="space-y-4" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="password" />
          <FormErrors errors={passwordForm.errors} />
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
