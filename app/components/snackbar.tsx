import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "@remix-run/react";
import type { NotificationType } from "~/lib/notification";

const STYLES: Record<NotificationType, string> = {
  success: "bg-emerald-700",
  error: "bg-red-700",
  info: "bg-primary",
  warning: "bg-amber-600",
};

/**
 * The flash message set before a redirect. Without JavaScript it simply stays on
 * the page; with it, it can be closed, and a success or a note fades after a few seconds.
 * An error or a warning stays until it is closed: it may take longer to read and act on
 * than any delay (WCAG 2.2.1).
 */
export function Snackbar({
  notification,
}: {
  notification: { message: string; type?: NotificationType } | null;
}) {
  // the message closed, not a flag set after the draw: a new one is shown in the same draw as its page, for
  // the focus to go to it
  const [closed, setClosed] = useState<object | null>(null);
  useEffect(() => {
    if (!notification || notification.type === "error" || notification.type === "warning") return;
    const timer = setTimeout(() => setClosed(notification), 8000);
    return () => clearTimeout(timer);
  }, [notification]);
  const type = notification?.type ?? "success";
  // the live region stays in the page and only its content changes, so that screen readers
  // announce a message that arrives after a client-side navigation, not only on a full load
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {notification && notification != closed ? (
        <div
          id="notification"
          ref={holdFocus}
          tabIndex={-1}
          data-testid="snackbar"
          data-type={type}
          className={`pointer-events-auto flex max-w-xl items-center gap-4 rounded-md px-4 py-3 text-sm text-white shadow-lg ${STYLES[type]}`}
        >
          <span>{notification.message}</span>
          <button
            type="button"
            onClick={() => setClosed(notification)}
            className="rounded px-2 py-1 text-white/80 hover:text-white"
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

// a focus inside the message as it goes would drop to <body>, the member's place in the page lost: it goes
// when closed, and when the page's data is read again (a column choice saved, a page refreshing itself), the
// flash message then taken. React lets go of the element (a ref of one function, so only then) before it
// leaves the page. One message is shown at a time
let message: HTMLElement | null = null;
function holdFocus(now: HTMLElement | null) {
  if (!now && message?.contains(document.activeElement)) focusPage(true);
  message = now;
}

/**
 * The focus to the page's start, as after a move to another page: the notification when one is shown (a
 * keyboard user reaches its Dismiss next), else the page's content. Here with the message, not in a module
 * of its own, as the root's hook below: every page loads them, and a module costs bytes of the budget.
 */
function focusPage(content?: boolean) {
  ((!content && document.getElementById("notification")) || document.getElementById("content"))?.focus({ preventScroll: true });
}

/**
 * After a move to another page within the app, the focus goes to the page's start, as a page loaded anew
 * starts there: it was left on <body>, and a screen reader said nothing of the new page. A change of
 * the query alone (a filter, a page of results) leaves it where it is. A form sent (approve, withdraw,
 * accept…) and answered on the same page moves it too when its button, gone or disabled, had dropped it
 * to <body>: a member who went on typing elsewhere meanwhile keeps their place.
 */
export function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const { state, formMethod } = useNavigation();
  const shown = useRef(pathname);
  const posted = useRef(false);
  useEffect(() => {
    if (state != "idle") {
      posted.current = !!formMethod && formMethod != "GET";
      return;
    }
    if (shown.current != pathname || (posted.current && document.activeElement == document.body)) focusPage();
    shown.current = pathname;
    posted.current = false;
  }, [pathname, state, formMethod]);
}
