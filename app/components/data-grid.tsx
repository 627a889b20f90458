import { Form, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { TableHeader } from "~/lib/table-preferences";
import { StaticHtml, useAppLinks, type Markup } from "./static-html";
import { hrefWith } from "~/lib/href-with";

/** A page of rows and how to draw them, in the browser as on the server. */
export type GridRowsProps<Row extends Record<string, unknown>> = {
  headers: readonly TableHeader[];
  visible: Record<string, boolean>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** A test id for each row, where browser tests find a row by what it holds. */
  rowTestId?: (row: Row) => string;
  cells: Record<string, (row: Row) => ReactNode>;
  empty: string;
};

export type GridProps<Row extends Record<string, unknown>> = {
  tableKey: string;
  caption: string;
  headers: readonly TableHeader[];
  visible: Record<string, boolean>;
  sortBy: string;
  sortDesc: boolean;
  /** Where the preference form posts (the page itself by default). */
  action?: string;
} & (
  | Omit<GridRowsProps<Row>, "headers" | "visible">
  // the rows as the server drew them (data-grid.server.tsx): a table page's rows were most of its
  // render, and their cells' code stays on the server
  | { body: Markup }
);

/**
 * The link that sorts by `key`: the same page and filters, this sort (again: the other direction), and no other
 * order the address asked for (the search's Best match, under which a header's sort only broke ties).
 */
function useSortHref(sortBy: string, sortDesc: boolean) {
  const location = useLocation();
  return (key: string) => hrefWith(location, { sort: key, desc: key === sortBy && !sortDesc ? "1" : "0", page: null, order: null });
}

/**
 * A table of one page of rows in our markup. Sorting is a link (the server sorts and pages);
 * column choices are a form that works without JavaScript. With it, a choice applies at once to rows
 * drawn here, and to rows the server drew (`body`) when its save returns.
 */
export function DataGrid<Row extends Record<string, unknown>>(props: GridProps<Row>) {
  const { tableKey, caption, headers, visible, sortBy, sortDesc, action } = props;
  const fetcher = useFetcher();
  // optimistic: while a column change is on its way, show what it will save (rows the server drew
  // change with the saved choice, and the header with them)
  const pending = fetcher.formData;
  const columnVisibility =
    !("body" in props) && pending?.get("intent") === "columns" && pending.get("table") === tableKey
      ? Object.fromEntries(headers.map((h) => [h.value, pending.getAll("column").includes(h.value)]))
      : visible;
  // a column is shown unless the choice hides it (a column added since keeps showing)
  const shown = headers.filter((h) => columnVisibility[h.value] !== false);
  const sortHref = useSortHref(sortBy, sortDesc);
  // cells may link with a plain <a> (the same cells draw rows on the server): followed within the app
  const followLinks = useAppLinks();
  const followSort = useAppLinks({ preventScrollReset: true });
  return (
    <div className="space-y-3">
      <ColumnsPanel
        tableKey={tableKey}
        headers={headers}
        visible={columnVisibility}
        saved={visible}
        action={action}
        fetcher={fetcher}
      />
      <div className="table-scroll" role="group" aria-label={caption} tabIndex={0}>
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={`table-${tableKey}`}>
          <caption className="sr-only">{caption}</caption>
          {/* plain links, which a page of forty columns draws without resolving each through the router: followed within the app, keeping the scroll */}
          <thead className="bg-slate-50" onClick={followSort}>
            <tr>
              {shown.map((h) => {
                const active = sortBy === h.value;
                return (
                  <th
                    key={h.value}
                    scope="col"
                    className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700"
                    aria-sort={active ? (sortDesc ? "descending" : "ascending") : undefined}
                  >
                    {h.sortable === false ? (
                      h.label
                    ) : (
                      <a href={sortHref(h.value)} className="hover:text-primary">
                        {h.label}
                        {active ? <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: sortDesc ? " &#8595;" : " &#8593;" }} /> : null}
                      </a>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          {"body" in props ? (
            <StaticHtml as="tbody" className={BODY_CLASS} markup={props.body} />
          ) : (
            <tbody className={BODY_CLASS} onClick={followLinks}>
              <GridRows {...props} headers={headers} visible={visible} shownNow={columnVisibility} />
            </tbody>
          )}
        </table>
      </div>
    </div>
  );
}

const BODY_CLASS = "divide-y divide-slate-100";

/**
 * A table's rows in the columns shown (a column is shown unless the choice hides it: one added
 * since keeps showing). While a column turned on is being saved it is shown before its values
 * come (a loader may send only the saved choice's columns, asShown): "…" until its save returns.
 */
export function GridRows<Row extends Record<string, unknown>>({
  headers,
  visible,
  shownNow = visible,
  rows,
  rowKey,
  rowTestId,
  cells,
  empty,
}: GridRowsProps<Row> & { shownNow?: Record<string, boolean> }) {
  const shown = headers.filter((h) => shownNow[h.value] !== false);
  if (rows.length === 0) {
    return (
      <tr>
        <td colSpan={Math.max(1, shown.length)} className="px-3 py-6 text-center text-slate-500">
          {empty}
        </td>
      </tr>
    );
  }
  return rows.map((row) => (
    <tr key={rowKey(row)} className="hover:bg-slate-50" data-testid={rowTestId?.(row)}>
      {shown.map((h) => (
        <td key={h.value}>{visible[h.value] !== false || h.value in row ? (cells[h.value]?.(row) ?? null) : "…"}</td>
      ))}
    </tr>
  ));
}

function ColumnsPanel({
  tableKey,
  headers,
  visible,
  saved,
  action,
  fetcher,
}: {
  tableKey: string;
  headers: readonly TableHeader[];
  visible: Record<string, boolean>;
  saved: Record<string, boolean>;
  action?: string;
  fetcher: ReturnType<typeof useFetcher>;
}) {
  const location = useLocation();
  const target = action ?? location.pathname + location.search;
  // one save at a time, the newest choice last: two saves in flight could land in either order
  const queued = useRef<FormData | null>(null);
  const save = (data: FormData) => {
    if (fetcher.state === "idle") fetcher.submit(data, { method: "post", action: target });
    else queued.current = data;
  };
  useEffect(() => {
    if (fetcher.state !== "idle" || !queued.current) return;
    const next = queued.current;
    queued.current = null;
    fetcher.submit(next, { method: "post", action: target });
  }, [fetcher, fetcher.state, target]);
  // uncontrolled: a box keeps what was clicked at once. When the saved choice changes (a save returned,
  // the defaults restored), the boxes it changed are set in place: a box drawn anew would take the
  // keyboard's focus with it, to the page's body
  const boxes = useRef<HTMLDivElement>(null);
  const before = useRef(saved);
  useEffect(() => {
    const was = before.current;
    before.current = saved;
    for (const box of boxes.current?.querySelectorAll("input") ?? []) if (!was[box.value] !== !saved[box.value]) box.checked = visible[box.value] ?? false;
  }, [saved, visible]);
  // a refused choice (no column ticked, sent without JavaScript) is said in the panel, opened
  const answered = useActionData();
  const problem = columnProblem(fetcher.data) ?? columnProblem(answered);
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm" open={problem ? true : undefined}>
      <summary className="cursor-pointer font-medium text-slate-700">Columns</summary>
      <Form method="post" action={target} className="mt-3 space-y-3">
        <input type="hidden" name="table" value={tableKey} />
        {problem ? (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        ) : null}
        <div ref={boxes} className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
          {headers.map((h) => (
            <label key={h.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="column"
                value={h.value}
                defaultChecked={visible[h.value] ?? false}
                onChange={(e) => {
                  // every box as it is now (not the last saved choice, which may still be on its way)
                  const data = new FormData();
                  data.set("intent", "columns");
                  data.set("table", tableKey);
                  const boxes = e.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[name="column"]') ?? [];
                  for (const box of boxes) if (box.checked) data.append("column", box.value);
                  // the last column stays: a table of none is refused
                  if (!data.has("column")) {
                    e.currentTarget.checked = true;
                    return;
                  }
                  save(data);
                }}
              />
              {h.label}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="columns" className="btn-secondary px-3 py-1">
            Apply columns
          </button>
          <button type="submit" name="intent" value="save-view" className="btn-secondary px-3 py-1">
            Save sort and filters as my default
          </button>
          <button type="submit" name="intent" value="reset" className="btn-secondary px-3 py-1">
            Reset to defaults
          </button>
        </div>
      </Form>
    </details>
  );
}

/** The columns form's refusal in an action's answer (`{ result: { error } }`), if that is what it is. */
function columnProblem(data: unknown) {
  const error = (data as { result?: { error?: Record<string, string[] | null> | null } } | undefined)?.result?.error;
  if (!error) return null;
  const key = Object.keys(error).find((k) => k === "column" || k.startsWith("column["));
  return key ? (error[key]?.[0] ?? null) : null;
}
