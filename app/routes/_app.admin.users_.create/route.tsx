import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { submissionKeyOf } from "~/.server/replies";
import { formSubmissions } from "~/.server/db/schema";
import { madeBy } from "~/models/customer-accounts.server";
import { findUserById, normalizeEmail } from "~/models/users.server";
import type { SQL } from "drizzle-orm";
import { PageHeader } from "~/components/page-header";
import { UserForm } from "~/components/user-form";
import { titleMeta } from "~/lib/meta";
import { inviteUser } from "~/models/invitations.server";
import { parseWithZod, userSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("New user");

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args, { role: "admin" });
  // the form's one-time key (decision 083): sent twice (a double click, a resend), it makes one account
  return { submissionKey: randomToken(16) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: userSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { name, email, company, phone, roles } = submission.value;
  const submissionKey = submissionKeyOf(form);
  // the key is taken in the batch that makes the account: refused for its e-mail, a post whose key made an account is a repeat
  const alongside = (newUser: SQL<number>) => (submissionKey ? [services.db.insert(formSubmissions).values({ submissionKey, subjectType: "user", subjectId: newUser })] : []);
  const invite = (keyed: boolean) => inviteUser(services, { name, email, company, phone, roles, actor: user, address: clientAddress(args.request), alongside: keyed ? alongside : undefined });
  let invited = await invite(true);
  const first = !invited.ok && submissionKey ? await madeBy(services.db, submissionKey, "user") : null;
  const account = first ? await findUserById(services.db, first) : undefined;
  if (account && account.email === normalizeEmail(email)) {
    return redirectWithNotification(services, args.request, "/admin/users", `${name} is created, once: the form was sent twice, and one invitation is on its way to ${email}.`);
  }
  // the key made another account (back, another e-mail typed, sent from the old page): this one is made without it
  if (account) invited = await invite(false);
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { email: [invited.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, "/admin/users", `${name} is created; an invitation e-mail is on its way to ${email}.`);
}

export default function CreateUserPage() {
  const { submissionKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="New user" back={{ to: "/admin/users", label: "All users" }} />
      <UserForm lastResult={data?.result} defaultValue={{ roles: ["ROLE_BUYER"] }} submissionKey={submissionKey} submitLabel="Create and invite" note="The person gets an e-mail with a link, valid for 7 days, to choose a password." />
    </>
  );
}
