import { staticMarkup } from "../static-html.server";
import { OfferSummary, type OfferRecord } from "./offer-summary";
import type { OfferView } from "./offers";

/**
 * The offers as a page shows them: each one's terms and history drawn here, and as data only the
 * terms that the page's forms start from (a counter-offer, a revision).
 */
export function offersWithSummaries(records: OfferRecord[], side: "buyer" | "seller"): OfferView[] {
  return records.map((record) => {
    const { id, projectId, status, price, structure, conditions, dueDiligenceDays, expiresOn, revision } = record.offer;
    return {
      offer: { id, projectId, status, price, structure, conditions, dueDiligenceDays, expiresOn, revision },
      summary: staticMarkup(<OfferSummary view={record} side={side} />),
    };
  });
}
