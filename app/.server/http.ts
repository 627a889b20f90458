import { json } from "@remix-run/server-runtime";

export const NOT_FOUND_MESSAGE = "This page could not be found";

/** Missing and forbidden look the same: 404. */
export function notFound() {
  return new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

export const CONTENT_UNAVAILABLE_MESSAGE = "This page cannot be shown right now. Please try again in a minute.";

/**
 * A page made of CMS content while the CMS cannot be reached and no copy of it is kept: a 503, which
 * search engines take as "come back later" (a 500 would be an error of the page), with a time to retry.
 */
export function contentUnavailable() {
  return new Response(CONTENT_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": "60" } });
}

/**
 * A record id from the path, parsed once at the route: a positive integer, or the
 * page does not exist (never NaN reaching a query).
 */
export function idParam(params: Record<string, string | undefined> | undefined, name = "id"): number {
  const id = idOf(params, name);
  if (id === null) throw notFound();
  return id;
}

/** A record's id in the path, or null when it names none: the JSON API answers that in JSON, not a page's 404. */
export function idOf(params: Record<string, string | undefined> | undefined, name = "id"): number | null {
  const raw = params?.[name];
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * A HEAD asks what a GET would answer, not to be looked at: a page's record of being seen (a view, an
 * impression, a data room's opening, a thread read) is kept only for the GET (a link checker or
 * monitor must not count as a buyer's interest, nor mark a thread read that nobody read).
 */
export const onlyAsks = (request: Request) => request.method === "HEAD";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * RFC 8058: a mail client or provider posts the one-click unsubscribe (from marketing, or
 * from saved-search alerts under /unsubscribe/alerts/) from anywhere.
 * The signed token in the path is the authority, and all it can do is stop e-mail.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/(alerts\/)?[^/]+(\/one-click)?\/?$/;

/**
 * Requests that change state must come from this site's own pages. Browsers send
 * Origin on every cross-site and same-site POST; a request without one is only
 * accepted when the browser says it is same-origin.
 */
export function isSameOriginRequest(request: Request) {
  if (SAFE_METHODS.has(request.method)) return true;
  const { host, pathname } = partsOf(request.url);
  if (ONE_CLICK_UNSUBSCRIBE.test(pathname)) return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return ORIGIN.test(origin) && partsOf(origin).host === host;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/** The path of a request's URL, without parsing it. */
export const pathnameOf = (url: string) => partsOf(url).pathname;

// A browser serializes Origin as scheme://host[:port], in lower case; anything else is not ours.
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.:[\]-]+$/;

/**
 * The host and path of an absolute URL the server itself was handed (a request's URL, an Origin):
 * cut from the string: parsing it (three URLs a beacon) showed in the beacon's profile under workerd.
 */
function partsOf(url: string) {
  const start = url.indexOf("//") + 2;
  const slash = url.indexOf("/", start);
  if (slash === -1) return { host: url.slice(start), pathname: "/" };
  const query = url.indexOf("?", slash);
  return { host: url.slice(start, slash), pathname: url.slice(slash, query === -1 ? undefined : query) };
}

export const CROSS_SITE_MESSAGE = "Cross-site request refused";

export function assertSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) throw json({ error: CROSS_SITE_MESSAGE }, { status: 403 });
}

/**
 * The client's address as the server in front of Remix found it. Node sets this header on
 * every request from the socket (or the trusted proxy hops of TRUST_PROXY), over whatever a
 * client sent. A Worker drops a client's header of this name, and the address is then
 * CF-Connecting-IP, which Cloudflare sets itself (copying every request to set ours cost
 * more than the rest of the Worker's front door).
 */
export const CLIENT_ADDRESS_HEADER = "X-Marketplace-Client-Address";

export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || request.headers.get("CF-Connecting-IP") || "unknown";
}

/**
 * The name a browser saves the file under: a plain ASCII one as it is; another also in UTF-8
 * (RFC 6266's filename*, which browsers prefer), as "отчёт.pdf" was saved as "_____.pdf".
 */
function contentDisposition(kind: "attachment" | "inline", filename: string) {
  const ascii = filename.replace(/[^\w .()-]/g, "_");
  if (ascii === filename) return `${kind}; filename="${ascii}"`;
  let utf8: string;
  try {
    // RFC 5987's attr-char: what encodeURIComponent leaves but ' ( ) * encoded too
    utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return `${kind}; filename="${ascii}"`; // a lone surrogate: no UTF-8 for it
  }
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * A stored file as a response: never cached by shared caches, never sniffed into something else.
 * Always whole, and said so (`Accept-Ranges: none`): a buyer's PDF is watermarked with the minute it is
 * sent, so two answers' bytes need not fit together, and each answer is a copy that left the room,
 * logged as one. A client that asks for a part (a download manager, a resumed save) gets a 200 with the
 * whole file; told up front, it does not try. No ETag or Last-Modified either: with `no-store` nothing
 * is kept to revalidate, and a validator is what lets a browser ask to resume.
 */
export function fileResponse(bytes: Uint8Array, contentType: string, filename: string, { download = true } = {}) {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": contentDisposition(download ? "attachment" : "inline", filename),
      "Cache-Control": "private, no-store",
      "Accept-Ranges": "none",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
