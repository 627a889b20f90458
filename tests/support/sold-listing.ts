import type { Project, User } from "~/.server/db/schema";
import type { bootApp } from "./app";

type App = Awaited<ReturnType<typeof bootApp>>;

/**
 * A listing sold as it is in the product (decision 091): the winner and a rival each with an approved
 * NDA, a thread with a message from the seller in each (unread by its buyer) and an offer; the seller
 * accepts the winner's and marks the listing sold. Call after bootApp, in a route test.
 */
export async function soldListing(app: App, { listing, seller, winner, rival }: { listing: Project; seller: User; winner: User; rival: User }) {
  const { actOnOffer, offerParties, submitOffer } = await import("~/models/offers.server");
  const { postMessage } = await import("~/models/negotiations.server");
  const { markProjectSold } = await import("~/models/project-sale.server");
  const { deal, services } = app;
  const terms = { price: 9_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
  const offers = [];
  for (const buyer of [winner, rival]) {
    await app.approvedNda(listing, buyer);
    await postMessage(deal, listing, buyer, seller, `For ${buyer.name} only`);
    const made = await submitOffer(deal, await offerParties(services.db, listing, buyer), terms);
    if (typeof made === "string") throw new Error(made);
    offers.push(made);
  }
  const accepted = await actOnOffer(deal, await offerParties(services.db, listing, winner), offers[0]!, seller, "seller", "accepted");
  if (typeof accepted === "string") throw new Error(accepted);
  if (!(await markProjectSold(deal, { projectId: listing.id, actorId: seller.id, sellerId: seller.id }))) throw new Error("not sold");
}
