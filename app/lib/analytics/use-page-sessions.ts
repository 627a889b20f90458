import { useLocation, useParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PageSession, TrackerHost } from "./tracker";

// The tracker arrives after the page (its own chunk, ~2 KiB gzip): it measures a session from the
// moment it starts, and keeping it out of the first load keeps every page within the budget (#16).
let tracker: Promise<typeof import("./tracker")> | undefined;
const loadTracker = () => (tracker ??= import("./tracker"));

function browserHost(): TrackerHost {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // storage denied (private mode, policies): no retry queue
  }
  return { now: () => Date.now(), window, document, navigator, storage, fetch: window.fetch.bind(window) };
}

/**
 * Page-session tracking (spec §4) for signed-in members who are not admins: a
 * session per route, ended on the next route, on sign-out and when the page goes.
 */
export function usePageSessions(userId: number | null, tracked: boolean) {
  const location = useLocation();
  const params = useParams();
  const current = useRef<PageSession | null>(null);
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    if (!tracked) return;
    const host = browserHost();
    let Session: typeof PageSession | null = null;
    let gone = false;
    void loadTracker().then((module) => {
      if (gone) return;
      Session = module.PageSession;
      module.resendFailed(host);
    });
    const end = () => {
      current.current?.end();
      current.current = null;
    };
    // sign-out is a form post: the session ends before the member is gone
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement | null;
      if (form?.action && new URL(form.action, window.location.href).pathname === "/signout") end();
    };
    // back from the back/forward cache: the page is shown again, a new session starts
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || current.current || !Session) return;
      current.current = new Session(host, { pathname: window.location.pathname, search: window.location.search }, userId);
    };
    window.addEventListener("pagehide", end);
    window.addEventListener("pageshow", onShow);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      window.removeEventListener("pagehide", end);
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener("submit", onSubmit, true);
      gone = true;
      end();
    };
  }, [tracked, userId]);

  useEffect(() => {
    if (!tracked) return;
    current.current?.end();
    current.current = null;
    let left = false;
    void loadTracker().then(({ PageSession }) => {
      if (left) return;
      current.current?.end();
      current.current = new PageSession(
        browserHost(),
        { pathname: location.pathname, search: location.search, params: JSON.parse(paramsKey) as Record<string, string> },
        userId,
      );
    });
    return () => {
      left = true;
    };
  }, [tracked, userId, location.pathname, location.search, paramsKey]);
}
