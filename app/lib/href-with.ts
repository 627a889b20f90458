/**
 * The address `at` with some query parameters set or, given null, removed, and an anchor if given: a
 * link to another page, sort or view of a list keeps the page's filters and its other lists' pages.
 * With no parameter left it ends at the path (no bare "?").
 */
export function hrefWith(at: { pathname: string; search: string }, changes: Record<string, string | number | null>, anchor?: string) {
  const params = new URLSearchParams(at.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return `${at.pathname}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}
