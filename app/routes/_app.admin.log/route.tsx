import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
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

export const meta = () => titleMeta("Audit log");

/** `?before=` as a row id, or the newest page for anything else. */
function pageStart(request: Request) {
  return recordId(new URL(request.url).searchParams.get("before"));
}

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const before = pageStart(args.request);
  return { ...(await listAudit(services.db, { before })), paged: before !== undefined };
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
  const { rows, olderBefore, paged } = useLoaderData<typeof loader>();
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
      <SimpleTable caption="Audit log" count={rows.length} empty="Nothing recorded yet." headers={["#", "When", "Who", "What", "Record", "Detail", "From"]}>
        {rows.map((r) => (
          <tr key={r.id} data-testid="audit-row">
            <td>{r.id}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.at)}</td>
            <td>
              {r.actorName}
              {r.actorEmail ? <span className="block text-xs text-slate-500">{r.actorEmail}</span> : null}
            </td>
            <td>{r.action}</td>
            <td className={`${cell} whitespace-nowrap`}>
              {r.subjectType} {r.subjectId}
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
        {paged ? <Link to="/admin/log" className="link">Newest entries</Link> : null}
        {olderBefore ? <Link to={`/admin/log?before=${olderBefore}`} className="link">Older entries</Link> : null}
      </nav>
    </>
  );
}
