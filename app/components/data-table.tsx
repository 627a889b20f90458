import type { ReactNode } from "react";
import { formatDate } from "~/lib/format";
import { StaticHtml, type Markup } from "./static-html";

const BODY_CLASS = "divide-y divide-slate-100";

/**
 * Plain, accessible table markup shared by the admin lists. Its rows are React children, or the
 * markup the server drew for them (`body`, decision 042), which then includes the empty row.
 */
export function SimpleTable({
  caption,
  headers,
  children,
  body,
  empty,
  count,
}: { caption: string; headers: string[] } & (
  | { children: ReactNode; empty: string; count: number; body?: never }
  | { body: Markup; children?: never; empty?: never; count?: never }
)) {
  return (
    // a box a keyboard can scroll (a phone's width hides columns past its edge), named by its table; a group, not a region: a landmark named as its section was named twice
    <div className="table-scroll" role="group" aria-label={caption} tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        {body ? (
          <StaticHtml as="tbody" className={BODY_CLASS} markup={body} />
        ) : (
          <tbody className={BODY_CLASS}>{count === 0 ? <EmptyRow columns={headers.length} empty={empty} /> : children}</tbody>
        )}
      </table>
    </div>
  );
}

/** The one row of a table that has none to show. */
export function EmptyRow({ columns, empty }: { columns: number; empty: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-500">
        {empty}
      </td>
    </tr>
  );
}

export const cell = "px-3 py-2 align-top";

export function formatDateTime(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined) return "—";
  return new Date(value).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

/**
 * A date and time kept on one line, for a table's cell: in a phone's narrow column "2026-12-07 18:12 UTC"
 * broke over three or four lines, and its row with it.
 */
export const DateTime = ({ at }: { at: string | number | Date | null | undefined }) => <span className="whitespace-nowrap">{formatDateTime(at)}</span>;

/** A date kept on one line, for a table's cell: a phone breaks "2026-12-07" after a hyphen. */
export const Day = ({ at }: { at: string | number | Date | null | undefined }) => <span className="whitespace-nowrap">{formatDate(at)}</span>;
