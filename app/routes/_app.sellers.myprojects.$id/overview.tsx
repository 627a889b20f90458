import { ProjectSummary } from "~/components/project-facts";
import { StatusBadge } from "~/components/status-badge";
import { PageHeader } from "~/components/page-header";
import { TapeCompletenessNote } from "~/components/tape-completeness";
import type { TapeCompleteness } from "~/lib/loan-tape";
import type { Project } from "~/.server/db/schema";

type Counts = { ndas: number; negotiations: number; bids: number } | null;

/**
 * The top of the seller's project page, drawn on the server (overview.server): its status, why it was
 * returned, how buyers engage with it, and the listing as buyers read it.
 */
export function SellerOverview({ project, loans, completeness, counts }: { project: Project; loans: number; completeness: TapeCompleteness | null; counts: Counts }) {
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName || "Untitled draft"}>
        <StatusBadge status={project.status} />
      </PageHeader>
      {project.status === "rejected" && project.rejectionReason ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Returned by our team: {project.rejectionReason}
        </p>
      ) : null}
      <section className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Engagement">
        <div className="card">
          <p className="text-sm text-slate-500">Views</p>
          <p className="text-2xl font-semibold" data-testid="views">{project.views}</p>
        </div>
        <div className="card">
          <p className="text-sm text-slate-500">Impressions in search</p>
          <p className="text-2xl font-semibold" data-testid="impressions">{project.impressions}</p>
        </div>
        <div className="card">
          <p className="text-sm text-slate-500">Loans on the tape</p>
          <p className="text-2xl font-semibold">{project.kind === "loan_pool" ? loans : "—"}</p>
        </div>
        {(["ndas", "negotiations", "bids"] as const).map((key) => (
          <div key={key} className="card">
            <p className="text-sm text-slate-500">{{ ndas: "NDAs", negotiations: "Negotiations", bids: "Bids" }[key]}</p>
            <p className="text-2xl font-semibold" data-testid={key}>{counts?.[key] ?? 0}</p>
          </div>
        ))}
      </section>
      <TapeCompletenessNote completeness={completeness} forSeller />
      <ProjectSummary project={project} />
    </div>
  );
}
