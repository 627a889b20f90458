import { staticMarkup } from "./static-html.server";

/**
 * A listing under offer's two ends (decision 091), each a plain form behind a second, worded click:
 * drawn here to markup, since the pages that show them are at their JavaScript budget. They post to
 * the page's own action: through the router with JavaScript (`useStaticForms`), as documents without.
 */
function SaleForms() {
  return (
    <>
      <details className="space-y-2">
        <summary className="btn-primary cursor-pointer list-none">Mark as sold…</summary>
        <form method="post" className="card max-w-md space-y-2 text-sm">
          <p>The sale to the buyer whose offer was accepted is complete. The listing leaves the market, and that buyer is told.</p>
          <button type="submit" name="intent" value="mark-sold" className="btn-primary">
            Yes, mark it sold
          </button>
        </form>
      </details>
      <details className="space-y-2">
        <summary className="btn-secondary cursor-pointer list-none">The deal fell through…</summary>
        <form method="post" className="card max-w-md space-y-2 text-sm">
          <p>The accepted offer closes and its buyer is told. The listing is published again, open to offers from every buyer.</p>
          <button type="submit" name="intent" value="fell-through" className="btn-secondary">
            Yes, close the offer and publish the listing again
          </button>
        </form>
      </details>
    </>
  );
}

/** The forms, for a listing under offer; nothing otherwise. */
export const saleFormsMarkup = (status: string) => (status === "under_offer" ? staticMarkup(<SaleForms />) : null);
