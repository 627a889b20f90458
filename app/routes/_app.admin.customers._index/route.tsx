import { useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { DataGrid } from "~/components/data-grid";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { SaveListButtons } from "~/components/save-list-buttons";
import { CUSTOMER_COLUMNS, CUSTOMER_MIN_FILTERS, CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES, customerQuery, type CustomerMinFilter } from "~/lib/customers";
import { titleMeta } from "~/lib/meta";
import { hrefWith } from "~/lib/href-with";
import { customerTableView, listCustomers, type CustomerRow } from "~/models/customers.server";
import { customerRowsBody } from "./rows.server";
import { CUSTOMER_SELECTION_FORM } from "./selection";
import { invalid } from "~/.server/replies";
import { handleTableAction } from "~/models/table-view.server";
import { parseWithZod, tableActionSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Customers");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { view, query } = await customerTableView(services, { reader: user, request: args.request });
  const [list, businessTypes] = await Promise.all([listCustomers(services.db, query, view.visible), services.content.options("businessDescriptions")]);
  const { rows, ...paging } = list;
  // the table's address as its rows' links name it: at the page shown (a page past the last shows the last)
  const at = hrefWith(new URL(args.request.url), { page: paging.page > 1 ? paging.page : null });
  return { ...paging, body: customerRowsBody(rows, view, at), view, filters: query.filters, businessTypes: businessTypes.map((o) => o.value) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("customers") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}



/** The "at least n" filters, labelled like their columns. */
const MIN_FIELDS = (Object.entries(CUSTOMER_MIN_FILTERS) as Array<[CustomerMinFilter, string]>).map(
  ([key, column]) => [key, CUSTOMER_COLUMNS.find((c) => c.value === column)!.label] as const,
);

const YES_NO: Array<[string, string]> = [
  ["yes", "Yes"],
  ["no", "No"],
];

export default function AdminCustomersPage() {
  const { body, total, more, page, pageSize, view, filters, businessTypes } = useLoaderData<typeof loader>();
  const state = { filters, sort: view.sortBy, desc: view.sortDesc, pageSize };
  const csvHref = `/admin/customers.csv?${customerQuery(state)}`;
  return (
    <>
      <PageHeader title="Customers">
        <a href={csvHref} download className="btn-secondary" data-testid="customers-csv">
          Download CSV
        </a>
      </PageHeader>
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SearchFilter value={filters.q} placeholder="Name, contact, e-mail, member" />
        <SelectFilter name="customerType" label="Customer type" value={filters.customerType} options={CUSTOMER_TYPES.map((t) => [t, CUSTOMER_TYPE_LABELS[t]])} />
        <SelectFilter name="type" label="Business type" value={filters.type} options={businessTypes.map((t) => [t, t])} />
        <SelectFilter name="enabled" label="Enabled" value={filters.enabled} options={YES_NO} />
        <SelectFilter name="locked" label="Locked" value={filters.locked} options={YES_NO} />
        <details className="text-sm" open={MIN_FIELDS.some(([key]) => filters[key])}>
          <summary className="cursor-pointer py-2">Activity at least</summary>
          <div className="flex flex-wrap gap-3">
            {MIN_FIELDS.map(([key, label]) => (
              <label key={key} className="text-sm">
                <span className="label">{label} at least</span>
                <input type="number" name={key} min={1} step={1} defaultValue={filters[key] ?? ""} className="input w-24" inputMode="numeric" />
              </label>
            ))}
          </div>
        </details>
      </ViewForm>
      {/* the row checkboxes post here (form="customer-selection"); bulk e-mail and SMS add their buttons */}
      <form id={CUSTOMER_SELECTION_FORM} method="post" action="/admin/customers" aria-label="Selected customers" />
      <SaveListButtons selectionForm={CUSTOMER_SELECTION_FORM} filtersQuery={customerQuery({ filters })} />
      <DataGrid<CustomerRow>
        tableKey="customers"
        caption="Customers"
        headers={view.headers}
        visible={view.visible}
        body={body}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
      />
      <Pager page={page} pageSize={pageSize} total={total} more={more} noun="customers" testId="customers-count" />
    </>
  );
}
