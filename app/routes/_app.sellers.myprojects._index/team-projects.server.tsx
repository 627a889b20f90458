import { StaticPager, type PageAt, type Paging } from "~/components/pager";
import { staticMarkupOf } from "~/components/static-html.server";
import { STATUS_LABELS, type ProjectStatus } from "~/lib/project-kinds";

type TeamProject = { id: number; projectName: string | null; status: ProjectStatus };

/**
 * The colleagues' projects the seller may open, drawn here: a page of up to fifty links that React would
 * otherwise resolve one by one on every request, and its pager (`?shared=`, the table's page kept).
 * Their clicks stay within the app (StaticHtml).
 */
export function teamProjectsMarkup({ rows: projects, page, pageSize, total }: Paging & { rows: TeamProject[] }, url: PageAt) {
  const rows = projects.map(({ id, projectName, status }) => ({ id, projectName, status }));
  const at = { pathname: url.pathname, search: url.search };
  return staticMarkupOf({ teamProjects: rows, page, pageSize, total, at: total > pageSize ? at : null }, () => (
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
      {total > pageSize ? <StaticPager page={page} pageSize={pageSize} total={total} noun="projects" param="shared" label="Colleagues' project pages" anchor="team-projects" at={at} /> : null}
    </section>
  ));
}
