import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { FormErrors, TextField } from "~/components/forms";
import { titleMeta } from "~/lib/meta";
import { resetPasswordSchema } from "~/lib/schemas/account";
import { revokeAllApiTokens } from "~/models/api-tokens.server";
import { completePasswordReset, findUsablePasswordReset } from "~/models/password-resets.server";
import { endAllSessions } from "~/models/sessions.server";
import { readForm } from "~/.server/body";
import { answer, refuse } from "~/.server/replies";

export const meta = () => titleMeta("Choose a new password");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const reset = await findUsablePasswordReset(services.db, args.params.id ?? "");
  return json({ valid: Boolean(reset) }, { status: reset ? 200 : 410 });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args);
  const submission = parseWithZod(await readForm(args.request), { schema: resetPasswordSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return answer(submission.reply(hide), 400);
  const userId = await completePasswordReset(services.db, args.params.id ?? "", submission.value.password);
  if (!userId) return refuse(submission, "This link has expired or was used already.", 410, hide);
  // a new password ends every session and API token made with the old one
  await endAllSessions(services.db, userId);
  await revokeAllApiTokens(services.db, userId);
  return redirectWithNotification(
    services,
    args.request,
    "/signin",
    "Your password is changed. Sign in with your new password.",
  );
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!valid) {
    return (
      <div className="card">
        <h1 className="mb-2 text-2xl font-bold">This link no longer works</h1>
        <p className="mb-4 text-sm text-slate-600">
          Reset links work once and for one hour. Ask for a new one and use the newest e-mail.
        </p>
        <Link to="/uobs/reset" className="btn-primary">
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <div className="card">
      <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <TextField meta={fields.password} label="New password" type="password" autoComplete="new-password" hint="at least 10 characters" />
        <TextField meta={fields.confirmPassword} label="Repeat new password" type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full">
          Set new password
        </button>
      </Form>
    </div>
  );
}
