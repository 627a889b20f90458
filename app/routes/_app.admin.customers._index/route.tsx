import { Link, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { DataGrid } from "~/components/data-grid";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { SaveListButtons } from "~/components/save-list-buttons";
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_MIN_FILTERS,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  customerQuery,
  type CustomerColumn,
  type CustomerMinFilter,
} from "~/lib/customers";
import { formatCompactCurrency, formatDateTime, formatNumber, formatYesNo } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { customerTableView, listCustomers, type CustomerRow } from "~/models/customers.server";
import { invalid } from "~/.server/replies";
import { handleTableAction } from "~/models/table-view.server";
import { parseWithZod, tableActionSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Customers");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const { view, query } = await customerTableView(services, { reader: user, request: args.request });
  const [list, businessTypes] = await Promise.all([listCustomers(services.db, query, view.visible), services.content.options("businessDescriptions")]);
  return { ...list, view, filters: query.filters, businessTypes: businessTypes.map((o) => o.value) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: tableActionSchema("customers") });
  if (submission.status !== "success") return invalid(submission);
  return handleTableAction(services, user.id, submission.value, args.request);
}

/** The form later bulk actions (e-mail and SMS lists) post: the row checkboxes belong to it. */
const SELECTION_FORM = "customer-selection";

const count = (n: number) => formatNumber(n);
const text = (v: string) => v || "—";

function cells(): Record<CustomerColumn, (r: CustomerRow) => ReactNode> {
  return {
    select: (r) => (
      <input type="checkbox" name="customerId" value={r.customerId} form={SELECTION_FORM} aria-label={`Select ${r.customerName || `customer ${r.customerId}`}`} />
    ),
    customerId: (r) => r.customerId,
    customerName: (r) => (
      <Link to={`/admin/customers/${r.customerId}`} className="link font-medium">
        {r.anonymised ? "(anonymised)" : r.customerName}
      </Link>
    ),
    customerType: (r) => CUSTOMER_TYPE_LABELS[r.customerType],
    contactPerson: (r) => text(r.contactPerson),
    attentionEmail: (r) => text(r.attentionEmail),
    attentionPhone: (r) => text(r.attentionPhone),
    website: (r) => text(r.website),
    type: (r) => text(r.type),
    size: (r) => formatCompactCurrency(r.size),
    headquarters: (r) => text(r.headquarters),
    createdAt: (r) => formatDateTime(r.createdAt),
    enabled: (r) => formatYesNo(r.enabled),
    locked: (r) => formatYesNo(r.locked),
    lastActivity: (r) => formatDateTime(r.lastActivity),
    lastLogin: (r) => formatDateTime(r.lastLogin),
    views: (r) => count(r.views),
    ndas: (r) => count(r.ndas),
    negotiations: (r) => count(r.negotiations),
    loi: (r) => count(r.loi),
    impressions: (r) => count(r.impressions),
    communications: (r) => count(r.communications),
    smsAllowance: (r) => count(r.smsAllowance),
    responsivenessScore: (r) => r.responsivenessScore ?? "—",
    responsivenessReason: (r) => r.responsivenessReason,
    borrowerLocationPreferences: (r) => text(r.borrowerLocationPreferences),
    industryPreferences: (r) => text(r.industryPreferences),
    statePreferences: (r) => text(r.statePreferences),
    transactionScalePreferences: (r) => text(r.transactionScalePreferences),
    performingLoanPreference: (r) => text(r.performingLoanPreference),
    investmentPref: (r) => text(r.investmentPref),
    transactionPref: (r) => text(r.transactionPref),
    buyerType: (r) => text(r.buyerType),
    investmentCriteria: (r) => text(r.investmentCriteria),
    comments: (r) => text(r.comments),
    updatedAt: (r) => formatDateTime(r.updatedAt),
    dealsUpTo5m: (r) => count(r.dealsUpTo5m),
    deals5to10m: (r) => count(r.deals5to10m),
    deals10to25m: (r) => count(r.deals10to25m),
    deals25to50m: (r) => count(r.deals25to50m),
    deals50to100m: (r) => count(r.deals50to100m),
    deals100to300m: (r) => count(r.deals100to300m),
    deals300to500m: (r) => count(r.deals300to500m),
    dealsAbove500m: (r) => count(r.dealsAbove500m),
    adminAction: (r) => (
      <span className="flex gap-2 whitespace-nowrap">
        <Link to={`/admin/customers/${r.customerId}`} className="link">
          View
        </Link>
        <Link to={`/admin/customers/edit/${r.customerId}`} className="link">
          Edit
        </Link>
      </span>
    ),
  };
}
const CELLS = cells();


/** The "at least n" filters, labelled like their columns. */
const MIN_FIELDS = (Object.entries(CUSTOMER_MIN_FILTERS) as Array<[CustomerMinFilter, string]>).map(
  ([key, column]) => [key, CUSTOMER_COLUMNS.find((c) => c.value === column)!.label] as const,
);

const YES_NO: Array<[string, string]> = [
  ["yes", "Yes"],
  ["no", "No"],
];

export default function AdminCustomersPage() {
  const { rows, total, page, pageSize, view, filters, businessTypes } = useLoaderData<typeof loader>();
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
      <form id={SELECTION_FORM} method="post" action="/admin/customers" aria-label="Selected customers" />
      <SaveListButtons selectionForm={SELECTION_FORM} filtersQuery={customerQuery({ filters })} />
      <DataGrid<CustomerRow>
        tableKey="customers"
        caption="Customers"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(r) => r.customerId}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No customers match."
      />
      <Pager page={page} pageSize={pageSize} total={total} noun="customers" testId="customers-count" />
    </>
  );
}
