import type { PageAt, Paging } from "~/components/pager";
import { SectionPager } from "~/components/section-pager";
import { SimpleTable } from "~/components/data-table";
import { PIPELINE_STAGES, STAGE_LABELS, type PipelineStage } from "~/lib/deal";
import { formatDate, formatDateTime, formatDuration, formatNumber } from "~/lib/format";

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
              <td key={s}>{formatDate(e.dates[s] ?? null)}</td>
            ))}
            <td>{formatDateTime(e.lastActivity)}</td>
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
            <td>{formatDateTime(v.lastVisit)}</td>
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
              <td>{formatDateTime(a.createdAt)}</td>
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
              {f.comment ? <p className="mt-1 whitespace-pre-line text-slate-600">{f.comment}</p> : null}
            </li>
          ))}
        </ul>
    </>
  );
}
