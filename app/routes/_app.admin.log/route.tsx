import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { listAudit, verifyAuditChain } from "~/models/audit.server";
import { readForm } from "~/.server/body";
import { answer, invalid } from "~/.server/replies";
import { parseWithZod, auditVerifySchema } from "~/lib/schemas/index.server";
import { recordId } from "~/lib/query-params";
import { hrefWith } from "~/lib/href-with";
import { SelectFilter, ShowForm } from "~/components/table-controls";

export const meta = () => titleMeta("Audit log");

/** `?before=` as a row id, or the newest page for anything else. */
function pageStart(request: Request) {
  return recordId(new URL(request.url).searchParams.get("before"));
}

/** The kinds of record the log names, as its filter offers them (a link may name another: it is offered too). */
const RECORD_KINDS = ["user", "customer", "project", "contract", "offer", "document", "campaign", "lead", "inbound", "affiliate", "referral", "system"];

/**
 * What the address narrows the log to: a record (`?subjectType=user&subjectId=12`: its history; the kind
 * alone, every record of it) and who acted (`?actor=` their e-mail). Anything unreadable narrows nothing.
 */
function filtersOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const text = (name: string, pattern: RegExp) => {
    const value = (params.get(name) ?? "").trim();
    return pattern.test(value) ? value : "";
  };
  return {
    subjectType: text("subjectType", /^[a-z][a-z-]{0,39}$/),
    subjectId: text("subjectId", /^[\w.:-]{1,64}$/),
    actor: text("actor", /^[^\s@]{1,200}@[^\s@]{1,200}$/).toLowerCase(),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const before = pageStart(args.request);
  const filters = filtersOf(args.request);
  const page = await listAudit(services.db, { before, filters: { subjectType: filters.subjectType, subjectId: filters.subjectId, actorEmail: filters.actor } });
  return { ...page, paged: before !== undefined, filters };
}

/** Checks the whole chain: a POST, because it reads every row, and so the button works without JavaScript. */
export async function action(args: ActionFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: auditVerifySchema() });
  if (submission.status !== "success") return invalid(submission, { extra: { check: null } });
  return answer(submission.reply(), 200, { check: await verifyAuditChain(services.db) });
}

// a value past this is cut in the list; the entry's "Full values" shows it whole
const SHOWN = 80;
const shown = (value: string) => (value === "" ? "(none)" : value.length > SHOWN ? `${value.slice(0, SHOWN - 1)}…` : value);

type Change = { field: string; from: string; to: string };

/** An edit's changed fields as "field: old → new", long values cut, and then whole on request. */
function Changes({ changes }: { changes: Change[] }) {
  if (!changes.length) return null;
  const cut = changes.some((c) => c.from.length > SHOWN || c.to.length > SHOWN);
  return (
    <>
      <ul className="text-xs text-slate-700" data-testid="audit-changes">
        {changes.map((c) => (
          <li key={c.field}>
            {c.field}: {shown(c.from)} → {shown(c.to)}
          </li>
        ))}
      </ul>
      {cut ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-500">Full values</summary>
          <dl>
            {changes.map((c) => (
              <div key={c.field}>
                <dt className="font-medium">{c.field}</dt>
                <dd>Before: {c.from || "(none)"}</dd>
                <dd>After: {c.to || "(none)"}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
}

/** What admins and sellers did, newest first, and the check that nothing was changed or removed since. */
export default function AuditLogPage() {
  const { rows, olderBefore, paged, filters } = useLoaderData<typeof loader>();
  const location = useLocation();
  const narrowed = Boolean(filters.subjectType || filters.actor);
  const kinds = RECORD_KINDS.includes(filters.subjectType) || !filters.subjectType ? RECORD_KINDS : [...RECORD_KINDS, filters.subjectType];
  const data = useActionData<typeof action>();
  const verifying = useNavigation().formData?.get("intent") === "verify";
  const check = data?.check ?? null;
  return (
    <>
      <PageHeader title="Audit log">
        <Form method="post" replace>
          <button type="submit" name="intent" value="verify" className="btn-secondary" disabled={verifying}>
            {verifying ? "Checking…" : "Verify the chain"}
          </button>
        </Form>
      </PageHeader>
      {check ? (
        check.intact ? (
          <p role="status" data-testid="audit-check" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            The chain is intact: {check.rows} {check.rows === 1 ? "entry" : "entries"} checked
            {check.head ? `; the newest is #${check.head.id}, hash ${check.head.hash}` : ""}.
          </p>
        ) : (
          <p role="alert" data-testid="audit-check" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            The chain is broken at entry #{check.brokenAt}. {check.problem}
          </p>
        )
      ) : null}
      <ShowForm label="Filters">
        <SelectFilter name="subjectType" label="Record" value={filters.subjectType} options={kinds.map((k) => [k, k])} noneOption={["", "Any"]} />
        <label className="text-sm">
          <span className="label">Record id</span>
          <input name="subjectId" defaultValue={filters.subjectId} className="input w-28" />
        </label>
        <label className="text-sm">
          <span className="label">Who (e-mail)</span>
          <input type="email" name="actor" defaultValue={filters.actor} className="input" />
        </label>
      </ShowForm>
      {filters.subjectId && !filters.subjectType ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A record id is looked up with its kind: choose the record&apos;s kind under Record. Every entry is listed meanwhile.
        </p>
      ) : null}
      <SimpleTable caption="Audit log" count={rows.length} empty={narrowed ? "No entries match." : "Nothing recorded yet."} headers={["#", "When", "Who", "What", "Record", "Detail", "From"]}>
        {rows.map((r) => (
          <tr key={r.id} data-testid="audit-row">
            <td>{r.id}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.at)}</td>
            <td>
              {r.actorName}
              {r.actorEmail ? (
                <Link to={`/admin/log?${new URLSearchParams({ actor: r.actorEmail })}`} className="link block text-xs" title="Their entries">
                  {r.actorEmail}
                </Link>
              ) : null}
            </td>
            <td>{r.action}</td>
            <td className={`${cell} whitespace-nowrap`}>
              <Link to={`/admin/log?${new URLSearchParams({ subjectType: r.subjectType, subjectId: r.subjectId })}`} className="link" title="Its history">
                {r.subjectType} {r.subjectId}
              </Link>
            </td>
            <td className={`${cell} max-w-md whitespace-pre-wrap`}>
              {r.detail}
              <Changes changes={r.changes} />
            </td>
            <td>{r.address}</td>
          </tr>
        ))}
      </SimpleTable>
      <nav aria-label="Audit log pages" className="mt-4 flex gap-4 text-sm">
        {paged ? <Link to={hrefWith(location, { before: null })} className="link">Newest entries</Link> : null}
        {olderBefore ? <Link to={hrefWith(location, { before: olderBefore })} className="link">Older entries</Link> : null}
      </nav>
    </>
  );
}
