import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { PermissionGrid } from "~/components/permission-grid";
import { titleMeta } from "~/lib/meta";
import { colleaguePermissionsSchema } from "~/lib/schemas/index.server";
import { colleagueLedBy, saveGrants, teamProjects } from "~/models/seller-permissions.server";
import { parseWithZod, grantsFromValues, valuesFromGrants } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Colleague's permissions");

/** One colleague's permissions, for all the team's projects and per project; only the company's first member opens it. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await colleagueLedBy(services.db, { userId: user.id, memberId: idParam(args.params) });
  if (!found) throw notFound();
  const projects = await teamProjects(services.db, { customerId: found.team.customerId });
  return { member: { id: found.member.id, name: found.member.name, email: found.member.email }, checked: valuesFromGrants(found.grants), projects };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await colleagueLedBy(services.db, { userId: user.id, memberId: idParam(args.params) });
  if (!found) throw notFound();
  const submission = parseWithZod(await readForm(args.request), { schema: colleaguePermissionsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  await saveGrants(services.db, { actor: user, memberId: found.member.id, grants: grantsFromValues(submission.value.grant), address: clientAddress(args.request) });
  return redirectWithNotification(services, args.request, "/sellers/permissions", `${found.member.name}'s permissions are saved.`);
}

export default function ColleaguePermissionsPage() {
  const { member, checked, projects } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "colleague-permissions",
    lastResult,
    schema: () => import("~/lib/schemas/seller-permissions").then((m) => m.colleaguePermissionsSchema),
  });
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={`Permissions of ${member.name}`} back={{ to: "/sellers/permissions", label: "Team and permissions" }} />
      <p className="text-sm text-slate-600">
        {member.email} · <Link to={`/sellers/permissions/${member.id}/profile`} className="link">Profile and activity</Link>
      </p>
      <p className="text-sm text-slate-600">Each permission includes viewing the project. A colleague sees only the projects ticked here; untick everything to take all access away.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <PermissionGrid projects={projects} checked={checked} errors={fields.grant.errors} errorId={fields.grant.errorId} />
        <button type="submit" className="btn-primary">Save permissions</button>
      </Form>
    </div>
  );
}
