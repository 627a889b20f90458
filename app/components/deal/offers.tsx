import { getFormProps, useForm, type LazySchema } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { FormErrors, TextAreaField, TextField } from "../forms";
import type { OfferStatus } from "~/lib/deal";
import { StaticHtml, type Markup } from "../static-html";
import type { ActionResult } from "~/lib/action-result";

/** An offer as a page holds it: the terms its forms start from, and its summary drawn on the server (offers.server). */
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
  summary: Markup;
};

/** An offer on the page: its summary as the server drew it (offers.server), then what this side may do now. */
export function OfferCard({ offerId, summary, children }: { offerId: number; summary: Markup; children?: React.ReactNode }) {
  return (
    <article className="card space-y-3" data-testid="offer" aria-label={`Offer ${offerId}`}>
      <StaticHtml markup={summary} className="block" />
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
  revision,
  submitLabel,
  defaults,
  lastResult,
  schema,
}: {
  id: string;
  intent: string;
  offerId?: number;
  /** The offer's revision the page shows: the step is refused once the offer has moved on. */
  revision?: number;
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
      {revision ? <input type="hidden" name="revision" value={revision} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
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
  newTerms = true,
}: {
  offer: OfferView["offer"];
  steps: React.ReactNode;
  /** False where the other side could not answer new terms (a project buyers no longer see). */
  newTerms?: boolean;
  termsIntent: string;
  summary: string;
  submitLabel: string;
  lastResult?: ActionResult;
  schema: LazySchema;
}) {
  return (
    <div className="space-y-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap gap-2">{steps}</div>
      {/* opened when its terms were refused: without JavaScript the page is drawn afresh, the section closed over its messages */}
      {newTerms ? <details open={lastResult?.status === "error" || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-primary">{summary}</summary>
        <div className="mt-3">
          <OfferTermsForm id={`${termsIntent}-${offer.id}`} intent={termsIntent} offerId={offer.id} revision={offer.revision} submitLabel={submitLabel} defaults={termsOf(offer)} lastResult={lastResult} schema={schema} />
        </div>
      </details> : null}
    </div>
  );
}

/** A one-button step (accept, reject, withdraw) on an offer; with `revision`, refused once the offer has moved on from it. */
export function OfferStep({ offerId, revision, intent, label, primary = false }: { offerId: number; revision?: number; intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="offerId" value={offerId} />
      {revision ? <input type="hidden" name="revision" value={revision} /> : null}
      <button type="submit" name="intent" value={intent} className={primary ? "btn-primary" : "btn-secondary"}>
        {label}
      </button>
    </Form>
  );
}
