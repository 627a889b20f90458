import { formatCurrency, formatDate, formatDateTime } from "~/lib/format";
import { OFFER_STATUS_LABELS, type OfferAction } from "~/lib/deal";
import type { OfferView } from "./offers";

/** An offer as the server reads it: the terms, who made it, and every step taken on it. */
export type OfferRecord = {
  offer: OfferView["offer"];
  buyerName: string;
  buyerCompany: string;
  /** Open but past its expiry date. */
  expired: boolean;
  events: Array<{ event: { id: number; action: OfferAction; note: string; revision: number; pdfKey: string | null; createdAt: Date }; actorName: string | null }>;
};

const ACTION_LABELS: Record<OfferAction, string> = {
  submitted: "Offer submitted",
  countered: "Seller countered",
  revised: "Buyer revised the offer",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** One LOI as it stands: its current terms and its history with the PDF of each revision (drawn on the server). */
export function OfferSummary({ view, side }: { view: OfferRecord; side: "buyer" | "seller" }) {
  const { offer } = view;
  const pdf = (revision: number) => `/projects/more-details/${offer.projectId}/offers/${offer.id}?revision=${revision}`;
  return (
    <div className="space-y-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          Offer #{offer.id}
          {side === "seller" ? ` from ${view.buyerName} (${view.buyerCompany})` : ""}
        </h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium" data-testid="offer-status">
          {OFFER_STATUS_LABELS[offer.status]}
          {view.expired ? " · expired" : ""}
        </span>
      </header>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm break-words sm:grid-cols-[11rem_minmax(0,1fr)]">
        <dt className="text-slate-500">Price</dt>
        <dd data-testid="offer-price">{formatCurrency(offer.price)}</dd>
        <dt className="text-slate-500">Structure</dt>
        <dd>{offer.structure}</dd>
        <dt className="text-slate-500">Conditions</dt>
        <dd className="whitespace-pre-line break-words">{offer.conditions || "—"}</dd>
        <dt className="text-slate-500">Due diligence</dt>
        <dd>{offer.dueDiligenceDays} days</dd>
        <dt className="text-slate-500">Expires</dt>
        <dd>{formatDate(offer.expiresOn)}</dd>
        <dt className="text-slate-500">Letter of intent</dt>
        <dd>
          <a href={pdf(offer.revision)} className="link" target="_blank" rel="noreferrer" data-document>
            LOI revision {offer.revision} (PDF)<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </dd>
      </dl>
      <ol className="space-y-1 border-t border-slate-100 pt-2 text-xs text-slate-600" aria-label="History">
        {view.events.map(({ event, actorName }) => (
          <li key={event.id}>
            {formatDateTime(event.createdAt)} · {ACTION_LABELS[event.action]}
            {actorName ? ` by ${actorName}` : ""}
            {event.pdfKey ? (
              <>
                {" "}
                · <a href={pdf(event.revision)} className="link" data-document>revision {event.revision}</a>
              </>
            ) : null}
            {event.note ? ` · “${event.note}”` : ""}
          </li>
        ))}
      </ol>
    </div>
  );
}

