import { useActionData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { PageHeader } from "~/components/page-header";
import { UserForm } from "~/components/user-form";
import { titleMeta } from "~/lib/meta";
import { inviteUser } from "~/models/invitations.server";
import { parseWithZod, userSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("New user");

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args, { role: "admin" });
  return {};
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: userSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { name, email, company, phone, roles } = submission.value;
  const invited = await inviteUser(services, { name, email, company, phone, roles, actor: user, address: clientAddress(args.request) });
  if (!invited.ok) return json({ result: submission.reply({ fieldErrors: { email: [invited.message] } }) }, { status: 409 });
  return redirectWithNotification(services, args.request, "/admin/users", `${name} is created; an invitation e-mail is on its way to ${email}.`);
}

export default function CreateUserPage() {
  const data = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="New user" back={{ to: "/admin/users", label: "All users" }} />
      <UserForm lastResult={data?.result} defaultValue={{ roles: ["ROLE_BUYER"] }} submitLabel="Create and invite" note="The person gets an e-mail with a link, valid for 7 days, to choose a password." />
    </>
  );
}
