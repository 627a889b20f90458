import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZES } from "~/lib/admin-tables";

/**
 * The filters of a paged admin table: a GET form (it works without JavaScript) that
 * keeps the sort and puts every filter and the page size in the URL.
 */
export function ViewForm({ sort, desc, pageSize, children }: { sort: string; desc: boolean; pageSize: number; children: ReactNode }) {
  const location = useLocation();
  // a table on a page opened from another (a customer's members): the way back to that one stays
  const back = new URLSearchParams(location.search).get("back");
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" key={location.search} aria-label="Filters">
      {back ? <input type="hidden" name="back" value={back} /> : null}
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

/**
 * A filter with a fixed list of values. Its first option does not filter: "Any" by
 * default, or the page's own (the outbox sends "" as "All"); `noneOption={null}` when
 * every value is a choice (whose preview to show).
 */
export function SelectFilter({
  name,
  label,
  value,
  options,
  noneOption = ["Any", "Any"],
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: ReadonlyArray<readonly [string | number, string]>;
  noneOption?: readonly [string, string] | null;
}) {
  return (
    <label className="text-sm">
      <span className="label">{label}</span>
      <select name={name} defaultValue={value ?? noneOption?.[0]} className="input">
        {noneOption ? <option value={noneOption[0]}>{noneOption[1]}</option> : null}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A GET form of one or two filters and its "Show" button, for a page that is not a table view. */
export function ShowForm({ children, label }: { children: ReactNode; label: string }) {
  const location = useLocation();
  return (
    <Form method="get" className="mb-4 flex items-end gap-3" key={location.search} aria-label={label}>
      {children}
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
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
