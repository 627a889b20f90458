import { useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { SelectFilter, ShowForm } from "~/components/table-controls";
import { titleMeta } from "~/lib/meta";
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUSES } from "~/lib/outbox";
import { listOutbox } from "~/models/outbox.server";
import { pageNumber } from "~/lib/query-params";
import { keepWithinPages } from "~/models/list-query.server";

export const meta = () => titleMeta("Outbox");

const PAGE_SIZE = 100;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const wanted = params.get("status");
  const status = OUTBOX_STATUSES.find((s) => s === wanted);
  const page = pageNumber(params.get("page"), 10_000);
  const { rows, total } = await listOutbox(services.db, { status, page, pageSize: PAGE_SIZE });
  keepWithinPages(args.request, { page, pageSize: PAGE_SIZE, total });
  return { messages: rows, total, page, status: status ?? "", providerConfigured: Boolean(services.env.MAIL_API_URL) };
}

/**
 * Every e-mail and SMS the system sent or will send, newest first, a page at a time.
 * Tokens in links show as [hidden]; bodies are emptied a week after delivery.
 */
export default function OutboxPage() {
  const { messages, total, page, status, providerConfigured } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Outbox" />
      {providerConfigured ? null : (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No e-mail provider is configured (MAIL_API_URL): messages wait here and are sent once one is.
        </p>
      )}
      <ShowForm label="Filters">
        <SelectFilter name="status" label="Status" value={status} options={OUTBOX_STATUSES.map((s) => [s, OUTBOX_STATUS_LABELS[s]] as const)} noneOption={["", "All"]} />
      </ShowForm>
      <SimpleTable caption="Outbox" count={total} empty="Nothing here." headers={["Queued", "Channel", "To", "Subject", "Status", "Attempts", "Message"]}>
        {messages.map((m) => (
          <tr key={m.id} data-testid="outbox-row">
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(m.createdAt)}</td>
            <td>{m.channel}</td>
            <td>{m.recipient}</td>
            <td>{m.subject}</td>
            <td>
              {m.status}
              {m.lastError ? <span className="block text-xs text-red-700">{m.lastError}</span> : null}
            </td>
            <td>{m.attempts}</td>
            <td className={`${cell} max-w-md`}>
              <details>
                <summary className="cursor-pointer text-primary">Show</summary>
                <pre className="mt-2 whitespace-pre-wrap font-sans text-xs">{m.body || "Removed 7 days after delivery."}</pre>
              </details>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="messages" />
    </>
  );
}
