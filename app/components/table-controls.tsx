import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZES, tableQuery, type ViewState } from "~/lib/admin-tables";
import { formatNumber } from "~/lib/format";

/**
 * The filters of a paged admin table: a GET form (it works without JavaScript) that
 * keeps the sort and puts every filter and the page size in the URL.
 */
export function ViewForm({ sort, desc, pageSize, children }: { sort: string; desc: boolean; pageSize: number; children: ReactNode }) {
  const location = useLocation();
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" key={location.search} aria-label="Filters">
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="desc" value={desc ? "1" : "0"} />
      {children}
      <label className="text-sm">
        <span className="label">Per page</span>
        <select name="pageSize" defaultValue={String(pageSize)} className="input">
          {ADMIN_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-primary">
        Show
      </button>
    </Form>
  );
}

export function SearchFilter({ value, placeholder }: { value: string | undefined; placeholder: string }) {
  return (
    <label className="text-sm">
      <span className="label">Search</span>
      <input type="search" name="q" defaultValue={value ?? ""} className="input" placeholder={placeholder} />
    </label>
  );
}

/** A filter with a fixed list of values; "Any" does not filter. */
export function SelectFilter({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <label className="text-sm">
      <span className="label">{label}</span>
      <select name={name} defaultValue={value ?? "Any"} className="input">
        <option value="Any">Any</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A day range on one date column (from and to, both days included). */
export function DaysFilter({ label, from, to }: { label: string; from: string | undefined; to: string | undefined }) {
  return (
    <>
      <label className="text-sm">
        <span className="label">{label} from</span>
        <input type="date" name="from" defaultValue={from ?? ""} className="input" />
      </label>
      <label className="text-sm">
        <span className="label">{label} to</span>
        <input type="date" name="to" defaultValue={to ?? ""} className="input" />
      </label>
    </>
  );
}

/** How many rows match, and links to the pages before and after, keeping the view. */
export function TablePager({ noun, total, defaults, state }: { noun: string; total: number; defaults: Readonly<Record<string, string>>; state: ViewState & { page: number; pageSize: number } }) {
  const location = useLocation();
  const { page, pageSize } = state;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (n: number) => `${location.pathname}?${tableQuery(defaults, { ...state, page: n })}`;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      <p data-testid="table-count">{total === 0 ? `No ${noun}` : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${noun}`}</p>
      <div className="flex items-center gap-3">
        {page > 1 ? (
          <Link to={href(page - 1)} rel="prev" className="btn-secondary px-3 py-1">
            Previous
          </Link>
        ) : null}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link to={href(page + 1)} rel="next" className="btn-secondary px-3 py-1">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
