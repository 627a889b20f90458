import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { PageHeader } from "~/components/page-header";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { titleMeta } from "~/lib/meta";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "~/lib/projects";
import { listProjectsForAdmin, sortRows } from "~/models/projects.server";
import { withDealCounts } from "~/models/pipeline.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { tableActionSchema } from "~/lib/schemas/table";

export const meta = () => titleMeta("Projects");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const view = await tableView(services, user.id, "adminProjects", args.request);
  const status = new URL(args.request.url).searchParams.get("listing") as ProjectStatus | null;
  const valid = status && PROJECT_STATUSES.includes(status) && status !== "draft" ? status : undefined;
  const rows = await withDealCounts(services.db, await listProjectsForAdmin(services.db, { status: valid }));
  return json({ rows: sortRows(rows, view.sortBy, view.sortDesc), view });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("adminProjects") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

const adminHref = (r: ProjectRow) => `/admin/projects/${r.id}`;

export default function AdminProjectsPage() {
  const { rows, view } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Projects">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm">
            <span className="label">Listing status</span>
            <select name="listing" defaultValue={params.get("listing") ?? ""} className="input">
              <option value="">All</option>
              {PROJECT_STATUSES.filter((s) => s !== "draft").map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </Form>
      </PageHeader>
      <ProjectGrid table="adminProjects" view={view} rows={rows} href={adminHref} caption="Projects" empty="No projects." />
    </>
  );
}
