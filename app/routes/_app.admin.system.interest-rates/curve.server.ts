import type { Services } from "~/.server/services";
import { notFound } from "~/.server/http";
import { deletedNotice } from "~/.server/replies";
import { INTEREST_RATE_COLUMNS, interestRateSchema, interestRatesPageSchema, type InterestRateValues } from "~/lib/schemas/pricing-data";
import {
  carriedTenorsNote,
  createInterestRate,
  curveDays,
  deleteInterestRate,
  findInterestRate,
  importInterestRates,
  interestRateDeletedBy,
  latestCurve,
  listInterestRates,
  updateInterestRate,
} from "~/models/interest-rates.server";
import type { SystemDataTable } from "~/models/system-data.server";
import { listView } from "~/models/table-view.server";
import type { PreferencesReader } from "~/models/table-preferences.server";
import { recordId } from "~/lib/query-params";
import { tenorLabel } from "~/lib/loan-pricing";
import { curveBody } from "./rows.server";

export const CURVE_TABLE: SystemDataTable<InterestRateValues> = {
  table: "interestRates",
  noun: { one: "curve point", many: "curve points" },
  rowSchema: interestRateSchema(),
  pageSchema: interestRatesPageSchema(),
  columns: INTEREST_RATE_COLUMNS,
  rowKey: { of: (v) => `${v.asOf} ${v.tenorMonths}`, label: "date and tenor" },
  create: createInterestRate,
  update: updateInterestRate,
  remove: deleteInterestRate,
  deletedBy: interestRateDeletedBy,
  importRows: importInterestRates,
  caveat: async (db) => carriedTenorsNote(await latestCurve(db)),
};

/**
 * The page: this admin's view of the points (drawn: `body`), the days to filter by, the latest curve,
 * and the row being edited with its name.
 */
export async function curvePage(services: Services, { reader, request }: { reader: PreferencesReader; request: Request }) {
  const { view, query } = await listView(services, { reader, table: "interestRates", request });
  const editId = new URL(request.url).searchParams.get("edit");
  const editRowId = editId === null ? null : recordId(editId);
  if (editId !== null && editRowId === null) throw notFound();
  const editing = editRowId ? await findInterestRate(services.db, editRowId) : null;
  // a point another admin deleted after this one's Edit: the page says so (a 404 page lost what was typed)
  const gone = editRowId && !editing ? deletedNotice("this curve point", await interestRateDeletedBy(services.db, editRowId)) : null;
  const [list, days, latest] = await Promise.all([listInterestRates(services.db, query), curveDays(services.db), latestCurve(services.db)]);
  const { rows, ...counts } = list;
  return {
    ...counts,
    body: curveBody(view, rows, new URL(request.url)),
    view,
    filters: query.filters,
    days,
    latest: { asOf: latest.asOf, points: latest.points.length - latest.carried.length },
    carriedNote: carriedTenorsNote(latest),
    // the edit form carries when the row it shows was saved: a save is weighed against it
    gone,
    editing: editing ? { ...editing, label: `${editing.asOf} ${tenorLabel(editing.tenorMonths)}`, opened: String(editing.updatedAt.getTime()) } : null,
  };
}
