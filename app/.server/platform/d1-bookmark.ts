/**
 * D1 read replication (issue #16 item 6, decision 034): each request reads through a D1 session
 * that starts at the browser's last bookmark, so a replica near it may answer while the member
 * still sees their own writes. The bookmark travels in a cookie of its own, not in the signed
 * session: visitors have one too, and a bookmark only says how fresh this browser's reads must be,
 * so a forged one affects no one but the browser that sends it.
 */

import { cookieValue } from "../cookies";

export const BOOKMARK_COOKIE = "d1-bookmark";
/** Replication lag is seconds; an hour keeps a visit consistent without pinning a browser for long. */
const BOOKMARK_MAX_AGE = 60 * 60;
// D1's bookmarks are hex groups joined by dashes; anything else is not passed to D1
const BOOKMARK_SHAPE = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

/** The bookmark this browser sent, when it is one. */
export function bookmarkOf(request: Request): string | null {
  const value = cookieValue(request, BOOKMARK_COOKIE);
  return value && BOOKMARK_SHAPE.test(value) ? value : null;
}

/**
 * The session a request reads and writes through: from the browser's bookmark when it has one;
 * otherwise a page may read any replica, while a form post starts at the primary, which it is
 * about to write to anyway.
 */
export function d1SessionFor(db: D1Database, request: Request, bookmark = bookmarkOf(request)): D1DatabaseSession {
  if (bookmark) return db.withSession(bookmark);
  return db.withSession(request.method === "GET" || request.method === "HEAD" ? "first-unconstrained" : "first-primary");
}

/**
 * Sends the session's latest bookmark back when it moved on from the one the browser sent, and,
 * when the browser sent one, only after a write: an answer that only read adds nothing the browser
 * must see, and its bookmark (a replica's, taken when its reads began) could put back an older one
 * than a write's answered meanwhile in another tab.
 */
export function keepBookmark(headers: Headers, session: D1DatabaseSession, sent: string | null, { secure, wrote }: { secure: boolean; wrote: boolean }) {
  const latest = session.getBookmark();
  if (!latest || latest === sent || !BOOKMARK_SHAPE.test(latest)) return;
  if (sent && !wrote) return;
  headers.append(
    "Set-Cookie",
    `${BOOKMARK_COOKIE}=${latest}; Path=/; Max-Age=${BOOKMARK_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}
