import type { MatchReason } from "~/lib/match-score";

export type ProjectMatchItem = { projectId: number; projectName: string; kind: string; score: number; reasons: MatchReason[] };

/** One project that fits a buyer: its name (to the teaser), its score and why, reason by reason. Drawn on the server. */
export function ProjectMatch({ match, className, testId, href }: { match: ProjectMatchItem; className: string; testId: string; href?: string }) {
  return (
    <li className={`space-y-2 ${className}`} data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <a href={href ?? (match.kind === "real_estate" ? `/realestate/${match.projectId}` : `/projects/more-details/${match.projectId}`)} className="link font-medium">
          {match.projectName}
        </a>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold" title="Match score">
          {match.score}
        </span>
      </div>
      <ul className="text-xs text-slate-600">
        {match.reasons.map((r) => (
          <li key={r.reason}>
            {r.reason} <span className="text-slate-500">+{r.points}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
