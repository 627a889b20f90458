import { Form, Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { deskAction } from "~/routes/_app.sellers.myprojects.$id/desk.server";
import { notFound, idParam } from "~/.server/http";
import { invalid } from "~/.server/replies";
import { Day, SimpleTable } from "~/components/data-table";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { formErrorsOf } from "~/lib/action-result";
import { pageTitle } from "~/lib/meta";
import { PERMISSIONS_PAGE_SIZE, projectPermissionsPage } from "~/models/contracts.server";
import { findProjectWithSeller } from "~/models/projects.server";
import { readForm } from "~/.server/body";
import { parseWithZod, dataRoomAccessSchema } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";
import { keepWithinPages } from "~/models/list-query.server";
import { backWithin } from "~/lib/table-back.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Permissions: ${data.project.projectName}` : "Permissions") }];

async function requireListedProject(args: GuardArgs) {
  const guarded = await requireUser(args, { role: "admin" });
  const found = await findProjectWithSeller(guarded.services.db, idParam(args.params));
  if (!found || found.project.status === "draft") throw notFound();
  return { ...guarded, project: found.project };
}

/** The project's permissions: which buyers with an NDA may open its data room. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, project } = await requireListedProject(args);
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"), 10_000);
  const { rows, total } = await projectPermissionsPage(services.db, { projectId: project.id, page });
  keepWithinPages(args.request, { page, pageSize: PERMISSIONS_PAGE_SIZE, total });
  // the project's page as the admin left it (its way back to the projects table in it), kept through the pager and the steps
  const projectPage = `/admin/projects/${project.id}`;
  const back = backWithin(new URL(args.request.url).search, [projectPage], projectPage);
  return { project: { id: project.id, projectName: project.projectName }, back, buyers: rows, total, page, pageSize: PERMISSIONS_PAGE_SIZE };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role, project } = await requireListedProject(args);
  const submission = parseWithZod(await readForm(args.request), { schema: dataRoomAccessSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  switch (step.intent) {
    case "block":
    case "unblock":
      // back to the page of NDAs the admin was on
      return deskAction(services, args.request, { project, user, role, here: `/admin/projects/permission/${project.id}${new URL(args.request.url).search}` }, submission, step);
  }
}

export default function PermissionsPage() {
  const { project, back, buyers, total, page, pageSize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title={`Permissions: ${project.projectName}`} />
      <p className="text-sm text-slate-600">
        Buyers with an approved NDA see the data room unless it is closed to them here.{" "}
        <Link to={back} className="link">Back to the project</Link>
      </p>
      <FormErrors errors={formErrorsOf(result)} />
      <SimpleTable caption="Data room permissions" count={total} empty="No buyer has asked for the NDA yet." headers={["Buyer", "NDA status", "Decided", "Data room"]}>
        {buyers.map((b) => (
          <tr key={b.contractId} data-testid="permission-row">
            <td>
              {b.name} <span className="text-xs text-slate-500">({b.company})</span>
            </td>
            <td>{b.ndaStatus}</td>
            <td><Day at={b.decidedAt} /></td>
            <td>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="contractId" value={b.contractId} />
                <span>{b.blocked ? "Closed" : b.ndaStatus === "NDA Approved" ? "Open" : "Opens on approval"}</span>
                <button type="submit" name="intent" value={b.blocked ? "unblock" : "block"} className="btn-secondary">
                  {b.blocked ? "Open the data room" : "Close the data room"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="NDAs" />
    </div>
  );
}
