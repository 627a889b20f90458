import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { action, loader } from "./route";
import { PassStep } from "~/components/pass-step";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { StaticHtml } from "~/components/static-html";
import { DocumentList } from "~/components/deal/data-room";
import { OfferCard, OfferReply, OfferStep, OfferTermsForm } from "~/components/deal/offers";
import { ThreadView } from "~/components/deal/thread";
import { formErrorsOf, intentOf, resultFor } from "~/lib/action-result";
import { OPEN_OFFER_STATUSES } from "~/lib/deal";
import { formatDate } from "~/lib/format";

/** The project after an approved NDA (spec: my projects): everything the seller shares, and the deal itself. */
export function WorkspacePage() {
  const { project, summary, sale, readOnly, contract, documents, documentsPager, thread, earlier, paged, offers, loanTape, passedAt, me, submissionKey, dealsPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const open = offers.find((o) => OPEN_OFFER_STATUSES.includes(o.offer.status));
  const offerForm = !open && project.status === "published";
  // a refusal shows in the form that was sent while the page still draws it; any other at the top of the page: the
  // page is read again after a refusal, and a form it now leaves out (an offer made in another tab, the offer revised
  // closed meanwhile, the listing gone under offer) would take its message with it
  const intent = intentOf(result);
  const answeredInForm =
    intent === "message" ? !readOnly
    : intent === "offer" ? offerForm
    : intent === "revise" && offers.some((view) => view.offer.status === "countered" && resultFor(result, "revise", { offerId: view.offer.id }));
  const ndaPath = `/projects/more-details/${project.id}/nda/${contract.envelopeId}`;
  return (
    <div className="space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <p className="text-sm text-slate-600">
        NDA Approved · signed {formatDate(contract.signedAt)} ·{" "}
        <a href={ndaPath} className="link" target="_blank" rel="noreferrer">
          your signed NDA<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {sale ? <StaticHtml markup={sale} /> : null}
      <FormErrors errors={answeredInForm ? undefined : formErrorsOf(result)} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <StaticHtml markup={summary} />
          <section className="card" id="data-room" aria-label="Data room">
            <h2 className="mb-2 font-semibold">Data room</h2>
            {contract.dataRoomBlocked ? (
              <p className="text-sm text-slate-600">The seller has not given you access to the data room.</p>
            ) : (
              <>
                <DocumentList projectId={project.id} documents={documents} />
                {documentsPager ? <StaticHtml markup={documentsPager} /> : null}
              </>
            )}
          </section>
          {loanTape ? <StaticHtml markup={loanTape} /> : null}
        </div>
        <div className="space-y-6">
          <section className="card" id="negotiation" aria-label="Negotiation">
            <h2 className="mb-3 font-semibold">Negotiation with the seller</h2>
            <ThreadView messages={thread} earlier={earlier} paged={paged} anchor="negotiation" me={me} submissionKey={submissionKey} lastResult={resultFor(result, "message")} schema={() => import("~/lib/schemas/deal").then((m) => m.workspaceIntentSchema())} readOnly={readOnly} />
          </section>
          <section className="space-y-4" id="offers" aria-label="Offers">
            <h2 className="font-semibold">Offers</h2>
            {offers.map((view) => (
              <OfferCard key={view.offer.id} offerId={view.offer.id} summary={view.summary}>
                {view.offer.status === "countered" ? (
                  <OfferReply
                    offer={view.offer}
                    steps={
                      <>
                        <OfferStep offerId={view.offer.id} revision={view.offer.revision} intent="accept" label="Accept the counter-offer" primary />
                        <OfferStep offerId={view.offer.id} intent="withdraw" label="Withdraw" />
                      </>
                    }
                    termsIntent="revise"
                    summary="Answer with revised terms"
                    submitLabel="Send revised offer"
                    lastResult={resultFor(result, "revise", { offerId: view.offer.id })}
                    schema={() => import("~/lib/schemas/deal").then((m) => m.workspaceIntentSchema())}
                  />
                ) : view.offer.status === "submitted" ? (
                  <OfferStep offerId={view.offer.id} intent="withdraw" label="Withdraw the offer" />
                ) : null}
              </OfferCard>
            ))}
            {offerForm ? (
              <div className="card">
                <h3 className="mb-3 font-semibold">Submit a letter of intent</h3>
                <OfferTermsForm id="offer" intent="offer" submitLabel="Submit the LOI" lastResult={resultFor(result, "offer")} schema={() => import("~/lib/schemas/deal").then((m) => m.workspaceIntentSchema())} />
              </div>
            ) : null}
          </section>
          {readOnly ? null : <PassStep projectId={project.id} passedAt={passedAt} />}
          <Link to={dealsPath} className="link text-sm">
            All my deals
          </Link>
        </div>
      </div>
    </div>
  );
}
