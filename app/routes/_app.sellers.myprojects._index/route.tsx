import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { PageHeader } from "~/components/page-header";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { titleMeta } from "~/lib/meta";
import { listSellerProjects, sortRows, toProjectRow } from "~/models/projects.server";
import { withDealCounts } from "~/models/pipeline.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { tableActionSchema } from "~/lib/schemas/table";

export const meta = () => titleMeta("My projects");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const view = await tableView(services, user.id, "sellerProjects", args.request);
  const rows = await withDealCounts(services.db, (await listSellerProjects(services.db, user.id)).map((p) => toProjectRow(p)));
  return json({ rows: sortRows(rows, view.sortBy, view.sortDesc), view });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("sellerProjects") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

const sellerHref = (r: ProjectRow) => `/sellers/myprojects/${r.id}`;

export default function SellerProjectsPage() {
  const { rows, view } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="My projects">
        <div className="flex gap-2">
          <Link to="/sellers/myprojects/drafts" className="btn-secondary">
            Drafts
          </Link>
          <Link to="/projects/create" className="btn-primary">
            List a project
          </Link>
        </div>
      </PageHeader>
      <ProjectGrid
        table="sellerProjects"
        view={view}
        rows={rows}
        href={sellerHref}
        caption="My projects"
        empty="You have not submitted a project yet."
      />
    </>
  );
}
