import type { ReactNode } from "react";

/** Plain, accessible table markup shared by the admin lists. */
export function SimpleTable({
  caption,
  headers,
  children,
  empty,
  count,
}: {
  caption: string;
  headers: string[];
  children: ReactNode;
  empty: string;
  count: number;
}) {
  return (
    <div className="table-scroll">
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
        <tbody className="divide-y divide-slate-100">
          {count === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

export const cell = "px-3 py-2 align-top";

export function formatDateTime(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined) return "—";
  return new Date(value).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}
