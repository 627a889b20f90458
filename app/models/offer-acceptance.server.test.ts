import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealMarket } from "../../tests/support/deal-market";
import { notifications, offerEvents, offers, outbox, projects, type Offer, type User } from "~/.server/db/schema";
import { actOnOffer, offerProblemMessage, offersOnProject } from "./offers.server";

const t = await dealMarket("acceptance");
afterAll(t.cleanup);
const { services, seller, terms, partiesOf, publishedProject, approvedBuyer, offerBy } = t;

const CLOSED_NOTE = "Closed: the seller accepted another offer";

function done(outcome: Offer | string) {
  if (typeof outcome === "string") throw new Error(outcome);
  return outcome;
}

const noticesOf = (userIds: number[]) => t.db.select().from(notifications).where(inArray(notifications.userId, userIds));
const mailTo = (user: User) => t.db.select().from(outbox).where(eq(outbox.recipient, user.email));

describe("accepting one buyer's offer", () => {
  it("closes the other buyers' open offers in the same write, saying why, tells each of them once, and refuses a counter or revision of them afterwards", async () => {
    const project = await publishedProject("Prairie farm loans");
    const winner = await approvedBuyer(project);
    const waiting = await approvedBuyer(project);
    const countered = await approvedBuyer(project, ["ROLE_BROKER"]);
    const gaveUp = await approvedBuyer(project);
    const winning = await offerBy(project, winner);
    const waitingOffer = await offerBy(project, waiting);
    const counter = done(await actOnOffer(services, partiesOf(project, countered), await offerBy(project, countered), seller, "seller", "countered", { terms: { ...terms, price: 13_000_000 } }));
    await actOnOffer(services, partiesOf(project, gaveUp), await offerBy(project, gaveUp), gaveUp, "buyer", "withdrawn");
    const everyone = [winner, waiting, countered, gaveUp];
    const before = await noticesOf(everyone.map((b) => b.id));

    done(await actOnOffer(services, partiesOf(project, winner), winning, seller, "seller", "accepted"));

    const [after] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.status).toBe("under_offer");
    const rows = await t.db.select().from(offers).where(eq(offers.projectId, project.id));
    const statusOf = (b: User) => rows.find((o) => o.buyerId === b.id)!.status;
    expect(everyone.map(statusOf)).toEqual(["accepted", "rejected", "rejected", "withdrawn"]);
    // the history says why, as the desk and the buyer's workspace show it
    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: countered.id });
    expect(view!.events.map((e) => e.event.action)).toEqual(["submitted", "countered", "rejected"]);
    expect(view!.events.at(-1)!.event).toMatchObject({ note: CLOSED_NOTE, revision: 2 });
    expect(view!.events.at(-1)!.actorName).toBe(seller.name);
    const [won] = await offersOnProject(t.db, { projectId: project.id, buyerId: winner.id });
    expect(won!.events.map((e) => e.event.action)).toEqual(["submitted", "accepted"]);

    const fresh = (await noticesOf(everyone.map((b) => b.id))).filter((n) => !before.some((b) => b.id === n.id));
    expect(fresh.map((n) => [n.userId, n.kind, n.message, n.link]).sort()).toEqual(
      [
        [winner.id, "offer_accepted", "The seller accepted the offer on Prairie farm loans.", `/buyers/myprojects/${project.id}`],
        [waiting.id, "offer_rejected", "Prairie farm loans: the seller accepted another offer; your offer is closed.", "/buyers/myprojects/index_new"],
        [countered.id, "offer_rejected", "Prairie farm loans: the seller accepted another offer; your offer is closed.", "/brokers/myprojects/index_new"],
      ].sort(),
    );
    const closing = (await mailTo(waiting)).filter((m) => m.subject.includes("closed"));
    expect(closing.map((m) => m.subject)).toEqual(["Offer closed: Prairie farm loans"]);
    expect(closing[0]!.body).toContain("Prairie farm loans: the seller accepted another offer; your offer is closed.");
    expect((await mailTo(winner)).filter((m) => m.subject.includes("closed"))).toEqual([]);

    // the seller's counter and the buyer's revision of a closed offer are refused, and write nothing
    const closedWaiting = rows.find((o) => o.id === waitingOffer.id)!;
    const closedCounter = rows.find((o) => o.id === counter.id)!;
    const refusedCounter = await actOnOffer(services, partiesOf(project, waiting), closedWaiting, seller, "seller", "countered", { terms: { ...terms, price: 14_000_000 } });
    expect(refusedCounter).toBe("not-open");
    expect(offerProblemMessage("not-open", "seller")).toBe("This offer is closed.");
    expect(await actOnOffer(services, partiesOf(project, countered), closedCounter, countered, "buyer", "revised", { terms: { ...terms, price: 12_900_000 } })).toBe("not-open");
    expect(await t.db.select().from(offers).where(eq(offers.projectId, project.id))).toEqual(rows);
    const events = await t.db.select().from(offerEvents).where(inArray(offerEvents.offerId, [waitingOffer.id, counter.id]));
    expect(events.map((e) => e.action).sort()).toEqual(["countered", "rejected", "rejected", "submitted", "submitted"]);
  });

  it("two acceptances at once: one wins, the other is refused, and the winner's rivals are closed and told once", async () => {
    for (let round = 0; round < 4; round++) {
      const project = await publishedProject(`Raced acceptance ${round}`);
      const [first, second, third] = [await approvedBuyer(project), await approvedBuyer(project), await approvedBuyer(project)];
      const firstOffer = await offerBy(project, first);
      const secondOffer = await offerBy(project, second);
      await offerBy(project, third);
      const outcomes = await Promise.all([
        actOnOffer(services, partiesOf(project, first), firstOffer, seller, "seller", "accepted"),
        actOnOffer(services, partiesOf(project, second), secondOffer, seller, "seller", "accepted"),
      ]);
      expect(outcomes.filter((o) => typeof o !== "string")).toHaveLength(1);
      expect(outcomes).toContain("project-closed");
      const winner = typeof outcomes[0] === "string" ? second : first;
      const rows = await t.db.select().from(offers).where(eq(offers.projectId, project.id));
      expect(rows.map((o) => [o.buyerId, o.status]).sort()).toEqual(
        [first, second, third].map((b) => [b.id, b === winner ? "accepted" : "rejected"]).sort(),
      );
      for (const buyer of [first, second, third]) {
        const closed = (await noticesOf([buyer.id])).filter((n) => n.kind === "offer_rejected");
        expect(closed.map((n) => n.message), `round ${round}`).toEqual(buyer === winner ? [] : [`Raced acceptance ${round}: the seller accepted another offer; your offer is closed.`]);
      }
      const accepted = await t.db.select().from(offerEvents).where(inArray(offerEvents.offerId, rows.map((o) => o.id)));
      expect(accepted.filter((e) => e.action === "accepted")).toHaveLength(1);
    }
  });
});

describe("a counter-offer past its expiry date", () => {
  it("cannot be accepted, and the buyer is told what they can do: send revised terms with a new expiry date (which goes through), or withdraw", async () => {
    const project = await publishedProject("Expired counter-offer");
    const buyer = await approvedBuyer(project);
    const parties = partiesOf(project, buyer);
    const counter = done(await actOnOffer(services, parties, await offerBy(project, buyer), seller, "seller", "countered", { terms: { ...terms, price: 13_000_000, expiresOn: "2026-01-01" }, seen: 1 }));
    expect(await actOnOffer(services, parties, counter, buyer, "buyer", "accepted", { seen: 2 })).toBe("expired");
    const message = offerProblemMessage("expired", "buyer");
    expect(message).toContain("revised terms");
    expect(message).toContain("withdraw");
    expect(message).not.toContain("submit a new one");
    expect(await actOnOffer(services, parties, counter, buyer, "buyer", "revised", { terms: { ...terms, price: 12_800_000 }, seen: 2 })).toMatchObject({ status: "submitted", revision: 3, expiresOn: terms.expiresOn });
  });
});
