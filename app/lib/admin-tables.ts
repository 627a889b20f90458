/**
 * What the paged admin tables share (inbound items, potential customers, users):
 * page sizes, "Any" as no filter and date-range filters.
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
