import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/.server/auth";
import { notFound } from "~/.server/http";
import { SimpleTable, cell } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/project-cells";
import { ProjectSummary } from "~/components/project-facts";
import { formatCurrency, formatPercent } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { findVisibleProject, loanTape } from "~/models/projects.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** The full listing with the borrower and the loan tape: for its seller and for admins. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args);
  const project = await findVisibleProject(services.db, { id: user.id, role }, Number(args.params.id));
  if (!project || (role !== "admin" && project.sellerId !== user.id)) throw notFound();
  const loans = project.kind === "loan_pool" ? await loanTape(services.db, project.id) : [];
  return json({ project, loans });
}

export default function CompanyPage() {
  const { project, loans } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName || "Untitled draft"}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <div className="max-w-4xl">
        <ProjectSummary project={project} />
      </div>
      {project.kind === "loan_pool" ? (
        <section aria-label="Loan tape">
          <h2 className="mb-2 font-semibold">Loan tape ({loans.length} loans)</h2>
          <SimpleTable caption="Loan tape" count={loans.length} empty="No loans imported." headers={["Line", "Loan", "Balance", "Rate", "Maturity", "Property", "State", "Status", "LTV"]}>
            {loans.slice(0, 500).map((l) => (
              <tr key={l.id}>
                <td className={cell}>{l.line}</td>
                <td className={cell}>{l.loanNumber}</td>
                <td className={cell}>{formatCurrency(l.balance)}</td>
                <td className={cell}>{formatPercent(l.interestRate)}</td>
                <td className={cell}>{l.maturityDate}</td>
                <td className={cell}>{l.propertyType || "—"}</td>
                <td className={cell}>{l.state || "—"}</td>
                <td className={cell}>{l.status}</td>
                <td className={cell}>{l.ltv === null ? "—" : formatPercent(l.ltv)}</td>
              </tr>
            ))}
          </SimpleTable>
        </section>
      ) : null}
    </div>
  );
}
