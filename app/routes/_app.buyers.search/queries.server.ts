import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { handleTableAction, tableView } from "~/models/table-view.server";
import { projectOptions } from "~/.server/project-options";
import { recordImpressions, searchProjects, SORTABLE, type SortKey } from "~/models/projects.server";
import { ndaStatusesOf } from "~/models/contracts.server";
import { readForm } from "~/.server/body";

/** The buyer and broker search pages share this loader: filters and sort live in the URL. */
export async function searchLoader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args);
  const view = await tableView(services, user.id, "projectSearch", args.request);
  const sort = (view.sortBy in SORTABLE ? view.sortBy : "date") as SortKey;
  const [result, options] = await Promise.all([
    searchProjects(services.db, {
      q: view.filters.q,
      industry: view.filters.industry,
      region: view.filters.region,
      status: view.filters.status,
      transactionSize: view.filters.transactionSize,
      sort,
      desc: view.sortDesc,
      page: view.page,
    }),
    projectOptions(services),
  ]);
  // every result shown counts as an impression, once a day per member; after the response
  services.waitUntil(recordImpressions(services.db, user.id, result.rows.map((r) => r.id)));
  const [lists, ndas] = await Promise.all([
    services.content.constantLists(),
    ndaStatusesOf(services.db, user.id, result.rows.map((r) => r.id)),
  ]);
  return json({
    ...result,
    // spec §3's "status" column: the member's own NDA status on each project
    rows: result.rows.map((r) => ({ ...r, ndaStatus: ndas.get(r.id) ?? null })),
    view,
    filters: {
      industries: options.items.industries,
      regions: options.items.locations,
      statuses: options.items.loanStatus,
      sizes: lists.transactionScales?.items ?? [],
    },
  });
}

export async function searchAction(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args);
  const response = await handleTableAction(services, user.id, "projectSearch", await readForm(args.request), args.request);
  return response ?? json({ error: "Unknown request" }, { status: 400 });
}
