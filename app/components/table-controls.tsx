import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZES } from "~/lib/admin-tables";

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
