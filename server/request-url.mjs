// The URL the app is handed for a Node request, from what the client sent.

// a Host as RFC 9110 has it: a name or IPv4 address (no "/", "@", "?", "#" or space), or an IPv6
// literal in brackets, and a port
const HOST = /^(?:[A-Za-z0-9._~!$&'()*+,;=-]+|\[[0-9A-Fa-f:.]+\])(?::\d{0,5})?$/;

/**
 * The request's URL: this server's origin as the Host header names it (the server trusts it, and
 * only it: X-Forwarded-Host would let a client choose the origin), then the path and query of
 * the request target. A target in absolute form ("POST http://evil.example/signout") names a
 * host of its own, which is dropped: taken as the URL, it made a cross-site post look
 * same-origin. Null when the Host header is empty or not a host (a 400, not a crash building the URL).
 * @param {string} protocol "http" or "https"
 * @param {string | undefined} host the Host header; undefined (HTTP/1.0) falls back to `fallbackHost`
 * @param {string} target the request target as sent (Express's originalUrl)
 * @param {string} fallbackHost
 * @returns {string | null}
 */
export function requestUrl(protocol, host, target, fallbackHost) {
  const name = host ?? fallbackHost;
  if (!HOST.test(name)) return null;
  const origin = `${protocol}://${name}`;
  try {
    // a path is a path on this origin: "//evil.example/x" is the path "//evil.example/x", not another host
    if (target.startsWith("/")) return new URL(`${origin}${target}`).href;
    const { pathname, search } = new URL(target, origin);
    // a scheme of no hierarchy ("a:b") has a path without its leading slash
    return new URL(`${origin}${pathname.startsWith("/") ? "" : "/"}${pathname}${search}`).href;
  } catch {
    return null;
  }
}
