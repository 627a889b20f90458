import { Form, Link, useActionData } from "@remix-run/react";
import { type ReactNode } from "react";
import { formatNumber } from "~/lib/format";
import { formErrorsOf, type ActionResult } from "~/lib/action-result";
import { recipientState, type RecipientRowState } from "~/lib/marketing";
import { FormErrors } from "./forms";
import { Pager } from "./pager";
import { DateTime, SimpleTable, formatDateTime } from "./data-table";

/** The counts a sent campaign shows, each with a test id of its key. */
export function CampaignProgress({ counts }: { counts: ReadonlyArray<readonly [label: string, value: number, key: string]> }) {
  return (
    <dl className="card mb-6 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-7" data-testid="campaign-progress" aria-live="polite">
      {counts.map(([label, value, key]) => (
        <div key={key}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold" data-testid={`progress-${key}`}>
            {formatNumber(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "As received by": which member the preview shows (a GET form, so it works without JavaScript), from a page
 * of the list's members (`picker`; the member shown is offered on any page), with links to the pages around it.
 */
export function PreviewPicker({
  members,
  selected,
  picker = { page: 1, more: false },
}: {
  members: ReadonlyArray<{ customerId: number; customerName: string }>;
  selected?: number;
  picker?: { page: number; more: boolean };
}) {
  if (!members.length) return null;
  const to = (page: number) => `?picker=${page}${selected ? `&customerId=${selected}` : ""}`;
  return (
    <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
      {picker.page > 1 ? <input type="hidden" name="picker" value={picker.page} /> : null}
      <label className="text-sm">
        <span className="label">As received by</span>
        {/* keyed: a client-side visit to another member's preview redraws the box with them chosen */}
        <select key={selected} name="customerId" defaultValue={selected} className="input">
          {members.map((m) => (
            <option key={m.customerId} value={m.customerId}>
              {m.customerName}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary">
        Show
      </button>
      {picker.page > 1 || picker.more ? (
        <span className="flex gap-3 text-sm" data-testid="picker-pages">
          {picker.page > 1 ? (
            <Link to={to(picker.page - 1)} className="link" rel="prev">
              Earlier members
            </Link>
          ) : null}
          {picker.more ? (
            <Link to={to(picker.page + 1)} className="link" rel="next">
              More members
            </Link>
          ) : null}
        </span>
      ) : null}
    </Form>
  );
}

/**
 * A draft's buttons (a test to oneself, send now), or, for a campaign a crash left
 * half-queued, "Finish queueing": sending again adds only the missing rows; and Cancel
 * while it is queued or has messages left to send.
 */
export function CampaignSendForms({
  status,
  test,
  offMarket,
  unsent = 0,
}: {
  status: "draft" | "sending" | "sent" | "cancelled";
  test: { label: string; disabledReason?: string };
  /** A draft whose promoted listing has left the market: the listings it may promote instead. */
  offMarket?: { projects: ReadonlyArray<{ value: string; label: string }> } | null;
  /** Messages still to go (queued or held): the campaign may be cancelled. */
  unsent?: number;
}) {
  // the send's refusal (its listing left the market): the draft stays, and says why it was not sent
  const refused = formErrorsOf(useActionData<{ result?: ActionResult }>()?.result);
  if (status === "cancelled") return null;
  // a plain post: it stops the campaign with or without JavaScript
  const cancel = (
    <Form method="post">
      <button type="submit" name="intent" value="cancel" className="btn-secondary">
        Cancel the campaign
      </button>
    </Form>
  );
  if (status === "sent") {
    return unsent ? (
      <div className="mb-4 space-y-2">
        <p className="text-sm">Cancelling sends nothing more: the messages still queued or held are not sent, those sent stay sent.</p>
        {cancel}
      </div>
    ) : null;
  }
  if (status === "sending") {
    return (
      <div className="mb-4 space-y-2">
        <p className="text-sm" data-testid="queueing">
          Its messages are still being queued. Queueing cut off by a restart is finished by housekeeping within minutes, or now with this button; nobody gets a message twice.
        </p>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" name="intent" value="send" className="btn-secondary">
              Finish queueing
            </button>
          </Form>
          {cancel}
        </div>
      </div>
    );
  }
  return (
    <div className="mb-6 flex flex-wrap gap-3">
      {refused ? (
        <div className="basis-full">
          <FormErrors errors={refused} />
        </div>
      ) : null}
      {offMarket ? (
        <Form method="post" className="card basis-full space-y-3" aria-labelledby="off-market-title">
          <p id="off-market-title" className="text-sm font-medium">
            The promoted project is no longer on the market: promote another, or none, to send this draft.
          </p>
          <label className="block text-sm">
            <span className="label">Project to promote</span>
            <select name="projectId" className="input" defaultValue="">
              <option value="">None</option>
              {offMarket.projects.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="project" className="btn-secondary">
            Change the project
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <button type="submit" name="intent" value="test" className="btn-secondary" disabled={Boolean(test.disabledReason)} title={test.disabledReason}>
          {test.label}
        </button>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="send" className="btn-primary">
          Send now
        </button>
      </Form>
    </div>
  );
}

type RecipientRow = RecipientRowState & { recipient: string; attempts: number; dueAt: string | Date; sentAt: string | Date | null; lastError: string | null };

/** A recipient's state as admins read it: held rows wait for quiet hours to end or for their schedule. */
function statusOf(row: RecipientRow) {
  const state = recipientState(row);
  if (state === "held") return `Held until ${formatDateTime(row.dueAt)}`;
  return state.charAt(0).toUpperCase() + state.slice(1);
}

/** Each recipient's row, a page at a time, and the whole list as CSV. */
export function CampaignRecipients({
  campaignId,
  rows,
  page,
  pageSize,
  total,
  extra,
}: {
  campaignId: number;
  rows: RecipientRow[];
  page: number;
  pageSize: number;
  total: number;
  extra?: { header: string; value: (index: number) => ReactNode };
}) {
  return (
    <>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Recipients</h2>
        <a href={`/admin/marketing/campaigns/${campaignId}/recipients.csv`} className="link text-sm" download>
          Download CSV
        </a>
      </div>
      <SimpleTable
        caption="Recipients"
        headers={["Recipient", "Status", "Attempts", ...(extra ? [extra.header] : []), "Sent", "Last error"]}
        count={rows.length}
        empty="Nobody was reachable."
      >
        {rows.map((r, i) => (
          <tr key={r.recipient}>
            <td>{r.recipient}</td>
            <td>{statusOf(r)}</td>
            <td>{r.attempts}</td>
            {extra ? <td>{extra.value(i)}</td> : null}
            <td><DateTime at={r.sentAt} /></td>
            <td>{r.lastError ?? ""}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="recipients" />
    </>
  );
}
