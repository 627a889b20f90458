import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { importUploaded, readCsvUploadForm } from "~/.server/csv-upload";
import { clientAddress } from "~/.server/http";
import { answer, deletedAlready, deletedNotice, invalid, openedSave, refuseDeletedMeanwhile, refuseSavedMeanwhile } from "~/.server/replies";
import { CsvImportForm } from "~/components/csv-import-form";
import { SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { RowActions, SystemDataSearch, useEditHref } from "~/components/system-data-rows";
import { titleMeta } from "~/lib/meta";
import { backTo, SIC_CODE_COLUMNS, SIC_DIVISIONS, SIC_DIVISION_KEYS, sicFiltersOf } from "~/lib/system-data";
import { createSicCode, deleteSicCode, findSicCode, importSicCodes, listSicCodes, sicCodeDeletedBy, updateSicCode } from "~/models/sic-codes.server";
import { SicCodeEditor } from "./editor";
import { parseWithZod, sicCodeField, sicIntentSchema } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";
import { SYSTEM_DATA_MAX_BYTES } from "~/lib/upload-limit";

export const meta = () => titleMeta("SIC data sets");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const filters = sicFiltersOf(params);
  const edit = sicCodeField().safeParse(params.get("edit") ?? "");
  const [found, editing] = await Promise.all([
    listSicCodes(services.db, { ...filters, page: pageNumber(params.get("page")) }),
    edit.success ? findSicCode(services.db, edit.data) : undefined,
  ]);
  // a code another admin deleted (or gave another code) after this one's Edit: the page says so over the add form
  const gone = edit.success && !editing ? deletedNotice(`SIC ${edit.data}`, await sicCodeDeletedBy(services.db, edit.data), RENAMED) : null;
  // the edit form carries when the code it shows was saved: a save is weighed against it
  return { ...found, q: filters.q, division: filters.division ?? "", gone, editing: editing ? { code: editing.code, title: editing.title, division: editing.division, opened: String(editing.updatedAt.getTime()) } : null };
}

const TAKEN = "This code is already in the table.";
const RENAMED = "it was deleted, or given another code";

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { request } = args;
  const read = await readCsvUploadForm(request, SYSTEM_DATA_MAX_BYTES);
  if ("refused" in read) return read.refused;
  const submission = parseWithZod(read.form, { schema: sicIntentSchema() });
  if (submission.status !== "success") return invalid(submission);
  const change = { actor: user, address: clientAddress(request) };
  const done = (message: string) => redirectWithNotification(services, request, backTo(request), message);
  switch (submission.value.intent) {
    case "create": {
      const { intent: _intent, ...values } = submission.value;
      const saved = await createSicCode(services.db, { values, ...change });
      if (!saved.ok) return answer(submission.reply({ fieldErrors: { code: [TAKEN] } }), 409);
      return done(`SIC ${values.code} is added.`);
    }
    case "update": {
      const { intent: _intent, original, ...values } = submission.value;
      const saved = await updateSicCode(services.db, { original, values, ...change, opened: openedSave(submission.payload) ?? undefined });
      if (!saved.ok && saved.reason === "missing") return refuseDeletedMeanwhile(submission, { what: `SIC ${original}`, noun: "code", unknown: RENAMED }, await sicCodeDeletedBy(services.db, original));
      if (!saved.ok && saved.reason === "meanwhile") return refuseSavedMeanwhile(submission, `SIC ${original}`, saved);
      if (!saved.ok) return answer(submission.reply({ fieldErrors: { code: [TAKEN] } }), 409);
      return done(`SIC ${values.code} is saved.`);
    }
    case "delete": {
      // two admins deleting one code (or a double click without JavaScript): the second finds it gone, as it wanted
      const { code } = submission.value;
      if (!(await deleteSicCode(services.db, { code, ...change }))) return done(deletedAlready(`SIC ${code}`, await sicCodeDeletedBy(services.db, code)));
      return done(`SIC ${submission.value.code} is deleted.`);
    }
    case "import": {
      const outcome = await importUploaded(submission, submission.value.file, SYSTEM_DATA_MAX_BYTES, (upload) => importSicCodes(services.db, { text: upload.text, file: upload.name, ...change }));
      if ("refused" in outcome) return outcome.refused;
      return done(`${outcome.imported} codes imported from ${outcome.name}.`);
    }
  }
}

export default function SicDataSetsPage() {
  const { rows, total, page, pageSize, q, division, editing, gone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const editHref = useEditHref();
  const exportQuery = new URLSearchParams(Object.entries({ q, division }).filter(([, v]) => v));
  return (
    <div className="space-y-6">
      <PageHeader title="SIC data sets" />
      <p className="max-w-3xl text-sm text-slate-600">
        The Standard Industrial Classification codes a limited-company listing may name; the listing form offers them and refuses any other.
      </p>
      <SystemDataSearch q={q} placeholder="Code or title">
        <label className="text-sm">
          <span className="label">Division</span>
          <select name="division" defaultValue={division} className="input">
            <option value="">Any</option>
            {SIC_DIVISION_KEYS.map((d) => (
              <option key={d} value={d}>
                {d} — {SIC_DIVISIONS[d]}
              </option>
            ))}
          </select>
        </label>
      </SystemDataSearch>
      <div>
        <SimpleTable caption="SIC codes" headers={["Code", "Title", "Division", ""]} count={rows.length} empty="No codes.">
          {rows.map((r) => (
            <tr key={r.code}>
              <td>{r.code}</td>
              <td>{r.title}</td>
              <td title={SIC_DIVISIONS[r.division as keyof typeof SIC_DIVISIONS]}>
                {r.division}
              </td>
              <td>
                <RowActions editHref={editHref(r.code)} fields={{ code: r.code }} label={`SIC ${r.code}`} />
              </td>
            </tr>
          ))}
        </SimpleTable>
        <Pager page={page} pageSize={pageSize} total={total} noun="codes" testId="sic-count" />
      </div>
      <SicCodeEditor key={editing?.code ?? "new"} editing={editing} gone={gone} result={result} />
      <CsvImportForm noun="SIC codes" columns={SIC_CODE_COLUMNS} exportHref={`/admin/system/sic-data-sets.csv${exportQuery.size ? `?${exportQuery}` : ""}`} result={result} />
    </div>
  );
}
