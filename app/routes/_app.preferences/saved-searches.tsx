import { Form, Link } from "@remix-run/react";

type Row = { id: number; name: string; alerts: boolean; description: string; href: string; shown: string };

type Stopped = { address: string; reason: "unsubscribed" | "bounced" | "complained"; at: string } | null;

const STOPPED_BECAUSE = {
  unsubscribed: "it was unsubscribed from our e-mail",
  bounced: "mail to it bounced",
  complained: "our e-mail to it was marked as spam",
} as const;

/** Each saved search: its filters in words, the link that runs it, its alerts switch and delete (each its own form). */
export function SavedSearches({ rows, mailStopped = null }: { rows: Row[]; mailStopped?: Stopped }) {
  return (
    <section aria-labelledby="saved-searches-title" className="card space-y-3">
      <h2 id="saved-searches-title" className="text-lg font-semibold">
        Saved searches
      </h2>
      {rows.length && mailStopped ? (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="alerts-not-sent">
          No alert e-mail is sent to {mailStopped.address}, whichever searches have it on: {STOPPED_BECAUSE[mailStopped.reason] ?? STOPPED_BECAUSE.unsubscribed} on{" "}
          {mailStopped.at.slice(0, 10)}.{" "}
          {mailStopped.reason === "unsubscribed" ? (
            "To get alerts there again, subscribe again above."
          ) : (
            <>
              To get alerts there again, <a className="link" href="/contact-us">contact us</a>.
            </>
          )}
        </p>
      ) : null}
      {rows.length ? (
        <ul className="divide-y divide-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 py-2" aria-label={row.name} data-testid="saved-search">
              {/* a name or searched text with no space to break at wrapped nowhere and widened a phone's page */}
              <div className="min-w-0 grow break-words">
                <Link to={row.href} className="link font-medium">
                  {row.name}
                </Link>
                <p className="text-sm text-slate-600">{row.description}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="search-alerts" />
                <input type="hidden" name="searchId" value={row.id} />
                <input type="hidden" name="shown" value={row.shown} />
                <input type="hidden" name="alerts" value={row.alerts ? "off" : "on"} />
                <span className="mr-2 text-sm">{row.alerts ? "Daily e-mail on" : "Daily e-mail off"}</span>
                <button type="submit" className="btn-secondary">
                  {row.alerts ? `Turn off alerts` : `Turn on alerts`}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-search" />
                <input type="hidden" name="searchId" value={row.id} />
                <input type="hidden" name="shown" value={row.shown} />
                <button type="submit" className="btn-secondary" aria-label={`Delete ${row.name}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          None yet. On the search page, set the filters and use “Save this search”: new listings that match come in a daily e-mail.
        </p>
      )}
    </section>
  );
}
