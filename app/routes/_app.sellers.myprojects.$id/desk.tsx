import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import type { deskForViewer } from "./desk.server";
import { useStaticForms } from "~/components/static-forms";
import { StaticHtml } from "~/components/static-html";
import { FormErrors } from "~/components/forms";
import { DocumentList } from "~/components/deal/data-room";
import { OfferCard, OfferReply, OfferStep } from "~/components/deal/offers";
import { formErrorsOf, resultFor, type ActionResult } from "~/lib/action-result";
import type { SellerPermission } from "~/lib/seller-permissions";
import { DOCUMENT_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";

type Desk = ReturnType<typeof deskForViewer>;
type Serialized<T> = T extends Date ? string : T extends Array<infer U> ? Array<Serialized<U>> : T extends object ? { [K in keyof T]: Serialized<T[K]> } : T;
export type DeskProps = {
  projectId: number;
  projectOpen: boolean;
  /** Buyers still see the project (published, under offer): an NDA approval or new terms reach them. */
  buyersSee: boolean;
  desk: Serialized<Desk>;
  /** The admin's desk: its link to the project's data room permissions (the page it names as the way back). */
  admin?: { permissions: string };
  /** What a seller's colleague may do here (the server refuses the rest); all when not given. */
  may?: Record<SellerPermission, boolean>;
  /** The page action's answer; the desk shows the part that answers its own forms. */
  result?: ActionResult | null;
};

/**
 * The seller's and admin's side of the deal: pipeline, NDAs, data room, negotiations, offers, feedback.
 * A refusal shows at the top of the section of the form that was sent; a form's field errors in that form.
 */
export function DealDesk({ projectId, projectOpen, buyersSee, desk, admin, result, may: given }: DeskProps) {
  const may = given ?? { view: true, edit: true, ndas: true, dataRoom: true, offers: true };
  const submitStatic = useStaticForms();
  // a file uploaded is let go, as a page loaded without JavaScript lets it go: kept, a second click sent it
  // again, to be refused as in the room already. A refused one stays chosen, beside its message
  const uploadForm = useRef<HTMLFormElement>(null);
  const uploadRefused = Boolean(resultFor(result, "upload-document"));
  // (not as the page is first drawn: a file chosen before the page's script ran is the member's)
  const { key } = useLocation();
  const answered = useRef(key);
  useEffect(() => {
    if (answered.current === key) return;
    answered.current = key;
    if (!uploadRefused) uploadForm.current?.reset();
  }, [key, uploadRefused]);
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
          {desk.charts.activity.map((chart, i) => (
            <StaticHtml key={i} markup={chart} />
          ))}
          <StaticHtml markup={desk.charts.funnel} />
        </div>
      </section>

      <section aria-label="Pipeline" id="pipeline">
        <h2 className="mb-2 text-lg font-semibold">Buyer pipeline</h2>
        <StaticHtml markup={desk.records.pipeline} />
      </section>

      <section aria-label="Viewers" id="viewers">
        <h2 className="mb-2 text-lg font-semibold">Who looked at it</h2>
        <StaticHtml markup={desk.records.viewers} />
      </section>

      <section aria-label="NDAs" id="ndas" className="space-y-3">
        <h2 className="text-lg font-semibold">NDAs</h2>
        {errorFor("approve-nda", "reject-nda", "block", "unblock", "nda-template")}
        {/* the table's forms are markup: a reason the browser let through and the server did not shows here */}
        <FormErrors errors={resultFor(result, "reject-nda")?.error?.reason ?? undefined} />
        {may.ndas ? <Form method="post" className="flex flex-wrap items-center gap-3 text-sm">
          <input type="hidden" name="intent" value="auto-approve" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="autoApprove" defaultChecked={desk.ndaSettings.autoApprove} key={String(desk.ndaSettings.autoApprove)} />
            Approve signed NDAs automatically
          </label>
          <button type="submit" className="btn-secondary">Save</button>
        </Form> : null}
        {admin ? (
          <Link to={admin.permissions} className="link text-sm">
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
            <input id="nda-template" type="file" name="file" accept="application/pdf" className="text-sm" onChange={refuseLargeFile(DOCUMENT_MAX_BYTES)} />
            <button type="submit" className="btn-secondary">Upload template</button>
          </Form>
        ) : null}
        <div onSubmit={submitStatic}>
          <StaticHtml markup={desk.records.ndas} />
        </div>
        <StaticHtml markup={desk.records.ndasPager} />
      </section>

      <section aria-label="Data room" id="data-room" className="space-y-3">
        <h2 className="text-lg font-semibold">Data room</h2>
        {errorFor("upload-document", "delete-document")}
        {may.dataRoom ? <Form method="post" encType="multipart/form-data" className="card flex flex-wrap items-end gap-3 text-sm" ref={uploadForm}>
          <input type="hidden" name="intent" value="upload-document" />
          <div>
            <label className="label" htmlFor="data-room-file">Add a document (PDF, XLSX, DOCX or CSV, up to 10 MB)</label>
            <input id="data-room-file" type="file" name="file" className="text-sm" accept=".pdf,.xlsx,.docx,.csv" onChange={refuseLargeFile(DOCUMENT_MAX_BYTES)} />
          </div>
          <button type="submit" className="btn-primary">Upload</button>
        </Form> : null}
        <div className="card">
          <DocumentList projectId={projectId} documents={desk.documents} manage={may.dataRoom} />
          <StaticHtml markup={desk.records.documentsPager} />
        </div>
        <StaticHtml markup={desk.records.audit} />
      </section>

      <section aria-label="Negotiations" id="negotiations" className="space-y-2">
        <h2 className="text-lg font-semibold">Negotiations</h2>
        <StaticHtml markup={desk.records.negotiations} />
      </section>

      <section aria-label="Offers" id="offers" className="space-y-3">
        <h2 className="text-lg font-semibold">Offers</h2>
        {errorFor("counter", "accept-offer", "reject-offer")}
        {desk.offers.length === 0 ? <p className="text-sm text-slate-500">No offers yet.</p> : null}
        {desk.offers.map((view) => (
          <OfferCard key={view.offer.id} offerId={view.offer.id} summary={view.summary}>
            {view.offer.status === "submitted" && may.offers ? (
              <OfferReply
                offer={view.offer}
                steps={
                  <>
                    {projectOpen ? <OfferStep offerId={view.offer.id} revision={view.offer.revision} intent="accept-offer" label="Accept" primary /> : null}
                    <OfferStep offerId={view.offer.id} revision={view.offer.revision} intent="reject-offer" label="Reject" />
                  </>
                }
                newTerms={buyersSee}
                termsIntent="counter"
                summary="Counter with other terms"
                submitLabel="Send counter-offer"
                lastResult={invalidFor("counter", { offerId: view.offer.id })}
                schema={() => import("~/lib/schemas/deal").then((m) => m.deskIntentSchema())}
              />
            ) : null}
          </OfferCard>
        ))}
        <StaticHtml markup={desk.records.offersPager} />
      </section>

      <section aria-label="Feedback" id="feedback" className="space-y-2">
        <h2 className="text-lg font-semibold">Feedback from buyers who passed</h2>
        <StaticHtml markup={desk.records.feedback} />
      </section>
    </div>
  );
}
