/**
 * Where to go after signing in. Only a path on this site: it must start with a
 * single "/" (never "//host" or "/\host", which browsers treat as another origin).
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/home",
): string {
  if (typeof to !== "string" || !to) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // control characters and backslashes can be normalised into another origin
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
