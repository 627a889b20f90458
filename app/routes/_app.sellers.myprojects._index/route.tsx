import { Link, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { projectGridBody } from "~/components/project-cells.server";
import { StaticHtml } from "~/components/static-html";
import { titleMeta } from "~/lib/meta";
import { pageSizeOf } from "~/lib/admin-tables";
import { pageNumber } from "~/lib/query-params";
import { listSellerProjectPage } from "~/models/projects.server";
import { sharedProjectPage } from "~/models/seller-permissions.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { parseWithZod, tableActionSchema } from "~/lib/schemas/index.server";
import { teamProjectsMarkup } from "./team-projects.server";

export const meta = () => titleMeta("My projects");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const view = await tableView(services, user, "sellerProjects", args.request);
  const url = new URL(args.request.url);
  // read together: on D1 reads started at once go as one call
  const [{ rows, ...paging }, shared] = await Promise.all([
    listSellerProjectPage(services.db, user.id, {
      sort: view.sortBy,
      desc: view.sortDesc,
      page: view.page,
      pageSize: pageSizeOf(url.searchParams.get("pageSize")),
      shown: view.visible,
    }),
    // on a parameter of its own, the table's page kept beside it
    sharedProjectPage(services.db, { userId: user.id, page: pageNumber(url.searchParams.get("shared")), signedIn: user }),
  ]);
  const body = projectGridBody("sellerProjects", view, rows, { href: sellerHref, empty: "You have not submitted a project yet." });
  return { ...paging, body, view, shared: shared.rows.length ? teamProjectsMarkup(shared, url) : null };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("sellerProjects") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

const sellerHref = (r: ProjectRow) => `/sellers/myprojects/${r.id}`;

export default function SellerProjectsPage() {
  const { body, view, shared, page, pageSize, total } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="My projects">
        <div className="flex gap-2">
          <Link to="/sellers/myprojects/drafts" className="btn-secondary">
            Drafts
          </Link>
          <Link to="/sellers/permissions" className="btn-secondary">
            Team
          </Link>
          <Link to="/projects/create" className="btn-primary">
            List a project
          </Link>
        </div>
      </PageHeader>
      <ProjectGrid table="sellerProjects" view={view} body={body} caption="My projects" />
      <Pager page={page} pageSize={pageSize} total={total} noun="projects" testId="projects-count" />
      {shared ? <StaticHtml markup={shared} /> : null}
    </>
  );
}
