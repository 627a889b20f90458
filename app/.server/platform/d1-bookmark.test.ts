import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, bookmarkOf, d1SessionFor, keepBookmark } from "./d1-bookmark";

const BOOKMARK = "00000000-000001fc-00000000-00000000000000000000000000000000";
const withCookie = (cookie: string, method = "GET") => new Request("https://market.test/", { method, headers: { Cookie: cookie } });

/** D1's binding as far as the session API goes: which constraint or bookmark each session started from. */
function recordingD1(latest: string | null) {
  const started: string[] = [];
  const db = {
    withSession(from: string) {
      started.push(from);
      return { getBookmark: () => latest } as unknown as D1DatabaseSession;
    },
  } as unknown as D1Database;
  return { db, started };
}

describe("the D1 bookmark cookie", () => {
  it("reads the browser's bookmark among its cookies, and nothing of another shape", () => {
    expect(bookmarkOf(withCookie(`__session=abc; ${BOOKMARK_COOKIE}=${BOOKMARK}`))).toBe(BOOKMARK);
    expect(bookmarkOf(withCookie(`${BOOKMARK_COOKIE}=first-primary`))).toBeNull();
    expect(bookmarkOf(withCookie(`${BOOKMARK_COOKIE}=<script>`))).toBeNull();
    expect(bookmarkOf(new Request("https://market.test/"))).toBeNull();
  });

  it("starts a page at any replica, a form post at the primary, and a known browser at its bookmark", () => {
    const { db, started } = recordingD1(null);
    d1SessionFor(db, new Request("https://market.test/"));
    d1SessionFor(db, new Request("https://market.test/", { method: "POST" }));
    d1SessionFor(db, withCookie(`${BOOKMARK_COOKIE}=${BOOKMARK}`, "POST"));
    expect(started).toEqual(["first-unconstrained", "first-primary", BOOKMARK]);
  });

  it("sends the bookmark back only when the database moved on", () => {
    const later = "00000000-000001fd-00000000-00000000000000000000000000000000";
    const headers = new Headers();
    keepBookmark(headers, recordingD1(BOOKMARK).db.withSession(BOOKMARK), BOOKMARK, { secure: true, wrote: true });
    expect(headers.get("Set-Cookie")).toBeNull();
    keepBookmark(headers, recordingD1(later).db.withSession(BOOKMARK), BOOKMARK, { secure: true, wrote: true });
    expect(headers.get("Set-Cookie")).toBe(`${BOOKMARK_COOKIE}=${later}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure`);
  });

  it("leaves the browser's bookmark alone after an answer that only read", () => {
    // tab A saved a form (its cookie moved on to A's write); tab B's page, started before and read
    // from a replica that had not caught up, answers after: its bookmark must not put A's back
    const replicaBehindAsWrite = "00000000-000001fd-00000000-00000000000000000000000000000000";
    const headers = new Headers();
    keepBookmark(headers, recordingD1(replicaBehindAsWrite).db.withSession(BOOKMARK), BOOKMARK, { secure: true, wrote: false });
    expect(headers.get("Set-Cookie")).toBeNull();
    // a browser without one still gets the session's, read or written
    keepBookmark(headers, recordingD1(replicaBehindAsWrite).db.withSession("first-unconstrained"), null, { secure: true, wrote: false });
    expect(headers.get("Set-Cookie")).toContain(replicaBehindAsWrite);
  });
});
