import { ProjectMatch, type ProjectMatchItem } from "~/components/project-match";
import { StaticPager, type PageAt, type Paging } from "~/components/pager";
import { staticMarkup } from "~/components/static-html.server";

/**
 * A buyer company's matched projects, best first, each with its score and reasons (the project page's
 * matched buyers the other way round), drawn here: the page ships their markup, not code to draw them.
 * Each opens the admin's project page; `matches` pages them, keeping the rest of the URL.
 */
export function matchedProjectsMarkup({ rows, ...paging }: Paging & { rows: ProjectMatchItem[] }, at: PageAt) {
  return staticMarkup(
    <>
      {rows.length ? (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="customer-matches">
          {rows.map((m) => (
            <ProjectMatch key={m.projectId} match={m} href={`/admin/projects/${m.projectId}`} className="rounded-md border border-slate-200 p-2 text-sm" testId="customer-match" />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No listing matches this company's criteria yet.</p>
      )}
      {paging.total > paging.pageSize ? (
        <StaticPager {...paging} noun="matched projects" param="matches" label="Pages of matched projects" anchor="matched-projects" at={at} />
      ) : null}
    </>,
  );
}
