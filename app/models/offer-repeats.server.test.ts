import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealMarket } from "../../tests/support/deal-market";
import { notifications, offerEvents, offers, type Offer } from "~/.server/db/schema";
import { actOnOffer, findOffer, submitOffer } from "./offers.server";

/**
 * The same step on an offer sent twice: a double click (without JavaScript the browser shows the second
 * answer only), a resend after a slow answer. The second post found the offer accepted, the listing under
 * offer, the revision moved on, and was told "The project is no longer open for offers." or "This offer
 * is closed." beside the offer its first post had just accepted, closed or countered.
 */
const t = await dealMarket("offer-repeats");
afterAll(t.cleanup);
const { services, seller, admin, terms, partiesOf, publishedProject, approvedBuyer, offerBy } = t;

function done(outcome: Offer | string) {
  if (typeof outcome === "string") throw new Error(outcome);
  return outcome;
}
const eventsOf = async (offerId: number) => (await t.db.select().from(offerEvents).where(eq(offerEvents.offerId, offerId))).map((e) => e.action);
const noticesOf = (userIds: number[]) => t.db.select().from(notifications).where(inArray(notifications.userId, userIds));

describe("an offer step sent twice by the same person", () => {
  it("is the buyer's letter of intent once: the second post is answered with the offer the first made, nothing written or told again", async () => {
    const project = await publishedProject("Repeated letter");
    const buyer = await approvedBuyer(project);
    const parties = partiesOf(project, buyer);
    const first = done(await submitOffer(services, parties, terms));
    const told = (await noticesOf([seller.id])).length;
    expect(await submitOffer(services, parties, terms)).toMatchObject({ id: first.id, status: "submitted", revision: 1, repeated: true });
    expect(await eventsOf(first.id)).toEqual(["submitted"]);
    expect(await noticesOf([seller.id])).toHaveLength(told);
    expect(await t.db.select().from(offers).where(eq(offers.projectId, project.id))).toHaveLength(1);
    // other terms, or the same once the offer has moved, are a second offer: refused as before
    expect(await submitOffer(services, parties, { ...terms, price: terms.price + 1 })).toBe("open-offer-exists");
    const countered = done(await actOnOffer(services, parties, first, seller, "seller", "countered", { terms: { ...terms, price: 14_000_000 }, seen: 1 }));
    done(await actOnOffer(services, parties, countered, buyer, "buyer", "revised", { terms, seen: 2 }));
    expect(await submitOffer(services, parties, terms)).toBe("open-offer-exists");
  });

  it("is the seller's acceptance once: the second post is told it went through, and nothing is written or told again", async () => {
    const project = await publishedProject("Repeated acceptance");
    const buyer = await approvedBuyer(project);
    const offer = await offerBy(project, buyer);
    const parties = partiesOf(project, buyer);
    done(await actOnOffer(services, parties, offer, seller, "seller", "accepted", { seen: 1 }));
    const told = (await noticesOf([buyer.id])).length;
    // the second post, read before the first was written, and read after it (the listing then under offer)
    const fresh = (await findOffer(t.db, { projectId: project.id, offerId: offer.id }))!;
    for (const [read, listing] of [[offer, project], [fresh, { ...project, status: "under_offer" as const }]] as const) {
      const again = await actOnOffer(services, { ...parties, project: listing }, read, seller, "seller", "accepted", { seen: 1 });
      expect(again).toMatchObject({ id: offer.id, status: "accepted", repeated: true });
    }
    expect(await eventsOf(offer.id)).toEqual(["submitted", "accepted"]);
    expect(await noticesOf([buyer.id])).toHaveLength(told);
    // an admin's acceptance from a page left open is no repeat of the seller's: refused as before
    expect(await actOnOffer(services, { ...parties, project: { ...project, status: "under_offer" } }, fresh, admin, "seller", "accepted", { seen: 1 })).toBe("project-closed");
  });

  it("is the seller's rejection once, with the same note; a rejection of an offer another acceptance closed is refused", async () => {
    const project = await publishedProject("Repeated rejection");
    const [buyer, winner] = [await approvedBuyer(project), await approvedBuyer(project)];
    const offer = await offerBy(project, buyer);
    const parties = partiesOf(project, buyer);
    done(await actOnOffer(services, parties, offer, seller, "seller", "rejected", { note: "Too low", seen: 1 }));
    expect(await actOnOffer(services, parties, offer, seller, "seller", "rejected", { note: "Too low", seen: 1 })).toMatchObject({ status: "rejected", repeated: true });
    expect(await eventsOf(offer.id)).toEqual(["submitted", "rejected"]);

    const closedByAnother = await offerBy(project, buyer);
    const winning = await offerBy(project, winner);
    done(await actOnOffer(services, partiesOf(project, winner), winning, seller, "seller", "accepted"));
    const closed = (await findOffer(t.db, { projectId: project.id, offerId: closedByAnother.id }))!;
    expect(await actOnOffer(services, parties, closed, seller, "seller", "rejected", { seen: 1 })).toBe("not-open");
  });

  it("is the seller's counter-offer once, with the same terms from the same page; other terms from that page are refused", async () => {
    const project = await publishedProject("Repeated counter");
    const buyer = await approvedBuyer(project);
    const offer = await offerBy(project, buyer);
    const parties = partiesOf(project, buyer);
    const counter = { ...terms, price: 14_000_000 };
    done(await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: counter, note: "Our price", seen: 1 }));
    expect(await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: counter, note: "Our price", seen: 1 })).toMatchObject({ status: "countered", revision: 2, repeated: true });
    expect(await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: { ...counter, price: 15_000_000 }, seen: 1 })).toBe("not-your-turn");
    expect(await eventsOf(offer.id)).toEqual(["submitted", "countered"]);
    expect(await findOffer(t.db, { projectId: project.id, offerId: offer.id })).toMatchObject({ status: "countered", revision: 2, price: 14_000_000 });
  });

  it("is the buyer's acceptance of a counter, revision and withdrawal once", async () => {
    const project = await publishedProject("Repeated buyer steps");
    const buyer = await approvedBuyer(project);
    const parties = partiesOf(project, buyer);
    const offer = await offerBy(project, buyer);
    const countered = done(await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: { ...terms, price: 14_000_000 }, seen: 1 }));
    const revision = { ...terms, price: 13_000_000 };
    done(await actOnOffer(services, parties, countered, buyer, "buyer", "revised", { terms: revision, seen: 2 }));
    expect(await actOnOffer(services, parties, countered, buyer, "buyer", "revised", { terms: revision, seen: 2 })).toMatchObject({ status: "submitted", revision: 3, repeated: true });
    const recountered = done(await actOnOffer(services, parties, (await findOffer(t.db, { projectId: project.id, offerId: offer.id }))!, seller, "seller", "countered", { terms: { ...terms, price: 13_500_000 }, seen: 3 }));
    done(await actOnOffer(services, parties, recountered, buyer, "buyer", "accepted", { seen: 4 }));
    expect(await actOnOffer(services, { ...parties, project: { ...project, status: "under_offer" } }, recountered, buyer, "buyer", "accepted", { seen: 4 })).toMatchObject({ status: "accepted", repeated: true });
    expect(await eventsOf(offer.id)).toEqual(["submitted", "countered", "revised", "countered", "accepted"]);

    const other = await publishedProject("Repeated withdrawal");
    const mine = await approvedBuyer(other);
    const letter = await offerBy(other, mine);
    done(await actOnOffer(services, partiesOf(other, mine), letter, mine, "buyer", "withdrawn"));
    expect(await actOnOffer(services, partiesOf(other, mine), letter, mine, "buyer", "withdrawn")).toMatchObject({ status: "withdrawn", repeated: true });
    expect(await eventsOf(letter.id)).toEqual(["submitted", "withdrawn"]);
  });
});
