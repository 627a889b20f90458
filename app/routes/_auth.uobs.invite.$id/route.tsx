import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAnonymous } from "~/auth/guards.server";
import { signIn } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { NewPasswordForm, SpentLink } from "~/components/new-password-form";
import { titleMeta } from "~/lib/meta";
import { acceptInvitationSchema } from "~/lib/schemas/index.server";
import { activateOnSignin, customerAllowsSignin } from "~/models/customer-accounts.server";
import { acceptInvitation, findUsableInvitation } from "~/models/invitations.server";
import { clearFailures, findUserById } from "~/models/users.server";
import { parseWithZod } from "~/lib/schemas/index.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

/** What the link is for, as a member signed in to an account is told when they open it. */
const LINK_STEP = "accept this invitation";

export const meta = () => titleMeta("Accept your invitation");

/** The link of an invitation e-mail: choose a first password, then you are signed in. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireAnonymous(args, { link: LINK_STEP });
  const invitation = await findUsableInvitation(services.db, args.params.id ?? "");
  const user = invitation ? await findUserById(services.db, invitation.userId) : undefined;
  if (!user) return json({ valid: false as const, email: null }, { status: 410 });
  return { valid: true as const, email: user.email };
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireAnonymous(args, { link: LINK_STEP });
  const submission = parseWithZod(await readForm(args.request), { schema: acceptInvitationSchema() });
  const hide = ["password", "confirmPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  const userId = await acceptInvitation(services.db, { token: args.params.id ?? "", password: submission.value.password });
  if (!userId) {
    return json({ result: submission.reply({ formErrors: ["This link has expired or was used already."], hideFields: hide }) }, { status: 410 });
  }
  const user = (await findUserById(services.db, userId))!;
  if (!user.enabled || !(await customerAllowsSignin(services.db, { customerId: user.customerId }))) {
    return json({ result: submission.reply({ formErrors: ["Your password is set, but this account is disabled. Please contact us to restore access."], hideFields: hide }) }, { status: 403 });
  }
  await activateOnSignin(services.db, { customerId: user.customerId });
  // a sign-in like any other: the team's "Last sign-in" showed "—" for a colleague who came in by the link
  await clearFailures(services.db, userId);
  return signIn(services, args.request, userId, { redirectTo: "/auth/signed-in", notification: `Welcome, ${user.name}. Your account is ready.` });
}

export default function AcceptInvitationPage() {
  const { valid, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  if (!valid) {
    return (
      <SpentLink title="This invitation no longer works" to="/signin" action="Sign in">
        Invitation links work once and for 7 days. If you have set your password already, sign in; otherwise ask us for a new invitation.
      </SpentLink>
    );
  }
  return (
    <NewPasswordForm
      id="accept-invitation"
      schema={() => import("~/lib/schemas/customer").then((m) => m.acceptInvitationSchema())}
      lastResult={lastResult}
      title="Choose your password"
      intro={
        <>
          Your account: <strong>{email}</strong>
        </>
      }
      labels={["Password", "Repeat password"]}
      submit="Set password and sign in"
    />
  );
}
