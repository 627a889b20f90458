import { PageHeader } from "~/components/page-header";
import { ProjectSummary } from "~/components/project-facts";
import { StatusBadge } from "~/components/status-badge";
import type { Project, User } from "~/.server/db/schema";

/** The top of the admin's project page, drawn on the server (overview.server): status, seller, and the listing. */
export function AdminOverview({ project, seller, loans }: { project: Project; seller: Pick<User, "name" | "company" | "email">; loans?: number }) {
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <p className="text-sm text-slate-600">
        Listed by {seller.name}, {seller.company} · <a className="link" href={`mailto:${seller.email}`}>{seller.email}</a> ·{" "}
        <a href={`/projects/company/${project.id}`} className="link">Full listing</a>
      </p>
      <ProjectSummary project={project}>{loans === undefined ? null : <p className="text-sm">Loans on the tape: {loans}</p>}</ProjectSummary>
    </div>
  );
}
