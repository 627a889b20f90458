import { Form, Link } from "@remix-run/react";

type Row = { id: number; name: string; alerts: boolean; description: string; href: string; shown: string };

/** Each saved search: its filters in words, the link that runs it, its alerts switch and delete (each its own form). */
export function SavedSearches({ rows }: { rows: Row[] }) {
  return (
    <section aria-labelledby="saved-searches-title" className="card space-y-3">
      <h2 id="saved-searches-title" className="text-lg font-semibold">
        Saved searches
      </h2>
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
