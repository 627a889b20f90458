import { Link } from "@remix-run/react";
import type { teaserOf } from "~/.server/teaser";
import { PageHeader } from "./page-header";
import { ProjectSummary } from "./project-facts";
import { StatusBadge } from "./project-cells";

type Teaser = Omit<ReturnType<typeof teaserOf>, "publishedAt"> & { publishedAt: string | null };

/** The listing before an NDA: key terms and the seller's description; the rest is behind the NDA. */
export function TeaserView({ project }: { project: Teaser }) {
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <ProjectSummary project={project} />
      <section className="card bg-primary-light" aria-label="Confidential information">
        <h2 className="font-semibold text-primary">Borrower, documents and loan tape</h2>
        <p className="mt-1 text-sm text-slate-700">
          The seller shares the borrower&apos;s identity, the data room and the loan tape once you have signed the
          project&apos;s confidentiality agreement (NDA) and the seller has approved it.
        </p>
        {project.own ? (
          <p className="mt-3 text-sm">
            This is your listing: <Link to={`/sellers/myprojects/${project.id}`} className="link">manage it</Link>.
          </p>
        ) : null}
      </section>
    </div>
  );
}
