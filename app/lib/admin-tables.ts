/**
 * What the paged admin tables share (inbound items, potential customers, users):
 * page sizes, "Any" as no filter, date-range filters and the URL that states a view.
 */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;

export const pageSizeOf = (value: unknown) => {
  const n = Number(value);
  return (ADMIN_PAGE_SIZES as readonly number[]).includes(n) ? n : ADMIN_PAGE_SIZES[0];
};

/** A filter's value when it filters: "Any" and "" do not. */
export const chosen = (value: string | undefined) => (value && value !== "Any" ? value : undefined);

const DAY_MS = 86_400_000;

/** A date filter (YYYY-MM-DD, UTC) as the first millisecond it admits; `end` makes it inclusive of that whole day. */
export function dayBound(value: string | undefined, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!m) return undefined;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(at) ? undefined : end ? at + DAY_MS : at;
}

export type ViewState = { filters: Readonly<Record<string, string | undefined>>; sort?: string; desc?: boolean; page?: number; pageSize?: number };

/**
 * The URL of a table with these filters, sort and page. Every filter is written,
 * "Any" too: a filter left out falls back to the admin's saved default.
 */
export function tableQuery(defaults: Readonly<Record<string, string>>, state: ViewState) {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) params.set(key, state.filters[key] ?? defaults[key]!);
  if (state.sort) params.set("sort", state.sort);
  if (state.desc !== undefined) params.set("desc", state.desc ? "1" : "0");
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.pageSize && state.pageSize !== ADMIN_PAGE_SIZES[0]) params.set("pageSize", String(state.pageSize));
  return params.toString();
}
