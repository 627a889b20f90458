import type { Services } from "~/.server/services";
import { notFound } from "~/.server/http";
import { deletedNotice } from "~/.server/replies";
import { projectOptions } from "~/.server/project-options";
import { COEFFICIENT_COLUMNS, coefficientSchema, coefficientsPageSchema, type CoefficientValues } from "~/lib/schemas/pricing-data";
import {
  coefficientDeletedBy,
  createCoefficient,
  deleteCoefficient,
  findCoefficient,
  importCoefficients,
  listCoefficients,
  updateCoefficient,
} from "~/models/coefficients.server";
import type { SystemDataTable } from "~/models/system-data.server";
import { listView } from "~/models/table-view.server";
import type { PreferencesReader } from "~/models/table-preferences.server";
import { recordId } from "~/lib/query-params";
import { bandsOf, COEFFICIENT_DIMENSIONS, DIMENSION_LABELS } from "~/lib/loan-pricing";
import { coefficientsBody } from "./rows.server";

/** Property types are the content's list (spec §9): a coefficient may name only those. */
export async function coefficientsTable(services: Services): Promise<SystemDataTable<CoefficientValues> & { propertyTypes: readonly string[] }> {
  const propertyTypes = (await projectOptions(services)).values.propertyTypes;
  return {
    table: "pricingCoefficients",
    noun: { one: "coefficient", many: "coefficients" },
    rowSchema: coefficientSchema(propertyTypes),
    pageSchema: coefficientsPageSchema(propertyTypes),
    columns: COEFFICIENT_COLUMNS,
    rowKey: { of: (v) => `${v.dimension} ${v.band}`, label: "dimension and band" },
    create: createCoefficient,
    update: updateCoefficient,
    remove: deleteCoefficient,
    deletedBy: coefficientDeletedBy,
    importRows: importCoefficients,
    propertyTypes,
  };
}

/** The page: this admin's view of the coefficients (drawn: `body`), the row being edited, and the form's choices. */
export async function coefficientsPage(services: Services, { reader, request }: { reader: PreferencesReader; request: Request }) {
  const { view, query } = await listView(services, { reader, table: "pricingCoefficients", request });
  const editId = new URL(request.url).searchParams.get("edit");
  const editRowId = editId === null ? null : recordId(editId);
  if (editId !== null && editRowId === null) throw notFound();
  const editing = editRowId ? await findCoefficient(services.db, editRowId) : null;
  // a row another admin deleted after this one's Edit: the page says so (a 404 page lost what was typed)
  const gone = editRowId && !editing ? deletedNotice("this coefficient", await coefficientDeletedBy(services.db, editRowId)) : null;
  const [list, options] = await Promise.all([listCoefficients(services.db, query), projectOptions(services)]);
  const { rows, ...counts } = list;
  const { propertyTypes } = options.values;
  return {
    ...counts,
    body: coefficientsBody(view, rows, new URL(request.url)),
    view,
    filters: query.filters,
    // the edit form carries when the row it shows was saved: a save is weighed against it
    gone,
    editing: editing ? { ...editing, label: `${DIMENSION_LABELS[editing.dimension]} ${editing.band}`, opened: String(editing.updatedAt.getTime()) } : null,
    // the form's choices, named: the page does not carry the pricing module for them
    dimensions: COEFFICIENT_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_LABELS[d] })),
    bandGroups: COEFFICIENT_DIMENSIONS.map((d) => ({ label: DIMENSION_LABELS[d], bands: bandsOf(d, propertyTypes) })),
  };
}
