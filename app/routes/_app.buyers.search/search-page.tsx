import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { searchLoader } from "~/routes/_app.buyers.search/queries.server";
import { PageHeader } from "~/components/page-header";
import { ProjectGrid, type ProjectRow } from "~/components/project-cells";
import { formatNumber } from "~/lib/format";

const teaserHref = (r: ProjectRow) => (r.kind === "real_estate" ? `/realestate/${r.id}` : `/projects/more-details/${r.id}`);

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
export function SearchPage({ title }: { title: string }) {
  const { rows, total, page, pageSize, view, filters } = useLoaderData<typeof searchLoader>();
  const location = useLocation();
  const navigation = useNavigation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  return (
    <>
      <PageHeader title={title} />
      <Form method="get" role="search" className="card mb-4 grid gap-3 sm:grid-cols-6" key={location.search}>
        <label className="text-sm sm:col-span-2">
          <span className="label">Search</span>
          <input type="search" name="q" defaultValue={view.filters.q ?? ""} placeholder="Name, industry, region, description" className="input" />
        </label>
        <Filter name="industry" label="Industry" value={view.filters.industry ?? "Any"} options={filters.industries} />
        <Filter name="region" label="Region" value={view.filters.region ?? "Any"} options={filters.regions} />
        <Filter name="status" label="Status" value={view.filters.status ?? "Any"} options={filters.statuses} />
        <Filter name="transactionSize" label="Transaction size" value={view.filters.transactionSize ?? "Any"} options={filters.sizes} />
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
            {total === 1 ? "1 project" : `${formatNumber(total)} projects`}
          </p>
        </div>
      </Form>
      <ProjectGrid
        table="projectSearch"
        view={view}
        rows={rows}
        href={teaserHref}
        caption="Search results"
        empty="No projects match. Try fewer filters."
      />
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? <Link to={pageHref(page - 1)} className="link">← Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)} className="link">Next →</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
