import { Link } from "@remix-run/react";
import type { MatchReason } from "~/lib/match-score";

type Recommendation = { projectId: number; projectName: string; kind: string; score: number; reasons: MatchReason[] };

/** "Recommended for you": the buyer's best matches, each with why it matches. */
export function Recommended({ projects, hasCompany }: { projects: Recommendation[]; hasCompany: boolean }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 pb-10" aria-labelledby="recommended">
      <h2 id="recommended" className="mb-3 text-lg font-semibold">
        Recommended for you
      </h2>
      {projects.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((p) => (
            <li key={p.projectId} className="card space-y-2" data-testid="recommendation">
              <div className="flex items-start justify-between gap-2">
                <Link to={p.kind === "real_estate" ? `/realestate/${p.projectId}` : `/projects/more-details/${p.projectId}`} className="link font-medium">
                  {p.projectName}
                </Link>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold" title="Match score">
                  {p.score}
                </span>
              </div>
              <ul className="text-xs text-slate-600">
                {p.reasons.map((r) => (
                  <li key={r.reason}>
                    {r.reason} <span className="text-slate-500">+{r.points}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          {hasCompany ? (
            <>
              No matches yet. <Link to="/preferences" className="link">Set your criteria</Link> and we will recommend projects that fit them.
            </>
          ) : (
            "Your account is not yet attached to a company; recommendations follow your company's criteria."
          )}
        </p>
      )}
    </section>
  );
}
