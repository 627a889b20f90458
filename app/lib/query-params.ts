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
