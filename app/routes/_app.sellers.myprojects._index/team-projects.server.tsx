import { staticMarkupOf } from "~/components/static-html.server";
import { STATUS_LABELS, type ProjectStatus } from "~/lib/project-kinds";

type TeamProject = { id: number; projectName: string | null; status: ProjectStatus };

/**
 * The colleagues' projects the seller may open, drawn here: up to fifty links that React would
 * otherwise resolve one by one on every request. Their clicks stay within the app (StaticHtml).
 */
export function teamProjectsMarkup(projects: TeamProject[]) {
  const rows = projects.map(({ id, projectName, status }) => ({ id, projectName, status }));
  return staticMarkupOf({ teamProjects: rows }, () => (
    <section aria-labelledby="team-projects" className="mt-8">
      <h2 id="team-projects" className="mb-2 text-lg font-semibold">Your colleagues' projects</h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="team-projects">
        {rows.map((p) => (
          <li key={p.id} className="flex justify-between px-3 py-2">
            <a href={`/sellers/myprojects/${p.id}`} className="link">{p.projectName || "Untitled"}</a>
            <span className="text-slate-500">{STATUS_LABELS[p.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  ));
}
