/**
 * The page a query parameter asks for (`?page=3`, `?documents=2`): a whole number from 1 to `last`,
 * anything else (missing, `abc`, `-1`, `0`) the first, and anything past `last` (`1e300`, `Infinity`)
 * `last`. Every list reads its page through it: a page of Infinity became an offset of Infinity,
 * which the database refused with a 500.
 */
export function pageNumber(value: unknown, last = MAX_PAGE) {
  const n = Math.trunc(Number(value));
  return Number.isNaN(n) || n < 1 ? 1 : Math.min(n, last);
}

/** The deepest page any list serves: its offset stays a whole number the database takes. */
export const MAX_PAGE = 1_000_000_000;

/**
 * A record a query parameter names (`?owner=3`, `?project=12`, `?before=881`): a whole number from 1
 * that JavaScript holds exactly, or undefined (none named). `Infinity` was taken for an id and became
 * a value the database refused (a 500).
 */
export function recordId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * A day a query parameter names (`?from=2026-11-23`): a YYYY-MM-DD that is a day of the calendar, or
 * undefined. `2026-13-01` became an invalid Date whose NaN the database refused (a 500), and
 * `2026-02-31` rolled over into March for the rows while the daily sums compared it as text.
 */
export function calendarDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value ? value : undefined;
}
