import type { PageAt, Paging } from "~/components/pager";
import { SectionPager } from "~/components/section-pager";
import { DateTime, Day, SimpleTable } from "~/components/data-table";
import { PIPELINE_STAGES, STAGE_LABELS, type PipelineStage } from "~/lib/deal";
import { formatDate, formatDateTime, formatDuration, formatNumber } from "~/lib/format";
import { NDA_REJECTION_REASON } from "~/lib/schemas/deal";

type When = Date | string | number | null;
/** What the records show, as the desk reads them (buyers already named or pseudonymised). */
export type DeskRecords = {
  pipeline: Array<{ buyerId: number | null; buyerName: string; buyerCompany: string; stage: string; dates: Partial<Record<PipelineStage, When>>; lastActivity: When }>;
  viewers: Array<{ userId: number | null; name: string; company: string; sessions: number; totalTime: number | null; activeTime: number | null; lastVisit: When }>;
  audit: Array<{ id: number; createdAt: When; userName: string | null; userCompany: string | null; action: string; documentName: string; ipAddress: string | null }>;
  threads: Array<{ buyerId: number; buyerName: string; buyerCompany: string; messages: number; unread: number; lastAt: When }>;
  feedback: Array<{ buyerName: string; buyerCompany: string; createdAt: When; reasons: string[]; comment: string | null }>;
};

/*
 * The desk's read-only records, drawn on the server (desk-records.server): the page ships their
 * markup, not this code. Links are plain anchors; <StaticHtml> follows them within the app.
 */

export function PipelineTable({ pipeline, paging, at }: Pick<DeskRecords, "pipeline"> & { paging: Paging; at: PageAt }) {
  return (
    <>
      <SimpleTable caption="Buyer pipeline" count={pipeline.length} empty="No buyer has looked at this project yet." headers={["Buyer", "Stage", ...PIPELINE_STAGES.map((s) => STAGE_LABELS[s]), "Last activity"]}>
        {pipeline.map((e) => (
          <tr key={e.buyerId ?? e.buyerName} data-testid="pipeline-row">
            <td>
              {e.buyerName}
              <span className="block text-xs text-slate-500">{e.buyerCompany}</span>
            </td>
            <td data-testid="pipeline-stage">{STAGE_LABELS[e.stage as PipelineStage]}</td>
            {PIPELINE_STAGES.map((s) => (
              <td key={s}><Day at={e.dates[s] ?? null} /></td>
            ))}
            <td><DateTime at={e.lastActivity} /></td>
          </tr>
        ))}
      </SimpleTable>
      <SectionPager paging={paging} at={at} noun="buyers" param="pipeline" label="Pages of the pipeline" anchor="pipeline" />
    </>
  );
}

export function ViewersTable({ viewers, paging, at }: Pick<DeskRecords, "viewers"> & { paging: Paging; at: PageAt }) {
  return (
    <>
      <SimpleTable caption="Viewers" count={viewers.length} empty="No tracked visits yet." headers={["Member", "Visits", "Time on the pages", "Active time", "Last visit"]}>
        {viewers.map((v) => (
          <tr key={v.userId ?? v.name} data-testid="viewer-row">
            <td>
              {v.name}
              <span className="block text-xs text-slate-500">{v.company}</span>
            </td>
            <td>{v.sessions}</td>
            <td>{formatDuration(v.totalTime)}</td>
            <td data-testid="viewer-active">{formatDuration(v.activeTime)}</td>
            <td><DateTime at={v.lastVisit} /></td>
          </tr>
        ))}
      </SimpleTable>
      <SectionPager paging={paging} at={at} noun="viewers" param="viewers" label="Pages of the viewers" anchor="viewers" />
    </>
  );
}

export function DataRoomAudit({ audit, paging, at }: Pick<DeskRecords, "audit"> & { paging: Paging; at: PageAt }) {
  // open on a later page: its pager's link was followed
  return (
    <details id="data-room-audit" open={paging.page > 1 || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-primary">Audit log ({formatNumber(paging.total)})</summary>
      <div className="mt-2">
        <SimpleTable caption="Data room audit log" count={audit.length} empty="Nothing yet." headers={["When", "Who", "What", "Document", "IP address"]}>
          {audit.map((a) => (
            <tr key={a.id} data-testid="audit-row">
              <td><DateTime at={a.createdAt} /></td>
              <td>{a.userName} ({a.userCompany})</td>
              <td>{a.action}</td>
              <td>{a.documentName}</td>
              <td>{a.ipAddress}</td>
            </tr>
          ))}
        </SimpleTable>
        <SectionPager paging={paging} at={at} noun="entries" param="audit" label="Pages of the audit log" anchor="data-room-audit" />
      </div>
    </details>
  );
}

export function Negotiations({ projectId, threads, paging, at }: { projectId: number; paging: Paging; at: PageAt } & Pick<DeskRecords, "threads">) {
  return (
    <>
        {threads.length === 0 ? <p className="text-sm text-slate-500">No messages yet.</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {threads.map((t) => (
            <li key={t.buyerId} className="flex items-center justify-between px-3 py-2">
              <a href={`/messages/${projectId}/${t.buyerId}`} className="link">
                {t.buyerName} ({t.buyerCompany})
              </a>
              <span className="text-xs text-slate-500">
                {t.messages} messages{t.unread ? ` · ${t.unread} unread` : ""} · {formatDateTime(t.lastAt)}
              </span>
            </li>
          ))}
        </ul>
        <SectionPager paging={paging} at={at} noun="threads" param="threads" label="Pages of the negotiations" anchor="negotiations" />
    </>
  );
}

export function FeedbackList({ feedback }: Pick<DeskRecords, "feedback">) {
  return (
    <>
        {feedback.length === 0 ? <p className="text-sm text-slate-500">No feedback yet.</p> : null}
        <ul className="space-y-2 text-sm">
          {feedback.map((f, i) => (
            <li key={i} className="card" data-testid="feedback">
              <p className="font-medium">
                {f.buyerName}
                {f.buyerCompany ? ` (${f.buyerCompany})` : ""} · {formatDate(f.createdAt)}
              </p>
              <p>{f.reasons.join(" · ")}</p>
              {f.comment ? <p className="mt-1 whitespace-pre-line break-words text-slate-600">{f.comment}</p> : null}
            </li>
          ))}
        </ul>
    </>
  );
}

/** An NDA request as the desk shows it (the buyer named or pseudonymised by the desk's reads). */
export type DeskContract = {
  id: number;
  envelopeId: string | null;
  ndaStatus: string;
  requestedAt: When;
  signedAt: When;
  signerName: string | null;
  signerIp: string | null;
  decidedAt: When;
  rejectionReason: string | null;
  dataRoomBlocked: boolean;
  buyer: { name: string; company: string; email?: string | null };
  buyerCustomerId: number | null;
};

/** What the viewer may do with the NDAs: the server refuses the rest whatever the markup says. */
export type NdaPowers = { admin: boolean; decide: boolean; dataRoom: boolean; approvable: boolean };

const NDA_COLUMNS = ["Buyer", "Status", "Requested", "Signed", "Signed NDA", "Decision", "Data room"];

/**
 * The NDA requests with their steps as plain forms: the page ships this markup, not the table's code
 * (it put the admin's project page at the JavaScript budget's edge). With JavaScript the desk sends
 * the forms through the router (`useStaticForms`); without, they post as any form does. The
 * rejection's reason carries the schema's bounds, so the browser holds back a short one.
 */
export function NdaTable({ projectId, contracts, powers }: { projectId: number; contracts: DeskContract[]; powers: NdaPowers }) {
  if (!contracts.length) return <p className="text-sm text-slate-500">No NDA requests yet.</p>;
  return (
    <div className="table-scroll" role="group" aria-label="NDAs" tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">NDAs</caption>
        <thead className="bg-slate-50">
          <tr>
            {NDA_COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {contracts.map((c) => (
            <tr key={c.id} id={`nda-${c.id}`} data-testid="nda-row">
              <td>
                {c.buyer.name}
                {/* lines 24 px tall: the company and the e-mail, one above the other, are two links a finger must tell apart */}
                {c.buyerCustomerId && !powers.admin ? (
                  <a href={`/sellers/customers/${c.buyerCustomerId}`} className="link block text-xs/6" data-testid="nda-buyer-company">
                    {c.buyer.company}
                  </a>
                ) : (
                  <span className="block text-xs text-slate-500">{c.buyer.company}</span>
                )}
                {c.buyer.email ? (
                  <a className="link block text-xs/6" href={`mailto:${c.buyer.email}`} data-testid="nda-buyer-email">
                    {c.buyer.email}
                  </a>
                ) : null}
              </td>
              <td data-testid="nda-status">{c.ndaStatus}</td>
              <td><Day at={c.requestedAt} /></td>
              <td>{c.signedAt ? <><DateTime at={c.signedAt} />{` by ${c.signerName} from ${c.signerIp}`}</> : "—"}</td>
              <td>
                {c.signedAt ? (
                  <a className="link" href={`/projects/more-details/${projectId}/nda/${c.envelopeId}`} target="_blank" rel="noreferrer">
                    PDF<span className="sr-only"> of the NDA {c.buyer.name} signed (opens in a new tab)</span>
                  </a>
                ) : "—"}
              </td>
              <td>
                {c.ndaStatus === "Signed" && powers.decide ? (
                  <NdaDecision contractId={c.id} approvable={powers.approvable} />
                ) : c.ndaStatus === "Rejected" ? (
                  c.rejectionReason
                ) : c.decidedAt ? (
                  <Day at={c.decidedAt} />
                ) : "—"}
              </td>
              <td>
                {c.ndaStatus === "NDA Approved" && powers.dataRoom ? (
                  // the state, then the step: its name says what it does and for whom (a screen reader's list of
                  // buttons had "Open: block" once per buyer), and begins with the words it shows
                  <form method="post" className="text-xs" data-testid="data-room-access">
                    <input type="hidden" name="contractId" value={c.id} />
                    {c.dataRoomBlocked ? "Blocked" : "Open"} ·{" "}
                    <button type="submit" name="intent" value={c.dataRoomBlocked ? "unblock" : "block"} className="link">
                      {c.dataRoomBlocked ? "Give access" : "Block"}
                      <span className="sr-only">{c.dataRoomBlocked ? " to the data room for " : " data-room access for "}{c.buyer.name}</span>
                    </button>
                  </form>
                ) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NdaDecision({ contractId, approvable }: { contractId: number; approvable: boolean }) {
  const reasonId = `reject-nda-${contractId}-reason`;
  return (
    <div className="space-y-2">
      {approvable ? (
        <form method="post">
          <input type="hidden" name="contractId" value={contractId} />
          <button type="submit" name="intent" value="approve-nda" className="btn-primary">
            Approve
          </button>
        </form>
      ) : null}
      <details>
        <summary className="cursor-pointer text-xs text-primary">Reject…</summary>
        <form method="post" id={`reject-nda-${contractId}`} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="reject-nda" />
          <input type="hidden" name="contractId" value={contractId} />
          <label className="label" htmlFor={reasonId}>Reason (the buyer sees it)</label>
          <textarea id={reasonId} name="reason" rows={2} required minLength={NDA_REJECTION_REASON.min} maxLength={NDA_REJECTION_REASON.max} className="input" />
          <button type="submit" className="btn-secondary">
            Reject NDA
          </button>
        </form>
      </details>
    </div>
  );
}
