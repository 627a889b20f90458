import { DateTime, EmptyRow } from "~/components/data-table";
import { staticMarkupOf } from "~/components/static-html.server";
import { formatDuration } from "~/lib/format";
import type { listPageSessions } from "~/models/engagement.server";
import { SESSION_HEADERS } from "./headers";

type SessionRow = Awaited<ReturnType<typeof listPageSessions>>["rows"][number];

const EMPTY = "No page sessions match.";

/**
 * A page of page sessions drawn here (decision 042): only its markup reaches the page, not the rows
 * as data as well. A row names its session and carries its durations in milliseconds, for whoever
 * reads the table by machine.
 */
export function sessionRowsBody(rows: SessionRow[]) {
  return staticMarkupOf(["page-sessions", rows], () =>
    rows.length ? (
      <>
        {rows.map((r) => (
          <tr key={r.sessionId} data-testid="session-row" data-session-id={r.sessionId}>
            <td><DateTime at={r.sessionStart} /></td>
            <td>
              {r.name} <span className="text-xs text-slate-500">{r.email}</span>
            </td>
            <td data-testid="session-route">{r.route}</td>
            <td data-testid="session-page-type">{r.pageType}</td>
            <td>{r.projectId ? <a className="link" href={`/admin/projects/${r.projectId}`}>{r.projectName ?? r.projectId}</a> : "—"}</td>
            <td data-testid="total-time" data-ms={r.totalDuration}>{formatDuration(r.totalDuration)}</td>
            <td data-testid="active-time" data-ms={r.activeTime}>{formatDuration(r.activeTime)}</td>
            <td>{Math.round(r.scrollDepthMax)}%</td>
          </tr>
        ))}
      </>
    ) : (
      <EmptyRow columns={SESSION_HEADERS.length} empty={EMPTY} />
    ),
  );
}
