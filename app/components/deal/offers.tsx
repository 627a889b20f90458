import { getFormProps, useForm, type LazySchema } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { FormErrors, TextAreaField, TextField } from "../forms";
import { formatCurrency, formatDate, formatDateTime } from "~/lib/format";
import { OFFER_STATUS_LABELS, type OfferAction, type OfferStatus } from "~/lib/deal";
import type { ActionResult } from "~/lib/action-result";

export type OfferView = {
  offer: {
    id: number;
    projectId: number;
    status: OfferStatus;
    price: number;
    structure: string;
    conditions: string;
    dueDiligenceDays: number;
    expiresOn: string;
    revision: number;
  };
  buyerName: string;
  buyerCompany: string;
  /** Open but past its expiry date (decided on the server, so both renders agree). */
  expired: boolean;
  events: Array<{ event: { id: number; action: OfferAction; note: string; revision: number; pdfKey: string | null; createdAt: string }; actorName: string | null }>;
};

const ACTION_LABELS: Record<OfferAction, string> = {
  submitted: "Offer submitted",
  countered: "Seller countered",
  revised: "Buyer revised the offer",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** One LOI: its current terms, its history with the PDF of each revision, and what this side may do now. */
export function OfferCard({ view, side, children }: { view: OfferView; side: "buyer" | "seller"; children?: React.ReactNode }) {
  const { offer } = view;
  const pdf = (revision: number) => `/projects/more-details/${offer.projectId}/offers/${offer.id}?revision=${revision}`;
  return (
    <article className="card space-y-3" data-testid="offer" aria-label={`Offer ${offer.id}`}>
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
      <dl className="grid grid-cols-[11rem_1fr] gap-y-1 text-sm">
        <dt className="text-slate-500">Price</dt>
        <dd data-testid="offer-price">{formatCurrency(offer.price)}</dd>
        <dt className="text-slate-500">Structure</dt>
        <dd>{offer.structure}</dd>
        <dt className="text-slate-500">Conditions</dt>
        <dd className="whitespace-pre-line">{offer.conditions || "—"}</dd>
        <dt className="text-slate-500">Due diligence</dt>
        <dd>{offer.dueDiligenceDays} days</dd>
        <dt className="text-slate-500">Expires</dt>
        <dd>{formatDate(offer.expiresOn)}</dd>
        <dt className="text-slate-500">Letter of intent</dt>
        <dd>
          <a href={pdf(offer.revision)} className="link" target="_blank" rel="noreferrer">
            LOI revision {offer.revision} (PDF)
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
                · <a href={pdf(event.revision)} className="link">revision {event.revision}</a>
              </>
            ) : null}
            {event.note ? ` · “${event.note}”` : ""}
          </li>
        ))}
      </ol>
      {children}
    </article>
  );
}

type TermsField = "price" | "structure" | "conditions" | "dueDiligenceDays" | "expiresOn" | "note";

/**
 * The LOI terms: a new offer, the buyer's revision or the seller's counter. `schema`
 * is the union the page's action reads (it has this form's intent, with the terms).
 */
export function OfferTermsForm({
  id,
  intent,
  offerId,
  submitLabel,
  defaults,
  lastResult,
  schema,
}: {
  id: string;
  intent: string;
  offerId?: number;
  submitLabel: string;
  defaults?: Partial<Record<TermsField, string>>;
  lastResult?: ActionResult;
  schema: LazySchema;
}) {
  const [form, fields] = useForm<Record<TermsField, string>, unknown>({
    id,
    lastResult,
    defaultValue: defaults,
    schema,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {offerId ? <input type="hidden" name="offerId" value={offerId} /> : null}
      <FormErrors errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.price} label="Price (USD)" inputMode="decimal" hint="e.g. 12,500,000" />
        <TextField meta={fields.structure} label="Structure" hint="e.g. all cash at closing" />
        <TextField meta={fields.dueDiligenceDays} label="Due-diligence period (days)" inputMode="numeric" />
        <TextField meta={fields.expiresOn} label="Offer expires on" type="date" />
      </div>
      <TextAreaField meta={fields.conditions} label="Conditions" rows={3} />
      <TextField meta={fields.note} label="Note to the other side (optional)" />
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}

const termsOf = (o: OfferView["offer"]) => ({
  price: String(o.price),
  structure: o.structure,
  conditions: o.conditions,
  dueDiligenceDays: String(o.dueDiligenceDays),
  expiresOn: o.expiresOn,
});

/** An answer to an open offer: one-button steps, and new terms behind a disclosure. */
export function OfferReply({
  offer,
  steps,
  termsIntent,
  summary,
  submitLabel,
  lastResult,
  schema,
}: {
  offer: OfferView["offer"];
  steps: React.ReactNode;
  termsIntent: string;
  summary: string;
  submitLabel: string;
  lastResult?: ActionResult;
  schema: LazySchema;
}) {
  return (
    <div className="space-y-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap gap-2">{steps}</div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-primary">{summary}</summary>
        <div className="mt-3">
          <OfferTermsForm id={`${termsIntent}-${offer.id}`} intent={termsIntent} offerId={offer.id} submitLabel={submitLabel} defaults={termsOf(offer)} lastResult={lastResult} schema={schema} />
        </div>
      </details>
    </div>
  );
}

/** A one-button step (accept, reject, withdraw) on an offer. */
export function OfferStep({ offerId, intent, label, primary = false }: { offerId: number; intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="offerId" value={offerId} />
      <button type="submit" name="intent" value={intent} className={primary ? "btn-primary" : "btn-secondary"}>
        {label}
      </button>
    </Form>
  );
}
