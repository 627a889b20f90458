import { PageHeader } from "~/components/page-header";
import { ProjectSummary } from "~/components/project-facts";
import { StatusBadge } from "~/components/status-badge";
import type { Project, User } from "~/.server/db/schema";

/**
 * The top of the admin's project page, drawn on the server (overview.server): status, seller, and the listing;
 * `back`, the projects table as the admin left it (a plain link: markup drawn here has no router for a Link).
 */
export function AdminOverview({ project, seller, loans, back }: { project: Project; seller: Pick<User, "name" | "company" | "email">; loans?: number; back: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
        <a href={back} className="link">
          Back to projects
        </a>
      </PageHeader>
      <p className="text-sm text-slate-600">
        Listed by {seller.name}, {seller.company} · <a className="link" href={`mailto:${seller.email}`}>{seller.email}</a> ·{" "}
        <a href={`/projects/company/${project.id}`} className="link">Full listing</a>
      </p>
      <ProjectSummary project={project}>{loans === undefined ? null : <p className="text-sm">Loans on the tape: {loans}</p>}</ProjectSummary>
    </div>
  );
}
