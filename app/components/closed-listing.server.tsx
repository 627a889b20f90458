import { staticMarkup } from "./static-html.server";

/** A deal's listing that left the market for its buyer since their page was read: all a refusal may name of it. */
export type ClosedListing = { projectName: string; withdrawn: boolean; dealsPath: string };

/** What the refused step was, as the buyer would say it. */
export type ClosedStep = "message" | "question" | "offer" | "revised offer" | "answer to the offer";

/** Why the step was refused, and that nothing was sent. */
export function closedListingMessage({ projectName, withdrawn }: ClosedListing, step: ClosedStep) {
  return `${projectName} ${withdrawn ? "was withdrawn" : "is no longer available to you"}, so your ${step} was not sent.`;
}

// the fields a buyer types in the forms of a deal's pages, in the order the forms show them
const TYPED_FIELDS: ReadonlyArray<[string, string]> = [
  ["body", "Your message"],
  ["question", "Your question"],
  ["price", "Price"],
  ["structure", "Structure"],
  ["conditions", "Conditions"],
  ["dueDiligenceDays", "Due diligence (days)"],
  ["expiresOn", "Expires on"],
  ["note", "Note to the seller"],
];

/** What the buyer typed, as they typed it (the submission's payload, parsed or not), field by field. */
export function typedText(payload: Record<string, unknown>) {
  return TYPED_FIELDS.flatMap(([name, label]) => {
    const value = payload[name];
    return typeof value === "string" && value.trim() ? [{ label, text: value }] : [];
  });
}

function ClosedListingPage({ message, typed, dealsPath }: { message: string; typed: Array<{ label: string; text: string }>; dealsPath: string }) {
  return (
    <div className="card space-y-4" role="alert" data-testid="error-page" data-status={410}>
      <p className="text-5xl font-bold text-primary">410</p>
      <h1 className="text-xl font-semibold" data-testid="error-message">
        {message}
      </h1>
      {typed.length ? <p className="text-sm text-slate-600">What you typed is below: copy it to keep it.</p> : null}
      {typed.map(({ label, text }, i) => (
        <div key={label}>
          <label htmlFor={`typed-${i}`} className="block text-sm font-medium">
            {label}
          </label>
          <textarea id={`typed-${i}`} className="input" rows={Math.min(12, Math.max(2, text.split("\n").length + 1))} readOnly defaultValue={text} data-testid="typed-text" />
        </div>
      ))}
      <a href={dealsPath} className="btn-primary">
        Back to my deals
      </a>
    </div>
  );
}

/** The page that answers such a step without JavaScript (closedListingAnswer's), drawn here: the message, what was typed to copy, the way back. */
export function closedListingMarkup(message: string, payload: Record<string, unknown>, dealsPath: string) {
  return staticMarkup(<ClosedListingPage message={message} typed={typedText(payload)} dealsPath={dealsPath} />);
}
