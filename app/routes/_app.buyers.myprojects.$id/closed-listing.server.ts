import { json } from "@remix-run/server-runtime";
import { refuse, type Replier } from "~/.server/replies";
import { closedListingMarkup, closedListingMessage, type ClosedListing, type ClosedStep } from "~/components/closed-listing.server";

const pathOf = (referer: string | null) => {
  try {
    return referer === null ? null : new URL(referer).pathname;
  } catch {
    return null;
  }
};

/**
 * The answer to a step posted, from a page read before, to a deal whose listing has left the market
 * for the buyer (withdrawn, sold to another): 410 with why and that nothing was sent, never a bare 404
 * that loses what they typed. The workspace's and the teaser's. The page's JavaScript keeps the form as
 * it was and shows the message in it (the route does not read its data again after this answer: its
 * loader would leave for the deals page). Without JavaScript the page would be drawn again from that
 * loader, so the answer is a page of its own, thrown to the route's boundary: the message, the text
 * typed to copy, and the way back to the buyer's deals (the page's JavaScript shows it too, in the
 * route's boundary, for a form posted from another page).
 */
export function closedListingAnswer(request: Request, submission: Replier & { payload: Record<string, unknown> }, listing: ClosedListing, step: ClosedStep) {
  const message = closedListingMessage(listing, step);
  // the page's JavaScript posts with fetch (Remix strips its `?_data=` before the action sees the request); a
  // form without it navigates, Sec-Fetch-Dest "document". Only the form's own page keeps the form: one posted
  // from another page (the real-estate teaser's question) lands on this route, whose loader would answer in its
  // place. When in doubt (no such header, no Referer) the page of its own is the answer that loses nothing.
  const byScript = request.headers.get("Sec-Fetch-Dest") === "empty";
  if (byScript && pathOf(request.headers.get("Referer")) === new URL(request.url).pathname) return refuse(submission, message, 410, { extra: { closed: true } });
  throw json({ error: message, closed: closedListingMarkup(message, submission.payload, listing.dealsPath) }, { status: 410 });
}
