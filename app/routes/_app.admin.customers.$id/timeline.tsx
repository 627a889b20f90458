import { formatDateTime } from "~/components/data-table";
import type { TimelineEvent } from "~/models/customer-accounts.server";

/**
 * A page of a customer's timeline, newest first. Drawn on the server once (`timelineMarkup`), so
 * its links are plain anchors: `<StaticHtml>` routes their clicks in the browser.
 */
export function TimelineEvents({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {events.map((e, i) => (
        <li key={i}>
          <span className="text-slate-500">{formatDateTime(e.at)}</span> —{" "}
          {e.link ? (
            <a href={e.link} className="link">
              {e.text}
            </a>
          ) : (
            e.text
          )}
        </li>
      ))}
    </ol>
  );
}
