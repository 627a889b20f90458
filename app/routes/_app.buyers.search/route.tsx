import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { asShown, handleTableAction, tableView } from "~/models/table-view.server";
import { projectOptions } from "~/.server/project-options";
import { searchProjects, SORTABLE, type SortKey } from "~/models/project-search.server";
import { ndaStatusesOf } from "~/models/contracts.server";
import { readForm } from "~/.server/body";
import { onlyAsks } from "~/.server/http";
import { invalid } from "~/.server/replies";
import { resultFor } from "~/lib/action-result";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { projectGridBody } from "~/components/project-cells.server";
import { PROJECT_ROW_KEYS, SIZE_BANDS } from "~/lib/projects";
import { formatNumber } from "~/lib/format";
import { teaserPathFor } from "~/lib/access";
import { StaticHtml } from "~/components/static-html";
import { dealSectionOf } from "~/lib/deal-section.server";
import { titleMeta } from "~/lib/meta";
import { SaveSearchForm } from "./save-search-form";
import { saveThisSearch } from "./save-search.server";
import { MatchmakingAssistant } from "~/components/matchmaking-assistant";
import { assistantFor } from "~/models/matchmaking-chats.server";
import { assistantView } from "~/components/matchmaking-assistant.server";
import { searchMap } from "./map.server";
import { ViewSwitch } from "./view-switch";
import { charRef } from "~/lib/format";
import { resultsMapMarkup } from "./results-map.server";
import { parseWithZod, searchPageSchema } from "~/lib/schemas/index.server";
import { hrefWith } from "~/lib/href-with";

export const meta = () => titleMeta("Search projects");

/** Each row links where its loader said (the teaser for the member's role). */
const rowHref = (r: ProjectRow) => r.href ?? `/projects/more-details/${r.id}`;

/** Buyers' search, and brokers' at /brokers/search (the same module): filters and sort live in the URL. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: dealSectionOf(args.request) === "brokers" ? "broker" : "buyer" });
  const [view, options, lists] = await Promise.all([tableView(services, user, "projectSearch", args.request), projectOptions(services), services.content.constantLists()]);
  // a value no list offers (an old link, a list changed since, a typo) is no filter, and the form shows it unset:
  // an unknown size was ignored while an unknown industry found nothing
  const offered: Record<string, readonly string[]> = {
    industry: options.values.industries,
    region: options.values.locations,
    status: options.values.loanStatus,
    transactionSize: (lists.transactionScales?.items ?? []).map((i) => i.value).filter((v) => v in SIZE_BANDS),
  };
  for (const [key, values] of Object.entries(offered)) {
    const value = view.filters[key];
    if (value && value !== "Any" && !values.includes(value)) delete view.filters[key];
  }
  const sort = (view.sortBy in SORTABLE ? view.sortBy : "date") as SortKey;
  const query = new URL(args.request.url).searchParams;
  const bestMatch = query.get("order") === "best";
  const params = {
    q: view.filters.q,
    industry: view.filters.industry,
    region: view.filters.region,
    status: view.filters.status,
    transactionSize: view.filters.transactionSize,
    sort,
    desc: view.sortDesc,
    page: view.page,
    bestMatchFor: bestMatch ? user.customerId : null,
  };
  const showMap = query.get("view") === "map";
  const role = dealSectionOf(args.request) === "brokers" ? "broker" : "buyer";
  // read together: on D1 reads started at once go as one call
  const [result, map, assistant, ndas] = await Promise.all([
    // the map view shows no rows: the table's query only counts
    searchProjects(services.db, showMap ? { ...params, page: 1, pageSize: 1 } : params, { shown: view.visible }),
    showMap ? searchMap(services, { params, role }) : null,
    // the assistant is the buyers' (brokers' criteria are their clients', set on /preferences)
    role === "buyer" ? assistantFor(services, { user }).then(assistantView) : null,
    // the member's NDAs, beside the results rather than after them: one NDA per project they asked for
    ndaStatusesOf(services.db, { userId: user.id }),
  ]);
  const { rows: found, ...paging } = result;
  // a page past the last (a shared link, a listing gone since) goes to the last, its filters kept:
  // it drew the count beside "No projects match", and no pager back
  const lastPage = Math.ceil(paging.total / paging.pageSize);
  if (!map && found.length === 0 && paging.total > 0 && paging.page > lastPage) throw redirect(hrefWith(new URL(args.request.url), { page: lastPage }));
  const listed = map ? [] : found;
  // every result shown counts as an impression, once a day per member; after the response
  if (!onlyAsks(args.request)) services.recordLook({ kind: "impression", userId: user.id, projectIds: listed.map((r) => r.id), at: Date.now() });
  // spec §3's "status" column: the member's own NDA status on each project
  const rows = asShown(
    listed.map((r) => ({ ...r, ndaStatus: ndas.get(r.id) ?? null, href: teaserPathFor(role, r) })),
    view.visible,
    [...PROJECT_ROW_KEYS, "href"],
  );
  return {
    ...paging,
    // the rows drawn here in the member's columns (decision 042): the handoff carries their markup only
    body: map ? null : projectGridBody("projectSearch", view, rows, { href: rowHref, empty: "No projects match. Try fewer filters." }),
    // in best-match order no column is the sort (it only breaks ties): no header says it sorts the rows
    view: bestMatch ? { ...view, sortBy: "" } : view,
    bestMatch,
    assistant,
    map: map ? resultsMapMarkup(map, result.total) : null,
    filters: {
      industries: options.items.industries,
      regions: options.items.locations,
      statuses: options.items.loanStatus,
      sizes: lists.transactionScales?.items ?? [],
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: dealSectionOf(args.request) === "brokers" ? "broker" : "buyer" });
  const submission = parseWithZod(await readForm(args.request), { schema: searchPageSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  if (step.intent === "save-search") return saveThisSearch(services, args.request, { user, name: step.name, submission });
  return handleTableAction(services, user.id, step, args.request);
}


function Filter({ name, label, value, options }: { name: string; label: string; value: string; options: Array<{ value: string; label: string }> }) {
  return (
    <label className="text-sm">
      <span className="label">{label}</span>
      <select name={name} defaultValue={value || "Any"} className="input">
        <option value="Any">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Buyers' and brokers' search: one GET form, so a search is a URL that can be shared and works without JavaScript. */
export default function SearchPage() {
  const title = "Search projects";
  const { body, total, more, page, pageSize, view, filters, bestMatch, assistant, map } = useLoaderData<typeof loader>();
  const saveResult = resultFor(useActionData<typeof action>()?.result, "save-search");
  const location = useLocation();
  const navigation = useNavigation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (n: number) => hrefWith(location, { page: n });
  return (
    <>
      <PageHeader title={title} />
      <Form method="get" role="search" className="card mb-4 grid gap-3 sm:grid-cols-6" key={location.search}>
        <label className="text-sm sm:col-span-2">
          <span className="label">Search</span>
          <input type="search" name="q" defaultValue={view.filters.q ?? ""} placeholder="Name, industry, region, description" className="input" maxLength={200} />
        </label>
        <Filter name="industry" label="Industry" value={view.filters.industry ?? "Any"} options={filters.industries} />
        <Filter name="region" label="Region" value={view.filters.region ?? "Any"} options={filters.regions} />
        <Filter name="status" label="Status" value={view.filters.status ?? "Any"} options={filters.statuses} />
        <Filter name="transactionSize" label="Transaction size" value={view.filters.transactionSize ?? "Any"} options={filters.sizes} />
        <label className="text-sm">
          <span className="label">Order</span>
          <select name="order" defaultValue={bestMatch ? "best" : ""} className="input">
            <option value="">By column</option>
            <option value="best">Best match</option>
          </select>
        </label>
        {map ? <input type="hidden" name="view" value="map" /> : null}
        <input type="hidden" name="sort" value={view.sortBy} />
        <input type="hidden" name="desc" value={view.sortDesc ? "1" : "0"} />
        <div className="flex items-end gap-2 sm:col-span-6">
          <button type="submit" className="btn-primary">
            {navigation.state === "loading" ? "Searching…" : "Search"}
          </button>
          <Link to={`${location.pathname}?q=&industry=Any&region=Any&status=Any&transactionSize=Any`} className="btn-secondary">
            Clear
          </Link>
          <p className="ml-auto text-sm text-slate-600" data-testid="result-count" aria-live="polite">
            {more ? `More than ${formatNumber(total)} projects: add a filter or another word to narrow them` : total === 1 ? "1 project" : `${formatNumber(total)} projects`}
          </p>
        </div>
      </Form>
      <ViewSwitch map={Boolean(map)} />
      {map ? <StaticHtml markup={map} /> : body ? <ProjectGrid table="projectSearch" view={view} body={body} caption="Search results" /> : null}
      <SaveSearchForm lastResult={saveResult} />
      {pages > 1 && !map ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? <Link to={pageHref(page - 1)} className="link"><span aria-hidden="true" dangerouslySetInnerHTML={charRef(0x2190)} /> Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)} className="link">Next <span aria-hidden="true" dangerouslySetInnerHTML={charRef(0x2192)} /></Link> : null}
        </nav>
      ) : null}
      {assistant ? (
        <div className="mt-6">
          <MatchmakingAssistant assistant={assistant} back={location.pathname + location.search} />
        </div>
      ) : null}
    </>
  );
}
