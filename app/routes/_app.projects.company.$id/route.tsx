import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { notFound, idParam } from "~/.server/http";
import { loanTapeMarkup } from "~/components/loan-tape-table.server";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { StaticHtml } from "~/components/static-html";
import { projectSummaryMarkup } from "~/components/project-facts.server";
import { pageTitle } from "~/lib/meta";
import { findVisibleProject, mayManageProject } from "~/models/projects.server";
import { loanTape } from "~/models/loan-tapes.server";
import { can } from "~/models/seller-permissions.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** The full listing with the borrower and the loan tape: for its seller, their colleagues who may see it, and admins. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: ["seller", "admin"] });
  const project = await findVisibleProject(services.db, { id: user.id, role }, idParam(args.params));
  if (!project) throw notFound();
  // the seller's colleagues see it with the view permission (issue #15 item 5)
  if (!mayManageProject({ id: user.id, role }, project) && !(role === "seller" && (await can(services.db, { userId: user.id, projectId: project.id }, "view")))) throw notFound();
  const pool = project.kind === "loan_pool";
  const loans = pool ? await loanTape(services.db, project.id, { limit: 500 }) : [];
  // the tape's figures are read here as its count and the table; the page needs no more of them
  const { tapeFieldCounts: _figures, ...shown } = project;
  return { project: shown, summary: projectSummaryMarkup(project), loanTape: pool ? loanTapeMarkup({ loans, count: project.tapeLoans }) : null };
}

export default function CompanyPage() {
  const { project, summary, loanTape } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName || "Untitled draft"}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <div className="max-w-4xl">
        <StaticHtml markup={summary} />
      </div>
      {loanTape ? <StaticHtml markup={loanTape} /> : null}
    </div>
  );
}
