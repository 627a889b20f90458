import { getFormProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { replyOrNotify } from "~/auth/session.server";
import { DataGrid } from "~/components/data-grid";
import { formatDateTime } from "~/components/data-table";
import { FormErrors, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { CsvImport, RowActions, RowPanel } from "~/components/system-data";
import { SelectFilter, ViewForm } from "~/components/table-controls";
import { resultFor } from "~/lib/action-result";
import { tenorLabel } from "~/lib/loan-pricing";
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

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const CELLS: Record<string, (r: Row) => ReactNode> = {
  asOf: (r) => r.asOf,
  tenorMonths: (r) => tenorLabel(r.tenorMonths),
  rate: (r) => r.rate.toFixed(3),
  updatedAt: (r) => formatDateTime(r.updatedAt),
  actions: (r) => <RowActions id={r.id} label={`${r.asOf} ${tenorLabel(r.tenorMonths)}`} />,
};

export default function InterestRatesPage() {
  const { rows, total, page, pageSize, view, filters, days, latest, editing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const intent = editing ? "update" : "create";
  const [form, fields] = useForm({
    id: editing ? `point-${editing.id}` : "point",
    lastResult: resultFor(result, intent),
    defaultValue: editing ? { asOf: editing.asOf, tenorMonths: String(editing.tenorMonths), rate: String(editing.rate) } : { asOf: latest.asOf ?? "" },
    schema: () => import("~/lib/schemas/pricing-data").then((m) => m.interestRatesPageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-6">
      <PageHeader title="Interest rates" />
      <p className="max-w-3xl text-sm text-slate-600">
        The benchmark curve by tenor (1 month to 30 years). Loan pricing reads the latest day&apos;s curve
        {latest.asOf ? ` (${latest.asOf}, ${latest.points.length} points)` : " (none yet)"} and interpolates linearly between tenors.
      </p>
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SelectFilter name="asOf" label="As of" value={filters.asOf} options={days.map((d) => [d, d] as const)} />
      </ViewForm>
      <DataGrid<Row>
        tableKey="interestRates"
        caption="Interest rates"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `rate-${r.asOf}-${r.tenorMonths}`}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No curve points yet."
      />
      <Pager page={page} pageSize={pageSize} total={total} noun="points" testId="table-count" />
      <RowPanel editing={editing?.id ?? null} title={editing ? `Edit ${editing.asOf} ${tenorLabel(editing.tenorMonths)}` : "Add a point"}>
        <Form method="post" className="flex flex-wrap items-start gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={intent} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <FormErrors errors={form.errors} />
          <TextField meta={fields.asOf} label="As of" hint="YYYY-MM-DD" />
          <TextField meta={fields.tenorMonths} label="Tenor" hint="months, 1–360" inputMode="numeric" />
          <TextField meta={fields.rate} label="Rate" hint="%" inputMode="decimal" />
          <button type="submit" className="btn-primary mt-6">
            {editing ? "Save" : "Add"}
          </button>
        </Form>
      </RowPanel>
      <CsvImport result={result} exportHref="/admin/system/interest-rates.csv" columns={INTEREST_RATE_COLUMNS} />
    </div>
  );
}
