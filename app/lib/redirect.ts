const BASE = "http://site.invalid";

/**
 * Where to go after signing in (or any other target taken from a request): only a
 * path on this site. The check runs on the normalised result, because `new URL`
 * turns "/.//host" or "/%2e//host" into "//host", which browsers read as another
 * origin; whatever we return is exactly what we checked.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/home",
): string {
  if (typeof to !== "string" || !to || to.length > 2048) return fallback;
  if (!to.startsWith("/")) return fallback;
  // control characters and backslashes can be normalised into another origin
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return isInSitePath(path) ? path : fallback;
}

function isInSitePath(path: string) {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  // stable: normalising again changes nothing
  if (new URL(path, BASE).href !== BASE + path) return false;
  // refused too when it only turns into another origin once decoded (by a proxy, a later redirect ...)
  let decoded = path;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // eslint-disable-next-line no-control-regex
  return !(decoded.startsWith("//") || decoded.startsWith("/\\") || /^\/[\u0000-\u001f\u007f]/.test(decoded));
}
