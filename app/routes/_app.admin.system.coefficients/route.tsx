import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { replyOrNotify } from "~/auth/session.server";
import { DataGrid } from "~/components/data-grid";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { useStaticForms } from "~/components/static-forms";
import { controlProps, FieldErrors, FieldLabel, repliedFields, TextField } from "~/components/plain-fields";
import { CsvImport, RowPanel } from "~/components/system-data";
import { SelectFilter, ViewForm } from "~/components/table-controls";
import { openedOf, resultFor } from "~/lib/action-result";
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

/**
 * The rows are drawn by the loader (their delete forms sent through the router), and the
 * coefficient's form validates on the server only (a band of another dimension, a value out of
 * range), held back by the browser where a field is empty: the page loads neither the cells' code,
 * the pricing module nor the form hook (it was at the JavaScript budget's edge).
 */
export default function CoefficientsPage() {
  const { body, total, page, pageSize, view, filters, editing, gone, dimensions, bandGroups } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const intent = editing ? "update" : "create";
  const formId = editing ? `coefficient-${editing.id}` : "coefficient";
  const field = repliedFields(
    formId,
    resultFor(result, intent),
    editing ? { dimension: editing.dimension, band: editing.band, value: String(editing.value) } : undefined,
  );
  const [form, dimension, band] = [field(), field("dimension"), field("band")];
  return (
    <div className="space-y-6">
      <PageHeader title="Coefficients" />
      <p className="max-w-3xl text-sm text-slate-600">
        Loan pricing adds one spread (in basis points) per dimension that applies to a loan to the benchmark curve, and starts from the default
        CPR, CDR and loss severity (in percent) of the loan&apos;s status when the seller leaves them blank.
      </p>
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SelectFilter name="dimension" label="Dimension" value={filters.dimension} options={dimensions.map((o) => [o.value, o.label] as const)} />
      </ViewForm>
      <div className="contents" onSubmit={useStaticForms()}>
        <DataGrid tableKey="pricingCoefficients" caption="Coefficients" headers={view.headers} visible={view.visible} body={body} sortBy={view.sortBy} sortDesc={view.sortDesc} />
      </div>
      <Pager page={page} pageSize={pageSize} total={total} noun="coefficients" testId="table-count" />
      <RowPanel editing={editing?.id ?? null} gone={gone} opened={openedOf(resultFor(result, intent)) ?? editing?.opened} title={editing ? `Edit ${editing.label}` : "Add a coefficient"} formId={formId} form={form}>
        <div>
          <FieldLabel field={dimension}>Dimension</FieldLabel>
          <select className="input" {...controlProps(dimension)}>
            <option value="">Choose…</option>
            {dimensions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldErrors field={dimension} />
        </div>
        <div>
          <FieldLabel field={band}>Band</FieldLabel>
          <select className="input" {...controlProps(band)}>
            <option value="">Choose…</option>
            {bandGroups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.bands.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldErrors field={band} />
        </div>
        <TextField field={field("value")} label="Value" hint="bp for spreads, % for CPR, CDR and severity" inputMode="decimal" />
      </RowPanel>
      <CsvImport result={result} exportHref={`/admin/system/coefficients.csv${filters.dimension && filters.dimension !== "Any" ? `?${new URLSearchParams({ dimension: filters.dimension })}` : ""}`} columns={COEFFICIENT_COLUMNS}>
        Dimensions: {dimensions.map((d) => d.value).join(", ")}.
      </CsvImport>
    </div>
  );
}
