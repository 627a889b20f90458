import { getFormProps, useForm } from "~/components/form-state";
import { Form, Link } from "@remix-run/react";
import type { deskData } from "./desk.server";
import { DailyChartFigure } from "~/components/charts";
import { FunnelFigure } from "./funnel-chart";
import { SimpleTable, cell } from "~/components/data-table";
import { FormErrors, TextAreaField } from "~/components/forms";
import { DocumentList } from "~/components/deal/data-room";
import { OfferCard, OfferReply, OfferStep, type OfferView } from "~/components/deal/offers";
import { PIPELINE_STAGES, STAGE_LABELS, type PipelineStage } from "~/lib/deal";
import { formErrorsOf, resultFor, type ActionResult } from "~/lib/action-result";
import { formatDate, formatDateTime, formatDuration } from "~/lib/format";
import type { SellerPermission } from "~/lib/seller-permissions";

type Desk = Awaited<ReturnType<typeof deskData>>;
type Serialized<T> = T extends Date ? string : T extends Array<infer U> ? Array<Serialized<U>> : T extends object ? { [K in keyof T]: Serialized<T[K]> } : T;
export type DeskProps = {
  projectId: number;
  projectOpen: boolean;
  desk: Serialized<Desk>;
  admin?: boolean;
  /** What a seller's colleague may do here (the server refuses the rest); all when not given. */
  may?: Record<SellerPermission, boolean>;
  /** The page action's answer; the desk shows the part that answers its own forms. */
  result?: ActionResult | null;
};

/**
 * The seller's and admin's side of the deal: pipeline, NDAs, data room, negotiations, offers, feedback.
 * A refusal shows at the top of the section of the form that was sent; a form's field errors in that form.
 */
export function DealDesk({ projectId, projectOpen, desk, admin = false, result, may: given }: DeskProps) {
  const may = given ?? { view: true, edit: true, ndas: true, dataRoom: true, offers: true };
  const errorFor = (...intents: string[]) => <FormErrors errors={formErrorsOf(resultFor(result, intents))} />;
  const invalidFor = (intent: string, fields: Record<string, number>) => {
    const answer = resultFor(result, intent, fields);
    return answer && !formErrorsOf(answer) ? answer : undefined;
  };
  return (
    <div className="space-y-8">
      <section aria-labelledby="activity-heading" id="activity">
        <h2 id="activity-heading" className="mb-2 text-lg font-semibold">
          Buyers' activity, last 90 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-3">
          {desk.charts.activity.map((chart) => (
            <DailyChartFigure key={chart.title} chart={chart} period="last 90 days" />
          ))}
          <FunnelFigure chart={desk.charts.funnel} />
        </div>
      </section>

      <section aria-label="Pipeline" id="pipeline">
        <h2 className="mb-2 text-lg font-semibold">Buyer pipeline</h2>
        <SimpleTable caption="Buyer pipeline" count={desk.pipeline.length} empty="No buyer has looked at this project yet." headers={["Buyer", "Stage", ...PIPELINE_STAGES.map((s) => STAGE_LABELS[s]), "Last activity"]}>
          {desk.pipeline.map((e) => (
            <tr key={e.buyerId ?? e.buyerName} data-testid="pipeline-row">
              <td className={cell}>
                {e.buyerName}
                <span className="block text-xs text-slate-500">{e.buyerCompany}</span>
              </td>
              <td className={cell} data-testid="pipeline-stage">{STAGE_LABELS[e.stage as PipelineStage]}</td>
              {PIPELINE_STAGES.map((s) => (
                <td key={s} className={cell}>{formatDate(e.dates[s] ?? null)}</td>
              ))}
              <td className={cell}>{formatDateTime(e.lastActivity)}</td>
            </tr>
          ))}
        </SimpleTable>
      </section>

      <section aria-label="Viewers" id="viewers">
        <h2 className="mb-2 text-lg font-semibold">Who looked at it</h2>
        <SimpleTable caption="Viewers" count={desk.viewers.length} empty="No tracked visits yet." headers={["Member", "Visits", "Time on the pages", "Active time", "Last visit"]}>
          {desk.viewers.map((v) => (
            <tr key={v.userId ?? v.name} data-testid="viewer-row">
              <td className={cell}>
                {v.name}
                <span className="block text-xs text-slate-500">{v.company}</span>
              </td>
              <td className={cell}>{v.sessions}</td>
              <td className={cell}>{formatDuration(v.totalTime)}</td>
              <td className={cell} data-testid="viewer-active">{formatDuration(v.activeTime)}</td>
              <td className={cell}>{formatDateTime(v.lastVisit)}</td>
            </tr>
          ))}
        </SimpleTable>
      </section>

      <section aria-label="NDAs" id="ndas" className="space-y-3">
        <h2 className="text-lg font-semibold">NDAs</h2>
        {errorFor("approve-nda", "reject-nda", "block", "unblock", "nda-template")}
        {may.ndas ? <Form method="post" className="flex flex-wrap items-center gap-3 text-sm">
          <input type="hidden" name="intent" value="auto-approve" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="autoApprove" defaultChecked={desk.ndaSettings.autoApprove} key={String(desk.ndaSettings.autoApprove)} />
            Approve signed NDAs automatically
          </label>
          <button type="submit" className="btn-secondary">Save</button>
        </Form> : null}
        {admin ? (
          <Link to={`/admin/projects/permission/${projectId}`} className="link text-sm">
            Data room permissions
          </Link>
        ) : null}
        <p className="text-sm text-slate-600">
          NDA document: {desk.ndaSettings.templateName ? `uploaded template "${desk.ndaSettings.templateName}"` : "the marketplace's default NDA"}.
        </p>
        {admin ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3 text-sm">
            <input type="hidden" name="intent" value="nda-template" />
            <label className="label" htmlFor="nda-template">NDA template (PDF)</label>
            <input id="nda-template" type="file" name="file" accept="application/pdf" className="text-sm" />
            <button type="submit" className="btn-secondary">Upload template</button>
          </Form>
        ) : null}
        <SimpleTable caption="NDAs" count={desk.contracts.length} empty="No NDA requests yet." headers={["Buyer", "Status", "Requested", "Signed", "Signed NDA", "Decision", "Data room"]}>
          {desk.contracts.map((c) => (
            <tr key={c.id} data-testid="nda-row">
              <td className={cell}>
                {c.buyer.name}
                {c.buyerCustomerId && !admin ? (
                  <Link to={`/sellers/customers/${c.buyerCustomerId}`} className="link block text-xs" data-testid="nda-buyer-company">
                    {c.buyer.company}
                  </Link>
                ) : (
                  <span className="block text-xs text-slate-500">{c.buyer.company}</span>
                )}
                {c.buyer.email ? (
                  <a className="link block text-xs" href={`mailto:${c.buyer.email}`} data-testid="nda-buyer-email">
                    {c.buyer.email}
                  </a>
                ) : null}
              </td>
              <td className={cell} data-testid="nda-status">{c.ndaStatus}</td>
              <td className={cell}>{formatDate(c.requestedAt)}</td>
              <td className={cell}>
                {c.signedAt ? `${formatDateTime(c.signedAt)} by ${c.signerName} from ${c.signerIp}` : "—"}
              </td>
              <td className={cell}>
                {c.signedAt ? (
                  <a className="link" href={`/projects/more-details/${projectId}/nda/${c.envelopeId}`} target="_blank" rel="noreferrer">
                    PDF
                  </a>
                ) : "—"}
              </td>
              <td className={cell}>
                {c.ndaStatus === "Signed" && may.ndas ? (
                  <NdaDecision contractId={c.id} lastResult={invalidFor("reject-nda", { contractId: c.id })} />
                ) : c.ndaStatus === "Rejected" ? (
                  c.rejectionReason
                ) : (
                  formatDate(c.decidedAt)
                )}
              </td>
              <td className={cell}>
                {c.ndaStatus === "NDA Approved" && may.dataRoom ? (
                  <Form method="post">
                    <input type="hidden" name="contractId" value={c.id} />
                    <button type="submit" name="intent" value={c.dataRoomBlocked ? "unblock" : "block"} className="link text-xs">
                      {c.dataRoomBlocked ? "Blocked: give access" : "Open: block"}
                    </button>
                  </Form>
                ) : "—"}
              </td>
            </tr>
          ))}
        </SimpleTable>
      </section>

      <section aria-label="Data room" id="data-room" className="space-y-3">
        <h2 className="text-lg font-semibold">Data room</h2>
        {errorFor("upload-document", "delete-document")}
        {may.dataRoom ? <Form method="post" encType="multipart/form-data" className="card flex flex-wrap items-end gap-3 text-sm">
          <input type="hidden" name="intent" value="upload-document" />
          <div>
            <label className="label" htmlFor="data-room-file">Add a document (PDF, XLSX, DOCX or CSV, up to 10 MB)</label>
            <input id="data-room-file" type="file" name="file" className="text-sm" accept=".pdf,.xlsx,.docx,.csv" />
          </div>
          <button type="submit" className="btn-primary">Upload</button>
        </Form> : null}
        <div className="card">
          <DocumentList projectId={projectId} documents={desk.documents} manage={may.dataRoom} />
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary">Audit log ({desk.audit.length})</summary>
          <div className="mt-2">
            <SimpleTable caption="Data room audit log" count={desk.audit.length} empty="Nothing yet." headers={["When", "Who", "What", "Document", "IP address"]}>
              {desk.audit.map((a) => (
                <tr key={a.id} data-testid="audit-row">
                  <td className={cell}>{formatDateTime(a.createdAt)}</td>
                  <td className={cell}>{a.userName} ({a.userCompany})</td>
                  <td className={cell}>{a.action}</td>
                  <td className={cell}>{a.documentName}</td>
                  <td className={cell}>{a.ipAddress}</td>
                </tr>
              ))}
            </SimpleTable>
          </div>
        </details>
      </section>

      <section aria-label="Negotiations" id="negotiations" className="space-y-2">
        <h2 className="text-lg font-semibold">Negotiations</h2>
        {desk.threads.length === 0 ? <p className="text-sm text-slate-500">No messages yet.</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {desk.threads.map((t) => (
            <li key={t.buyerId} className="flex items-center justify-between px-3 py-2">
              <Link to={`/messages/${projectId}/${t.buyerId}`} className="link">
                {t.buyerName} ({t.buyerCompany})
              </Link>
              <span className="text-xs text-slate-500">
                {t.messages} messages{t.unread ? ` · ${t.unread} unread` : ""} · {formatDateTime(t.lastAt)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Offers" id="offers" className="space-y-3">
        <h2 className="text-lg font-semibold">Offers</h2>
        {errorFor("counter", "accept-offer", "reject-offer")}
        {desk.offers.length === 0 ? <p className="text-sm text-slate-500">No offers yet.</p> : null}
        {desk.offers.map((view) => (
          <OfferCard key={view.offer.id} view={view as OfferView} side="seller">
            {view.offer.status === "submitted" && may.offers ? (
              <OfferReply
                offer={view.offer as OfferView["offer"]}
                steps={
                  <>
                    {projectOpen ? <OfferStep offerId={view.offer.id} intent="accept-offer" label="Accept" primary /> : null}
                    <OfferStep offerId={view.offer.id} intent="reject-offer" label="Reject" />
                  </>
                }
                termsIntent="counter"
                summary="Counter with other terms"
                submitLabel="Send counter-offer"
                lastResult={invalidFor("counter", { offerId: view.offer.id })}
                schema={() => import("~/lib/schemas/deal").then((m) => m.deskIntentSchema)}
              />
            ) : null}
          </OfferCard>
        ))}
      </section>

      <section aria-label="Feedback" id="feedback" className="space-y-2">
        <h2 className="text-lg font-semibold">Feedback from buyers who passed</h2>
        {desk.feedback.length === 0 ? <p className="text-sm text-slate-500">No feedback yet.</p> : null}
        <ul className="space-y-2 text-sm">
          {desk.feedback.map((f, i) => (
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
      </section>
    </div>
  );
}

function NdaDecision({ contractId, lastResult }: { contractId: number; lastResult?: ActionResult }) {
  const [form, fields] = useForm({
    id: `reject-nda-${contractId}`,
    lastResult,
    schema: () => import("~/lib/schemas/deal").then((m) => m.deskIntentSchema),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-2">
      <Form method="post">
        <input type="hidden" name="contractId" value={contractId} />
        <button type="submit" name="intent" value="approve-nda" className="btn-primary">
          Approve
        </button>
      </Form>
      <details>
        <summary className="cursor-pointer text-xs text-primary">Reject…</summary>
        <Form method="post" className="mt-2 space-y-2" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="reject-nda" />
          <input type="hidden" name="contractId" value={contractId} />
          <TextAreaField meta={fields.reason} label="Reason (the buyer sees it)" rows={2} />
          <button type="submit" className="btn-secondary">
            Reject NDA
          </button>
        </Form>
      </details>
    </div>
  );
}
