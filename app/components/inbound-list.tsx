import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/server-runtime";
import { FormErrors, SelectField, TextAreaField } from "./forms";
import { SimpleTable, cell, formatDateTime } from "./data-table";
import { INBOUND_STATUSES, INBOUND_STATUS_LABELS, type InboundKind } from "~/lib/inbound";
import { inboundAdminSchema } from "~/lib/schemas/inbound";
import { resultFor, type ActionResult } from "~/lib/action-result";
import type { inboundListPage } from "~/models/inbound.server";

type ListData = SerializeFrom<typeof inboundListPage>;
type Row = ListData["rows"][number];
type Admins = ListData["admins"];

const STATUS_OPTIONS = INBOUND_STATUSES.map((value) => ({ value, label: INBOUND_STATUS_LABELS[value] }));

/** Previous and next page links, keeping the filter. */
export function Pager({ page, pageSize, total, params }: { page: number; pageSize: number; total: number; params: Record<string, string | null> }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
    if (p > 1) search.set("page", String(p));
    const text = search.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? <Link to={href(page - 1)} className="link">Previous</Link> : null}
      <span>
        Page {page} of {pages} · {total} in all
      </span>
      {page < pages ? <Link to={href(page + 1)} className="link">Next</Link> : null}
    </nav>
  );
}

/** The status filter: a GET form, so it works without JavaScript. */
export function StatusFilter({ status, options }: { status: string | null; options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <div>
        <label htmlFor="status-filter" className="block text-sm font-medium text-slate-700">
          Status
        </label>
        <select id="status-filter" name="status" defaultValue={status ?? ""} className="input">
          <option value="">Any</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Filter
      </button>
    </Form>
  );
}

/** An admin list of inbound items of one kind, each with its status, owner and notes (and an answer for inquiries). */
export function InboundList({ data, result, caption }: { data: ListData; result?: ActionResult | null; caption: string }) {
  const inquiry = data.kind === "inquiry";
  return (
    <>
      <div className="mb-4">
        <StatusFilter status={data.status} options={STATUS_OPTIONS} />
      </div>
      <SimpleTable
        caption={caption}
        count={data.rows.length}
        empty="Nothing here yet."
        headers={["Received", "From", inquiry ? "About" : "Company", "Message", "Handling"]}
      >
        {data.rows.map((row) => (
          <InboundRow key={row.item.id} row={row} kind={data.kind} admins={data.admins} result={result} />
        ))}
      </SimpleTable>
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} params={{ status: data.status }} />
    </>
  );
}

function InboundRow({ row, kind, admins, result }: { row: Row; kind: InboundKind; admins: Admins; result?: ActionResult | null }) {
  const { item } = row;
  const lastResult = resultFor(result, "update", { id: item.id });
  const lastAnswer = resultFor(result, "answer", { id: item.id });
  const [form, fields] = useForm({
    id: `inbound-${item.id}`,
    lastResult,
    defaultValue: { intent: "update", id: String(item.id), status: item.status, ownerId: item.ownerId ? String(item.ownerId) : "", notes: item.notes },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inboundAdminSchema }),
    shouldValidate: "onSubmit",
  });
  const [answerForm, answerFields] = useForm({
    id: `answer-${item.id}`,
    lastResult: lastAnswer,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inboundAdminSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <tr data-testid={`inbound-${item.email}`}>
      <td className={`${cell} whitespace-nowrap`}>{formatDateTime(item.createdAt)}</td>
      <td className={cell}>
        {item.name}
        <br />
        <a className="link" href={`mailto:${item.email}`}>
          {item.email}
        </a>
        {item.phone ? (
          <>
            <br />
            {item.phone}
          </>
        ) : null}
      </td>
      <td className={cell}>
        {kind === "inquiry" ? (
          <>
            {row.memberName ? <>Member: {row.memberName}</> : "—"}
            {row.customerName ? (
              <>
                <br />
                Customer: {row.customerName}
              </>
            ) : null}
            {item.projectId ? (
              <>
                <br />
                Project: <Link className="link" to={`/admin/projects/${item.projectId}`}>{row.projectName || `#${item.projectId}`}</Link>
              </>
            ) : null}
          </>
        ) : (
          <>
            {item.company || "—"}
            {item.companyWebsite ? (
              <>
                <br />
                {item.companyWebsite}
              </>
            ) : null}
          </>
        )}
      </td>
      <td className={`${cell} max-w-md whitespace-pre-line`}>
        {item.message}
        {item.answer ? (
          <p className="mt-2 border-l-2 border-primary pl-2 text-slate-600" data-testid="answer">
            Answer ({formatDateTime(item.answeredAt)}): {item.answer}
          </p>
        ) : null}
      </td>
      <td className={`${cell} min-w-64 space-y-2`}>
        <Form method="post" className="space-y-2" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <SelectField meta={fields.status} label="Status" options={STATUS_OPTIONS} />
          <SelectField meta={fields.ownerId} label="Owner" placeholder="No owner" options={admins.map((a) => ({ value: String(a.id), label: a.name }))} />
          <TextAreaField meta={fields.notes} label="Notes" rows={2} />
          <button type="submit" className="btn-secondary px-2 py-1">
            Save
          </button>
        </Form>
        {kind === "inquiry" && !item.answer ? (
          <Form method="post" className="space-y-2" {...getFormProps(answerForm)}>
            <FormErrors errors={answerForm.errors} />
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="id" value={item.id} />
            <TextAreaField meta={answerFields.answer} label="Answer" rows={3} />
            <button type="submit" className="btn-primary px-2 py-1">
              Send answer
            </button>
          </Form>
        ) : null}
      </td>
    </tr>
  );
}
