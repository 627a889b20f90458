import { Form } from "@remix-run/react";

/** Which listings may still be withdrawn. */
export const WITHDRAWABLE = ["submitted", "published", "under_offer"] as const;

const WITHDRAW_LABEL = { __html: "Withdraw&#8230;" };

/**
 * Withdrawal is for good (decision 089) and closes every open offer and NDA request with a message to
 * its buyer: behind a second, worded click, as the sale's ends are (it took a listing with three open
 * offers off the market in one).
 */
export function WithdrawButton({ status }: { status: string }) {
  if (!(WITHDRAWABLE as readonly string[]).includes(status)) return null;
  return (
    <details className="space-y-2">
      {/* the ellipsis as a reference: one character past U+00FF made the page's whole string two bytes a
          character, for the Worker to copy and encode the slow way, as the server-drawn markup avoids too) */}
      <summary className="btn-secondary cursor-pointer list-none" dangerouslySetInnerHTML={WITHDRAW_LABEL} />
      <Form method="post" className="card max-w-md space-y-2 text-sm">
        <p>The listing leaves the market for good. Its open offers and NDA requests are closed, and each of their buyers is told.</p>
        <button type="submit" name="intent" value="withdraw" className="btn-secondary">
          Yes, withdraw the listing
        </button>
      </Form>
    </details>
  );
}
