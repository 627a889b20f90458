import { ProjectMatch, type ProjectMatchItem } from "~/components/project-match";

type Recommendation = ProjectMatchItem;

/** "Recommended for you": the buyer's best matches, each with why it matches (drawn on the server). */
export function Recommended({ projects, hasCompany }: { projects: Recommendation[]; hasCompany: boolean }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 pb-10" aria-labelledby="recommended">
      <h2 id="recommended" className="mb-3 text-lg font-semibold">
        Recommended for you
      </h2>
      {projects.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((p) => (
            <ProjectMatch key={p.projectId} match={p} className="card" testId="recommendation" />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          {hasCompany ? (
            <>
              No matches yet. <a href="/preferences" className="link">Set your criteria</a> and we will recommend projects that fit them.
            </>
          ) : (
            "Your account is not yet attached to a company; recommendations follow your company's criteria."
          )}
        </p>
      )}
    </section>
  );
}
