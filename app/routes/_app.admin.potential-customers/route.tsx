import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { randomToken } from "~/.server/crypto";
import { replyOrNotify } from "~/auth/session.server";
import { formErrorsOf } from "~/lib/action-result";
import { DataGrid } from "~/components/data-grid";
import { FormErrors } from "~/components/forms";
import { Pager } from "~/components/pager";
import { PageHeader } from "~/components/page-header";
import { DaysFilter, SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { formatDateTime } from "~/lib/format";
import {
  LEAD_CSV_COLUMNS,
  LEAD_SOURCES,
  LEAD_SOURCE_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  excerpt,
  type LeadColumn,
} from "~/lib/inbound";
import { titleMeta } from "~/lib/meta";
import { LEAD_CSV_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";
import { leadAction, leadListPage } from "~/models/leads.server";

export const meta = () => titleMeta("Potential customers");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  // the import form's one-time key: posted twice (a double click, a resend), it imports the file once
  return { ...(await leadListPage(services, { admin: user, request: args.request })), submissionKey: randomToken(16) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return replyOrNotify(services, args.request, await leadAction(services, { admin: user, request: args.request }));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const text = (v: string) => v || "—";

const CELLS: Record<LeadColumn, (r: Row) => ReactNode> = {
  id: (r) => r.lead.id,
  createdAt: (r) => <span className="whitespace-nowrap">{formatDateTime(r.lead.createdAt)}</span>,
  source: (r) => LEAD_SOURCE_LABELS[r.lead.source],
  name: (r) => r.lead.name,
  email: (r) => (
    <a className="link" href={`mailto:${r.lead.email}`}>
      {r.lead.email}
    </a>
  ),
  company: (r) => r.lead.company,
  phone: (r) => text(r.lead.phone),
  website: (r) => text(r.lead.website),
  notes: (r) => <span title={r.lead.notes}>{excerpt(r.lead.notes)}</span>,
  status: (r) => LEAD_STATUS_LABELS[r.lead.status],
  convertedCustomer: (r) =>
    r.lead.customerId ? (
      <Link className="link" to={`/admin/customers/${r.lead.customerId}`}>
        {r.customerName ?? `customer ${r.lead.customerId}`}
      </Link>
    ) : (
      "—"
    ),
  actions: (r) =>
    r.lead.status === "open" ? (
      <Form method="post" className="flex gap-2 whitespace-nowrap">
        <input type="hidden" name="id" value={r.lead.id} />
        <button name="intent" value="convert" className="btn-primary px-2 py-1">
          Convert
        </button>
        <button name="intent" value="dismiss" className="btn-secondary px-2 py-1">
          Dismiss
        </button>
      </Form>
    ) : null,
};

export default function PotentialCustomersPage() {
  const { rows, total, more, page, pageSize, view, filters, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title="Potential customers" />
      <FormErrors errors={formErrorsOf(actionData?.result)} />
      {actionData?.importErrors?.length ? (
        <ul className="mb-4 list-disc pl-6 text-sm text-red-700" data-testid="import-errors">
          {actionData.importErrors.map((e, i) => (
            <li key={i}>
              {e.line > 0 ? `Line ${e.line}: ` : ""}
              {e.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mb-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="import" />
        <input type="hidden" name="key" value={submissionKey} />
        <div>
          <label htmlFor="lead-csv" className="block text-sm font-medium text-slate-700">
            Import a CSV <span className="font-normal text-slate-500">({LEAD_CSV_COLUMNS.join(", ")})</span>
          </label>
          <input id="lead-csv" name="file" type="file" accept=".csv,text/csv" className="text-sm" onChange={refuseLargeFile(LEAD_CSV_MAX_BYTES)} />
        </div>
        <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
          Import
        </button>
      </Form>
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SearchFilter value={filters.q} placeholder="Name, e-mail, company, notes" />
        <SelectFilter name="status" label="Status" value={filters.status} options={LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]])} />
        <SelectFilter name="source" label="Source" value={filters.source} options={LEAD_SOURCES.map((s) => [s, LEAD_SOURCE_LABELS[s]])} />
        <DaysFilter label="Received" from={filters.from} to={filters.to} />
      </ViewForm>
      <DataGrid<Row>
        tableKey="potentialCustomers"
        caption="Potential customers"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(r) => r.lead.id}
        rowTestId={(r) => `lead-${r.lead.email}`}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No potential customers match."
      />
      <Pager page={page} pageSize={pageSize} total={total} more={more} noun="potential customers" testId="table-count" />
    </>
  );
}
