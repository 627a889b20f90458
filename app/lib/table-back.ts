/**
 * The way back to an admin table as the admin left it (its search, filters, sort and page): the table's
 * address rides in the `?back=` of the pages opened from it, through their own steps, to their way back.
 * Only an address on one of the pages named is taken (never another site, path or a fragment); anything
 * else is `fallback`, the bare page.
 */
export function backWithin(search: string, paths: readonly string[], fallback = paths[0]!) {
  const back = new URLSearchParams(search).get("back");
  return back && paths.some((path) => back === path || back.startsWith(`${path}?`)) && !/[#\s]/.test(back) ? back : fallback;
}

/** `href` opened from the page at `back`: named in its `?back=` (not when `back` is the bare `bare`, nothing to keep). */
export function withBack(href: string, back: string, bare: string) {
  if (back === bare) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${new URLSearchParams({ back })}`;
}
