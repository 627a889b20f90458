import { Link, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { PageHeader } from "~/components/page-header";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { projectGridBody } from "~/components/project-cells.server";
import { titleMeta } from "~/lib/meta";
import { listSellerProjectRows, sortRows } from "~/models/projects.server";
import { dealCountsOfSeller, withCounts } from "~/models/pipeline.server";
import { sharedProjects } from "~/models/seller-permissions.server";
import { STATUS_LABELS } from "~/lib/project-kinds";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { parseWithZod, tableActionSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("My projects");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  // read together: on D1 reads started at once go as one call
  const [view, own, counts, shared] = await Promise.all([
    tableView(services, user, "sellerProjects", args.request),
    listSellerProjectRows(services.db, user.id),
    dealCountsOfSeller(services.db, user.id),
    sharedProjects(services.db, { userId: user.id, limit: 50, signedIn: user }),
  ]);
  const rows = withCounts(own, counts);
  const body = projectGridBody("sellerProjects", view, sortRows(rows, view.sortBy, view.sortDesc), { href: sellerHref, empty: "You have not submitted a project yet." });
  return { body, view, shared };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "seller" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("sellerProjects") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

const sellerHref = (r: ProjectRow) => `/sellers/myprojects/${r.id}`;

export default function SellerProjectsPage() {
  const { body, view, shared } = useLoaderData<typeof loader>();
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
      {shared.length ? (
        <section aria-labelledby="team-projects" className="mt-8">
          <h2 id="team-projects" className="mb-2 text-lg font-semibold">Your colleagues' projects</h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="team-projects">
            {shared.map((p) => (
              <li key={p.id} className="flex justify-between px-3 py-2">
                <Link to={`/sellers/myprojects/${p.id}`} className="link">{p.projectName || "Untitled"}</Link>
                <span className="text-slate-500">{STATUS_LABELS[p.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
