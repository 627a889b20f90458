import { useEffect, useState } from "react";
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
  const [active, setActive] = useState(Boolean(notification));
  useEffect(() => {
    setActive(Boolean(notification));
    if (!notification || notification.type === "error" || notification.type === "warning") return;
    const timer = setTimeout(() => setActive(false), 8000);
    return () => clearTimeout(timer);
  }, [notification]);
  const type = notification?.type ?? "success";
  // the live region stays in the page and only its content changes, so that screen readers
  // announce a message that arrives after a client-side navigation, not only on a full load
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {notification && active ? (
        <div
          data-testid="snackbar"
          data-type={type}
          className={`pointer-events-auto flex max-w-xl items-center gap-4 rounded-md px-4 py-3 text-sm text-white shadow-lg ${STYLES[type]}`}
        >
          <span>{notification.message}</span>
          <button
            type="button"
            onClick={() => setActive(false)}
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
