import { useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { projectGridBody } from "~/components/project-cells.server";
import { titleMeta } from "~/lib/meta";
import { withBack } from "~/lib/table-back.server";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "~/lib/project-kinds";
import { listProjectsForAdmin } from "~/models/projects.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { parseWithZod, tableActionSchema } from "~/lib/schemas/index.server";
import { keepWithinPages } from "~/models/list-query.server";

export const meta = () => titleMeta("Projects");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const view = await tableView(services, user, "adminProjects", args.request, { stated: true });
  const params = new URL(args.request.url).searchParams;
  const listing = params.get("listing") as ProjectStatus | null;
  const status = listing && PROJECT_STATUSES.includes(listing) && listing !== "draft" ? listing : undefined;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const found = await listProjectsForAdmin(services.db, {
    status,
    q,
    sort: view.sortBy,
    desc: view.sortDesc,
    page: view.page,
    pageSize: Number(params.get("pageSize")) || undefined,
    shown: view.visible,
  });
  const { rows, ...paging } = found;
  // a page past the last (the submitted list shrinks as the admin reviews it): the last, its filters kept
  keepWithinPages(args.request, paging);
  // a row's link names the table as the admin has it: the project page's way back to it
  const url = new URL(args.request.url);
  const at = url.pathname + url.search;
  const href = (r: ProjectRow) => withBack(`/admin/projects/${r.id}`, at, "/admin/projects");
  const body = projectGridBody("adminProjects", view, rows, { href, hrefFrom: at, empty: "No projects." });
  return { ...paging, body, view, listing: status ?? "", q };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("adminProjects") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

export default function AdminProjectsPage() {
  const { body, total, page, pageSize, view, listing, q } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Projects" />
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SearchFilter value={q} placeholder="Name, industry, region" />
        <SelectFilter
          name="listing"
          label="Listing status"
          value={listing}
          options={PROJECT_STATUSES.filter((s) => s !== "draft").map((s) => [s, STATUS_LABELS[s]] as const)}
          noneOption={["", "All"]}
        />
      </ViewForm>
      <ProjectGrid table="adminProjects" view={view} body={body} caption="Projects" />
      <Pager page={page} pageSize={pageSize} total={total} noun="projects" testId="projects-count" />
    </>
  );
}
