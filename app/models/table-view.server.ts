import { redirect } from "@remix-run/server-runtime";
import type { Services } from "~/.server/services";
import type { TableAction } from "~/lib/schemas/table";
import { TABLES, type ResolvedPreferences, type StoredPreferences, type TableDefaults, type TableKey } from "~/lib/table-preferences";
import { pageSizeOf } from "~/lib/admin-tables";
import { loadPreferences, resetPreferences, savePreferences, type PreferencesReader } from "~/models/table-preferences.server";
import { pageNumber } from "~/lib/query-params";

const FILTER_KEYS = ["q", "industry", "region", "status", "transactionSize"] as const;

/**
 * The table as this member sees it: stored preferences, overridden by what the URL says. An admin's table
 * (`stated`) asked for without the sort or a filter its admin saved as their default is sent to its address
 * with them written out: the address names the rows it shows, and another admin opening it (or its next
 * page, or a column's sort) sees the same rows. A member's own search and listings open on theirs as they are.
 */
export async function tableView(services: Services, reader: PreferencesReader, table: TableKey, request: Request, { stated = false } = {}) {
  const { stored, resolved } = await loadPreferences(services.db, reader, table);
  const url = new URL(request.url);
  const params = url.searchParams;
  const headers = new Set(TABLES[table].headers.filter((h) => !("sortable" in h) || h.sortable !== false).map((h) => h.value));
  // the project filters, and whatever filters this table declares
  const filterKeys = new Set([...FILTER_KEYS, ...Object.keys((TABLES[table] as TableDefaults).filters ?? {})]);
  if (stated && request.method === "GET" && stored) {
    const unsaid = savedViewNotInUrl(stored, resolved, filterKeys, params);
    if (unsaid.length) throw redirect(addressWith(url, unsaid));
  }
  const sort = params.get("sort");
  const filters = { ...resolved.filters };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return {
    ...resolved,
    sortBy: sort && headers.has(sort) ? sort : resolved.sortBy,
    sortDesc: params.has("desc") ? params.get("desc") === "1" : resolved.sortDesc,
    filters,
    page: pageNumber(params.get("page"), 10_000),
  };
}

/** The saved sort and filters this address does not state (each a parameter and its value). */
function savedViewNotInUrl(stored: StoredPreferences, resolved: ResolvedPreferences, filterKeys: Set<string>, params: URLSearchParams) {
  const unsaid: Array<[string, string]> = [];
  // a saved sort no longer among the table's columns was dropped by resolvePreferences: the default is no news
  if (stored.sortBy === resolved.sortBy && !params.has("sort")) unsaid.push(["sort", resolved.sortBy]);
  if (stored.sortDesc !== undefined && !params.has("desc")) unsaid.push(["desc", resolved.sortDesc ? "1" : "0"]);
  for (const [key, value] of Object.entries(stored.filters ?? {})) if (filterKeys.has(key) && !params.has(key)) unsaid.push([key, value]);
  return unsaid;
}

/** The page's own address (not a data request's) with these parameters added. */
function addressWith(url: URL, added: Array<[string, string]>) {
  const params = new URLSearchParams(url.search);
  params.delete("_data");
  for (const [key, value] of added) params.set(key, value);
  return `${url.pathname}?${params}`;
}

/** The column, view and reset forms of a table, as tableActionSchema read them: the page again, as it now looks. */
export async function handleTableAction(services: Services, userId: number, step: TableAction, request: Request) {
  const { table } = step;
  const url = new URL(request.url);
  switch (step.intent) {
    case "reset":
      await resetPreferences(services.db, userId, table);
      // the view's filters go; the way back to the table a page was opened from (its `?back=`) stays
      return redirect(url.searchParams.has("back") ? `${url.pathname}?${new URLSearchParams({ back: url.searchParams.get("back")! })}` : url.pathname);
    case "columns": {
      const chosen = new Set(step.column);
      const visible = Object.fromEntries(TABLES[table].headers.map((h) => [h.value, chosen.has(h.value)]));
      const { stored } = await loadPreferences(services.db, userId, table);
      await savePreferences(services.db, userId, table, {
        visible,
        sortBy: stored?.sortBy,
        sortDesc: stored?.sortDesc,
        filters: stored?.filters,
      });
      return redirect(url.pathname + url.search);
    }
    case "save-view": {
      const current = await tableView(services, userId, table, request);
      const state: Partial<ResolvedPreferences> = {
        visible: current.visible,
        sortBy: current.sortBy,
        sortDesc: current.sortDesc,
        filters: current.filters,
      };
      await savePreferences(services.db, userId, table, state);
      return redirect(url.pathname + url.search);
    }
  }
}

/**
 * A paged admin table as this admin sees it now: the view (columns, sort, filters)
 * and the list query it makes, every filter the table declares with its value.
 */
export async function listView(services: Services, { reader, table, request }: { reader: PreferencesReader; table: TableKey; request: Request }) {
  const view = await tableView(services, reader, table, request, { stated: true });
  const defaults: Readonly<Record<string, string>> = (TABLES[table] as TableDefaults).filters ?? {};
  const filters = Object.fromEntries(Object.keys(defaults).map((key) => [key, view.filters[key] ?? defaults[key]!]));
  const pageSize = pageSizeOf(new URL(request.url).searchParams.get("pageSize"));
  return { view, query: { filters, sort: view.sortBy, desc: view.sortDesc, page: view.page, pageSize } };
}

/**
 * A table's rows as its page shows them: the fields of the columns this member shows, and those
 * the cells need whatever is shown (`keep`: the key a row links by, the name a checkbox is labelled
 * with). The rest stays on the server (issue #16: a loader returns what the page shows; on the
 * customer table that was three quarters of the page's data). A column turned on comes with the
 * page that follows its save; DataGrid draws a placeholder meanwhile.
 */
export function asShown<Row extends Record<string, unknown>>(rows: readonly Row[], visible: Record<string, boolean>, keep: ReadonlyArray<keyof Row & string>): Row[] {
  const fields = [...new Set([...Object.keys(visible).filter((key) => visible[key] !== false), ...keep])];
  return rows.map((row) => {
    const shown: Record<string, unknown> = {};
    for (const key of fields) if (key in row) shown[key] = row[key];
    return shown as Row;
  });
}
