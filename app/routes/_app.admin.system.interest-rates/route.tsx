import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { replyOrNotify } from "~/auth/session.server";
import { DataGrid } from "~/components/data-grid";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { useStaticForms } from "~/components/static-forms";
import { repliedFields, TextField } from "~/components/plain-fields";
import { CsvImport, RowPanel } from "~/components/system-data";
import { SelectFilter, ViewForm } from "~/components/table-controls";
import { openedOf, resultFor } from "~/lib/action-result";
import { titleMeta } from "~/lib/meta";
import { INTEREST_RATE_COLUMNS } from "~/lib/system-data";
import { systemDataAction } from "~/models/system-data.server";
import { CURVE_TABLE, curvePage } from "./curve.server";

export const meta = () => titleMeta("Interest rates");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return await curvePage(services, { reader: user, request: args.request });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return replyOrNotify(services, args.request, await systemDataAction(services, { admin: user, request: args.request, spec: CURVE_TABLE }));
}

/**
 * The rows are drawn by the loader (their delete forms sent through the router), and the point's
 * form validates on the server only, held back by the browser where a field is empty: the page
 * loads neither the cells' code nor the form hook (it was at the JavaScript budget's edge).
 */
export default function InterestRatesPage() {
  const { body, total, page, pageSize, view, filters, days, latest, carriedNote, editing, gone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const intent = editing ? "update" : "create";
  const formId = editing ? `point-${editing.id}` : "point";
  const field = repliedFields(
    formId,
    resultFor(result, intent),
    editing ? { asOf: editing.asOf, tenorMonths: String(editing.tenorMonths), rate: String(editing.rate) } : latest.asOf ? { asOf: latest.asOf } : {},
  );
  const form = field();
  return (
    <div className="space-y-6">
      <PageHeader title="Interest rates" />
      <p className="max-w-3xl text-sm text-slate-600">
        The benchmark curve by tenor (1 month to 30 years). Loan pricing reads the latest day&apos;s curve
        {latest.asOf ? ` (${latest.asOf}, ${latest.points} points)` : " (none yet)"} and interpolates linearly between tenors.
      </p>
      {carriedNote ? (
        <p className="max-w-3xl rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="carried-tenors">
          {carriedNote}
        </p>
      ) : null}
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SelectFilter name="asOf" label="As of" value={filters.asOf} options={days.map((d) => [d, d] as const)} />
      </ViewForm>
      <div className="contents" onSubmit={useStaticForms()}>
        <DataGrid tableKey="interestRates" caption="Interest rates" headers={view.headers} visible={view.visible} body={body} sortBy={view.sortBy} sortDesc={view.sortDesc} />
      </div>
      <Pager page={page} pageSize={pageSize} total={total} noun="points" testId="table-count" />
      <RowPanel editing={editing?.id ?? null} gone={gone} opened={openedOf(resultFor(result, intent)) ?? editing?.opened} title={editing ? `Edit ${editing.label}` : "Add a point"} formId={formId} form={form}>
        <TextField field={field("asOf")} label="As of" hint="YYYY-MM-DD" />
        <TextField field={field("tenorMonths")} label="Tenor" hint="months, 1–360" inputMode="numeric" />
        <TextField field={field("rate")} label="Rate" hint="%" inputMode="decimal" />
      </RowPanel>
      <CsvImport result={result} exportHref={`/admin/system/interest-rates.csv${filters.asOf && filters.asOf !== "Any" ? `?${new URLSearchParams({ asOf: filters.asOf })}` : ""}`} columns={INTEREST_RATE_COLUMNS} />
    </div>
  );
}
