import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { DataGrid } from "./data-grid";
import { FormErrors, SelectField, TextAreaField } from "./forms";
import { PageHeader } from "./page-header";
import { Pager } from "./pager";
import { DaysFilter, SearchFilter, SelectFilter, ViewForm } from "./table-controls";
import { formatDateTime } from "~/lib/format";
import {
  INBOUND_LIST_TITLES,
  INBOUND_STATUSES,
  INBOUND_STATUS_LABELS,
  INBOUND_TABLE_KEYS,
  excerpt,
  inboundEmpty,
  type InboundColumn,
  type InboundKind,
} from "~/lib/inbound";
import { openedOf, resultFor, type ActionResult } from "~/lib/action-result";
import type { inboundListPage } from "~/models/inbound.server";

type ListData = SerializeFrom<typeof inboundListPage>;
type Row = ListData["rows"][number];
type Admins = ListData["admins"];

const STATUS_OPTIONS = INBOUND_STATUSES.map((value) => ({ value, label: INBOUND_STATUS_LABELS[value] }));
const text = (v: string | null | undefined) => v || "—";

function cells(kind: InboundKind, admins: Admins, result: ActionResult | null | undefined): Record<InboundColumn, (r: Row) => ReactNode> {
  return {
    id: (r) => r.item.id,
    createdAt: (r) => <span className="whitespace-nowrap">{formatDateTime(r.item.createdAt)}</span>,
    name: (r) => r.item.name,
    email: (r) => (
      <a className="link" href={`mailto:${r.item.email}`}>
        {r.item.email}
      </a>
    ),
    company: (r) => text(r.item.company),
    phone: (r) => text(r.item.phone),
    member: (r) => text(r.memberName),
    customer: (r) => (r.customerId ? <Link className="link" to={`/admin/customers/${r.customerId}`}>{r.customerName}</Link> : "—"),
    project: (r) =>
      r.item.projectId ? (
        <Link className="link" to={`/admin/projects/${r.item.projectId}`}>
          {r.projectName || `#${r.item.projectId}`}
        </Link>
      ) : (
        "—"
      ),
    companyWebsite: (r) => text(r.item.companyWebsite),
    message: (r) => (
      <div className="max-w-md">
        <span title={r.item.message}>{excerpt(r.item.message)}</span>
        {r.item.answer ? (
          <p className="mt-2 border-l-2 border-primary pl-2 text-slate-600" data-testid="answer">
            Answer ({formatDateTime(r.item.answeredAt)}): {r.item.answer}
          </p>
        ) : null}
      </div>
    ),
    status: (r) => INBOUND_STATUS_LABELS[r.item.status],
    owner: (r) => text(r.ownerName),
    updatedAt: (r) => <span className="whitespace-nowrap">{formatDateTime(r.item.updatedAt)}</span>,
    handling: (r) => <Handling row={r} kind={kind} admins={admins} result={result} />,
  };
}

/**
 * An admin list of inbound items of one kind (the page of each kind's route): the
 * admin's columns, sort and filters, each item's status, owner and notes, and an answer for inquiries.
 */
export function InboundPage() {
  const data = useLoaderData<typeof inboundListPage>();
  const result = useActionData<{ result?: ActionResult }>()?.result;
  const { kind, view, filters } = data;
  const title = INBOUND_LIST_TITLES[kind];
  const table = INBOUND_TABLE_KEYS[kind];
  return (
    <>
      <PageHeader title={title} />
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={data.pageSize}>
        <SearchFilter value={filters.q} placeholder="Name, e-mail, company, message" />
        <SelectFilter name="status" label="Status" value={filters.status} options={STATUS_OPTIONS.map((o) => [o.value, o.label])} />
        <SelectFilter name="owner" label="Owner" value={filters.owner} options={[["none", "No owner"], ...data.admins.map((a) => [String(a.id), a.name] as const)]} />
        <DaysFilter label="Received" from={filters.from} to={filters.to} />
      </ViewForm>
      <DataGrid<Row>
        tableKey={table}
        caption={title}
        headers={view.headers}
        visible={view.visible}
        rows={data.rows}
        rowKey={(r) => r.item.id}
        rowTestId={(r) => `inbound-${r.item.email}`}
        cells={cells(kind, data.admins, result)}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty={inboundEmpty(kind, filters)}
      />
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} noun="items" testId="table-count" />
    </>
  );
}

function Handling({ row, kind, admins, result }: { row: Row; kind: InboundKind; admins: Admins; result?: ActionResult | null }) {
  const { item } = row;
  const lastResult = resultFor(result, "update", { id: item.id });
  const lastAnswer = resultFor(result, "answer", { id: item.id });
  // the row as this page showed it; refused, the form stays opened on what it was sent with (or, after a
  // clash, on the row as it is now), so that saving again writes only what this admin changed
  const opened = openedOf(lastResult) ?? JSON.stringify({ status: item.status, ownerId: item.ownerId ? String(item.ownerId) : "", notes: item.notes });
  const [answerForm, answerFields] = useForm({
    id: `answer-${item.id}`,
    lastResult: lastAnswer,
    schema: () => import("~/lib/schemas/inbound").then((m) => m.inboundAdminSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="min-w-64 space-y-2">
      <HandlingForm key={opened} id={item.id} opened={opened} admins={admins} lastResult={lastResult} />
      {kind === "inquiry" && !item.answer ? (
        <Form method="post" className="space-y-2" {...getFormProps(answerForm)}>
          <FormErrors id={answerForm.errorId} errors={answerForm.errors} />
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="id" value={item.id} />
          <TextAreaField meta={answerFields.answer} label="Answer" rows={3} />
          <button type="submit" className="btn-primary px-2 py-1">
            Send answer
          </button>
        </Form>
      ) : null}
      {kind === "affiliate" && item.status !== "converted" ? (
        // the approval form lists the newest applications: this one is chosen there, however old
        <Link className="link block text-sm" to={`/admin/marketing/affiliates?application=${item.id}`}>
          Approve as partner
        </Link>
      ) : null}
    </div>
  );
}

function HandlingForm({ id, opened, admins, lastResult }: { id: number; opened: string; admins: Admins; lastResult?: ActionResult }) {
  const [form, fields] = useForm({
    id: `inbound-${id}`,
    lastResult,
    defaultValue: { intent: "update", id: String(id), ...(JSON.parse(opened) as Record<string, string>) },
    schema: () => import("~/lib/schemas/inbound").then((m) => m.inboundAdminSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="space-y-2" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={id} />
      {/* the row as this page showed it: the save writes only what this admin changed (another's save meanwhile kept) */}
      <input type="hidden" name="opened" value={opened} />
      <SelectField meta={fields.status} label="Status" options={STATUS_OPTIONS} />
      <SelectField meta={fields.ownerId} label="Owner" placeholder="No owner" options={admins.map((a) => ({ value: String(a.id), label: a.name }))} />
      <TextAreaField meta={fields.notes} label="Notes" rows={2} />
      <button type="submit" className="btn-secondary px-2 py-1">
        Save
      </button>
    </Form>
  );
}
