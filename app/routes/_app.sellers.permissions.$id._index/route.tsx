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
import { Pager } from "~/components/pager";
import { titleMeta } from "~/lib/meta";
import { colleaguePermissionsSchema } from "~/lib/schemas/index.server";
import { colleagueLedBy, saveGrants, teamProjectPage } from "~/models/seller-permissions.server";
import { parseWithZod, grantsFromValues, valuesFromGrants } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";

export const meta = () => titleMeta("Colleague's permissions");

/**
 * One colleague's permissions, for all the team's projects and per project, a page of projects at a
 * time (`?page=`; `?granted=1`: only those they hold a permission on); only the company's first member opens it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await colleagueLedBy(services.db, { userId: user.id, memberId: idParam(args.params) });
  if (!found) throw notFound();
  const url = new URL(args.request.url);
  const granted = url.searchParams.get("granted") === "1";
  const grantedIds = Object.keys(found.grants.projects).map(Number);
  const { rows: projects, ...paging } = await teamProjectPage(services.db, {
    customerId: found.team.customerId,
    page: pageNumber(url.searchParams.get("page")),
    only: granted ? grantedIds : undefined,
  });
  // what is ticked for all, and on this page's projects: not the whole of a long list of grants
  const onPage = new Set(projects.map((p) => `${p.id}`));
  const checked = valuesFromGrants(found.grants).filter((v) => v.startsWith("all:") || onPage.has(v.slice(0, v.indexOf(":"))));
  return { member: { id: found.member.id, name: found.member.name, email: found.member.email }, checked, projects, paging, granted, grantedCount: grantedIds.length };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const found = await colleagueLedBy(services.db, { userId: user.id, memberId: idParam(args.params) });
  if (!found) throw notFound();
  const submission = parseWithZod(await readForm(args.request), { schema: colleaguePermissionsSchema() });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { grant, shown } = submission.value;
  await saveGrants(services.db, { actor: user, memberId: found.member.id, grants: grantsFromValues(grant), shown, address: clientAddress(args.request) });
  return redirectWithNotification(services, args.request, "/sellers/permissions", `${found.member.name}'s permissions are saved.`);
}

export default function ColleaguePermissionsPage() {
  const { member, checked, projects, paging, granted, grantedCount } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "colleague-permissions",
    lastResult,
    schema: () => import("~/lib/schemas/seller-permissions").then((m) => m.colleaguePermissionsSchema()),
  });
  const here = `/sellers/permissions/${member.id}`;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={`Permissions of ${member.name}`} back={{ to: "/sellers/permissions", label: "Team and permissions" }} />
      <p className="text-sm text-slate-600">
        {member.email} · <Link to={`${here}/profile`} className="link">Profile and activity</Link>
      </p>
      <p className="text-sm text-slate-600">Each permission includes viewing the project. A colleague sees only the projects ticked here; untick everything to take all access away.</p>
      <nav aria-label="Projects listed" className="flex gap-4 text-sm">
        <Link to={here} className={granted ? "link" : "font-semibold underline underline-offset-4"} aria-current={granted ? undefined : "page"}>
          All the team's projects
        </Link>
        <Link to={`${here}?granted=1`} className={granted ? "font-semibold underline underline-offset-4" : "link"} aria-current={granted ? "page" : undefined}>
          With their own permissions ({grantedCount})
        </Link>
      </nav>
      {/* keyed by the page, so that turning it shows that page's ticks, not the last page's */}
      <Form key={`${granted}:${paging.page}`} method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <PermissionGrid projects={projects} checked={checked} errors={fields.grant.errors} errorId={fields.grant.errorId} />
        {projects.map((p) => (
          <input key={p.id} type="hidden" name="shown" value={p.id} />
        ))}
        {paging.total > paging.pageSize ? (
          <p className="text-sm text-slate-600">Saving changes the permissions for all projects and on the projects of this page; turning the page drops what is not saved.</p>
        ) : null}
        <button type="submit" className="btn-primary">Save permissions</button>
      </Form>
      <Pager {...paging} noun="projects" showNone />
    </div>
  );
}
