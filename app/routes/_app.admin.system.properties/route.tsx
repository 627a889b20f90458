import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { importUploaded, readCsvUploadForm } from "~/.server/csv-upload";
import { clientAddress } from "~/.server/http";
import { propertyOptions } from "~/.server/project-options";
import { answer, deletedAlready, deletedNotice, invalid, openedSave, refuseDeletedMeanwhile, refuseSavedMeanwhile } from "~/.server/replies";
import { CsvImportForm } from "~/components/csv-import-form";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { RowActions, SystemDataSearch, useEditHref } from "~/components/system-data-rows";
import { formatPercent } from "~/lib/format-figures";
import { titleMeta } from "~/lib/meta";
import { backTo, PROPERTY_ASSUMPTION_COLUMNS } from "~/lib/system-data";
import {
  createPropertyAssumption,
  deletePropertyAssumption,
  findPropertyAssumption,
  importPropertyAssumptions,
  listPropertyAssumptions,
  propertyAssumptionDeletedBy,
  updatePropertyAssumption,
} from "~/models/property-assumptions.server";
import { PropertyAssumptionEditor } from "./editor";
import { parseWithZod, propertyIntentSchema } from "~/lib/schemas/index.server";
import { pageNumber, recordId } from "~/lib/query-params";
import { SYSTEM_DATA_MAX_BYTES } from "~/lib/upload-limit";

export const meta = () => titleMeta("Properties");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const edit = recordId(params.get("edit"));
  const [found, options, editing] = await Promise.all([
    listPropertyAssumptions(services.db, { q, page: pageNumber(params.get("page")) }),
    propertyOptions(services),
    edit ? findPropertyAssumption(services.db, edit) : undefined,
  ]);
  // a row another admin deleted after this one's Edit: the page says so over the add form
  const gone = edit && !editing ? deletedNotice("this row", await propertyAssumptionDeletedBy(services.db, edit)) : null;
  // the edit form carries when the row it shows was saved: a save is weighed against it
  return { ...found, q, options, gone, editing: editing ? { ...editing, opened: String(editing.updatedAt.getTime()) } : null };
}

const DUPLICATE = "This property type already has a row for this region.";

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { request } = args;
  const read = await readCsvUploadForm(request, SYSTEM_DATA_MAX_BYTES);
  if ("refused" in read) return read.refused;
  const options = await propertyOptions(services);
  const submission = parseWithZod(read.form, { schema: propertyIntentSchema(options) });
  if (submission.status !== "success") return invalid(submission);
  const change = { actor: user, address: clientAddress(request) };
  const done = (message: string) => redirectWithNotification(services, request, backTo(request), message);
  switch (submission.value.intent) {
    case "create": {
      const { intent: _intent, ...values } = submission.value;
      const saved = await createPropertyAssumption(services.db, { values, ...change });
      if (!saved.ok) return answer(submission.reply({ fieldErrors: { region: [DUPLICATE] } }), 409);
      return done(`${values.propertyType} in ${values.region} is added.`);
    }
    case "update": {
      const { intent: _intent, id, ...values } = submission.value;
      const saved = await updatePropertyAssumption(services.db, { id, values, ...change, opened: openedSave(submission.payload) ?? undefined });
      if (!saved.ok && saved.reason === "missing") return refuseDeletedMeanwhile(submission, { what: "this row", noun: "row" }, await propertyAssumptionDeletedBy(services.db, id));
      if (!saved.ok && saved.reason === "meanwhile") return refuseSavedMeanwhile(submission, `${values.propertyType} in ${values.region}`, saved);
      if (!saved.ok) return answer(submission.reply({ fieldErrors: { region: [DUPLICATE] } }), 409);
      return done(`${values.propertyType} in ${values.region} is saved.`);
    }
    case "delete": {
      // two admins deleting one row (or a double click without JavaScript): the second finds it gone, as it wanted
      const { id } = submission.value;
      if (!(await deletePropertyAssumption(services.db, { id, ...change }))) return done(deletedAlready("The row", await propertyAssumptionDeletedBy(services.db, id)));
      return done("The row is deleted.");
    }
    case "import": {
      const outcome = await importUploaded(submission, submission.value.file, SYSTEM_DATA_MAX_BYTES, (upload) => importPropertyAssumptions(services.db, { text: upload.text, options, file: upload.name, ...change }));
      if ("refused" in outcome) return outcome.refused;
      return done(`${outcome.imported} rows imported from ${outcome.name}.`);
    }
  }
}

export default function PropertiesPage() {
  const { rows, total, page, pageSize, q, options, editing, gone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const editHref = useEditHref();
  return (
    <div className="space-y-6">
      <PageHeader title="Properties" />
      <p className="max-w-3xl text-sm text-slate-600">
        The market assumptions real-estate valuation uses, by property type and region: the cap rate, vacancy and operating expenses as a share
        of income. A region without a row of its own uses the type&apos;s Nationwide row.
      </p>
      <SystemDataSearch q={q} placeholder="Property type or region">
      </SystemDataSearch>
      <div>
        <SimpleTable caption="Property assumptions" headers={["Property type", "Region", "Cap rate", "Vacancy", "Expense ratio", ""]} count={rows.length} empty="No rows.">
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.propertyType}</td>
              <td>{r.region}</td>
              <td>{formatPercent(r.capRate)}</td>
              <td>{formatPercent(r.vacancy)}</td>
              <td>{formatPercent(r.expenseRatio)}</td>
              <td>
                <RowActions editHref={editHref(r.id)} fields={{ id: r.id }} label={`${r.propertyType} in ${r.region}`} />
              </td>
            </tr>
          ))}
        </SimpleTable>
        <Pager page={page} pageSize={pageSize} total={total} noun="rows" testId="properties-count" />
      </div>
      <PropertyAssumptionEditor key={editing?.id ?? "new"} editing={editing} gone={gone} options={options} result={result} />
      <CsvImportForm noun="property assumptions" columns={PROPERTY_ASSUMPTION_COLUMNS} exportHref={`/admin/system/properties.csv${q ? `?q=${encodeURIComponent(q)}` : ""}`} result={result} />
    </div>
  );
}
