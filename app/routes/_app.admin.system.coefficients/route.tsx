import { getFormProps, getSelectProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { replyOrNotify } from "~/auth/session.server";
import { DataGrid } from "~/components/data-grid";
import { formatDateTime } from "~/components/data-table";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { CsvImport, RowActions, RowPanel } from "~/components/system-data";
import { SelectFilter, ViewForm } from "~/components/table-controls";
import { resultFor } from "~/lib/action-result";
import { bandsOf, COEFFICIENT_DIMENSIONS, DIMENSION_LABELS } from "~/lib/loan-pricing";
import { titleMeta } from "~/lib/meta";
import { COEFFICIENT_COLUMNS } from "~/lib/system-data";
import { systemDataAction } from "~/models/system-data.server";
import { coefficientsPage, coefficientsTable } from "./coefficients.server";

export const meta = () => titleMeta("Coefficients");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return await coefficientsPage(services, { reader: user, request: args.request });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const spec = await coefficientsTable(services);
  return replyOrNotify(services, args.request, await systemDataAction(services, { admin: user, request: args.request, spec }));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const CELLS: Record<string, (r: Row) => ReactNode> = {
  dimension: (r) => DIMENSION_LABELS[r.dimension],
  band: (r) => r.band,
  value: (r) => r.value,
  updatedAt: (r) => formatDateTime(r.updatedAt),
  actions: (r) => <RowActions id={r.id} label={`${DIMENSION_LABELS[r.dimension]} ${r.band}`} />,
};

const DIMENSION_OPTIONS = COEFFICIENT_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_LABELS[d] }));

export default function CoefficientsPage() {
  const { rows, total, page, pageSize, view, filters, editing, propertyTypes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const intent = editing ? "update" : "create";
  const [form, fields] = useForm({
    id: editing ? `coefficient-${editing.id}` : "coefficient",
    lastResult: resultFor(result, intent),
    defaultValue: editing ? { dimension: editing.dimension, band: editing.band, value: String(editing.value) } : undefined,
    schema: () => import("~/lib/schemas/pricing-data").then((m) => m.coefficientsPageSchema(propertyTypes)),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-6">
      <PageHeader title="Coefficients" />
      <p className="max-w-3xl text-sm text-slate-600">
        Loan pricing adds one spread (in basis points) per dimension that applies to a loan to the benchmark curve, and starts from the default
        CPR, CDR and loss severity (in percent) of the loan&apos;s status when the seller leaves them blank.
      </p>
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SelectFilter name="dimension" label="Dimension" value={filters.dimension} options={DIMENSION_OPTIONS.map((o) => [o.value, o.label] as const)} />
      </ViewForm>
      <DataGrid<Row>
        tableKey="pricingCoefficients"
        caption="Coefficients"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `coefficient-${r.dimension}-${r.band}`}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No coefficients yet."
      />
      <Pager page={page} pageSize={pageSize} total={total} noun="coefficients" testId="table-count" />
      <RowPanel editing={editing?.id ?? null} title={editing ? `Edit ${DIMENSION_LABELS[editing.dimension]} ${editing.band}` : "Add a coefficient"}>
        <Form method="post" className="flex flex-wrap items-start gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={intent} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <FormErrors errors={form.errors} />
          <SelectField meta={fields.dimension} label="Dimension" options={DIMENSION_OPTIONS} placeholder="Choose…" />
          <div>
            <label htmlFor={fields.band.id} className="label">
              Band
            </label>
            <select className="input" {...getSelectProps(fields.band, { ariaAttributes: true })}>
              <option value="">Choose…</option>
              {COEFFICIENT_DIMENSIONS.map((d) => (
                <optgroup key={d} label={DIMENSION_LABELS[d]}>
                  {bandsOf(d, propertyTypes).map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldErrors id={fields.band.errorId} errors={fields.band.errors} />
          </div>
          <TextField meta={fields.value} label="Value" hint="bp for spreads, % for CPR, CDR and severity" inputMode="decimal" />
          <button type="submit" className="btn-primary mt-6">
            {editing ? "Save" : "Add"}
          </button>
        </Form>
      </RowPanel>
      <CsvImport result={result} exportHref="/admin/system/coefficients.csv" columns={COEFFICIENT_COLUMNS}>
        Dimensions: {COEFFICIENT_DIMENSIONS.join(", ")}.
      </CsvImport>
    </div>
  );
}
