import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { NewPasswordForm, SpentLink } from "~/components/new-password-form";
import { titleMeta } from "~/lib/meta";
import { resetPasswordSchema } from "~/lib/schemas/index.server";
import { completePasswordReset, findUsablePasswordReset } from "~/models/password-resets.server";
import { readForm } from "~/.server/body";
import { answer, refuse } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";
import { customerAllowsSignin } from "~/models/customer-accounts.server";
import { findUserById } from "~/models/users.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

/** What the link is for, as a member signed in to an account is told when they open it. */
const LINK_STEP = "choose a new password with this link";

export const COMPANY_SUSPENDED_MESSAGE = "Your password is changed, but your company's access is suspended: none of its members can sign in for now. Please contact us to restore access.";

export const meta = () => titleMeta("Choose a new password");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args, { link: LINK_STEP });
  const reset = await findUsablePasswordReset(services.db, args.params.id ?? "");
  return json({ valid: Boolean(reset) }, { status: reset ? 200 : 410 });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args, { link: LINK_STEP });
  const submission = parseWithZod(await readForm(args.request), { schema: resetPasswordSchema() });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return answer(submission.reply(hide), 400);
  const userId = await completePasswordReset(services.db, args.params.id ?? "", submission.value.password);
  // the same batch ended every session and API token made with the old password
  if (!userId) return refuse(submission, "This link has expired or was used already.", 410, hide);
  // a link sent before an admin disabled or locked the member's company: sent to sign in, they were refused
  // there with no word of why; told there (the spent link's page could say only that it is spent)
  const user = await findUserById(services.db, userId);
  if (user && !(await customerAllowsSignin(services.db, { customerId: user.customerId }))) {
    return redirectWithNotification(services, args.request, "/signin", COMPANY_SUSPENDED_MESSAGE, "error");
  }
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
  if (!valid) {
    return (
      <SpentLink title="This link no longer works" to="/uobs/reset" action="Ask for a new link">
        Reset links work once and for one hour. Ask for a new one and use the newest e-mail.
      </SpentLink>
    );
  }
  return (
    <NewPasswordForm
      id="reset-password"
      schema={() => import("~/lib/schemas/account").then((m) => m.resetPasswordSchema())}
      lastResult={lastResult}
      title="Choose a new password"
      labels={["New password", "Repeat new password"]}
      submit="Set new password"
    />
  );
}
