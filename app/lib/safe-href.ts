const ALLOWED = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A link target content may use: http, https, mailto, tel, or a path on this site. Anything else: null. */
export function safeHref(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value;
  try {
    return ALLOWED.has(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}
