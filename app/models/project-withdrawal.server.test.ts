import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealMarket } from "../../tests/support/deal-market";
import { contracts, notifications, offerEvents, offers, outbox, projects, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { askForNda, findContract, requestNda, signNda } from "./contracts.server";
import { actOnOffer, offersOnProject } from "./offers.server";
import { withdrawProject, WITHDRAWN_NOTE } from "./project-withdrawal.server";

const t = await dealMarket("withdrawal");
afterAll(t.cleanup);
const { services, seller, admin, terms, signature, publishedProject, approvedBuyer, offerBy } = t;

const noticesOf = (userIds: number[]) => t.db.select().from(notifications).where(inArray(notifications.userId, userIds));
const mailTo = async (user: User) => t.db.select().from(outbox).where(eq(outbox.recipient, user.email));

describe("withdrawing a listing", () => {
  it("closes its open offers and pending NDA requests in the same write, tells each buyer once, and leaves approved NDAs and settled offers as they are", async () => {
    const project = await publishedProject("Prairie policy loans");
    const submitted = await approvedBuyer(project);
    const countered = await approvedBuyer(project, ["ROLE_BROKER"]);
    const passive = await approvedBuyer(project);
    const gaveUp = await approvedBuyer(project);
    const requested = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const signedOnly = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await offerBy(project, submitted);
    const toCounter = await offerBy(project, countered);
    const counterParties = { project, buyer: countered, sellerCompany: "First Prairie Bank" };
    await actOnOffer(services, counterParties, toCounter, seller, "seller", "countered", { terms: { ...terms, price: 13_000_000 } });
    const toWithdraw = await offerBy(project, gaveUp);
    await actOnOffer(services, { project, buyer: gaveUp, sellerCompany: "First Prairie Bank" }, toWithdraw, gaveUp, "buyer", "withdrawn");
    await requestNda(services, project, requested);
    await signNda(services, await requestNda(services, project, signedOnly), project, signedOnly, signature);
    const everyone = [submitted, countered, passive, gaveUp, requested, signedOnly];
    const before = await noticesOf(everyone.map((b) => b.id));

    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);

    const [after] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.status).toBe("withdrawn");
    const rows = await t.db.select().from(offers).where(eq(offers.projectId, project.id));
    const statusOf = (b: User) => rows.find((o) => o.buyerId === b.id)!.status;
    expect([statusOf(submitted), statusOf(countered), statusOf(gaveUp)]).toEqual(["rejected", "rejected", "withdrawn"]);
    // the offer's history says why it closed, as the seller's desk and the buyer's workspace show it
    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: countered.id });
    expect(view!.events.at(-1)!.event).toMatchObject({ action: "rejected", note: WITHDRAWN_NOTE, revision: 2 });
    expect(view!.events.at(-1)!.actorName).toBe(seller.name);
    const [withdrawnView] = await offersOnProject(t.db, { projectId: project.id, buyerId: gaveUp.id });
    expect(withdrawnView!.events.map((e) => e.event.action)).toEqual(["submitted", "withdrawn"]);

    const nda = async (b: User) => (await findContract(t.db, { projectId: project.id, buyerId: b.id }))!;
    expect(await nda(requested)).toMatchObject({ ndaStatus: "Rejected", rejectionReason: WITHDRAWN_NOTE, decidedBy: seller.id });
    expect(await nda(signedOnly)).toMatchObject({ ndaStatus: "Rejected", rejectionReason: WITHDRAWN_NOTE });
    expect(await nda(passive)).toMatchObject({ ndaStatus: "NDA Approved", rejectionReason: null });

    const fresh = (await noticesOf(everyone.map((b) => b.id))).filter((n) => !before.some((b) => b.id === n.id));
    expect(fresh.map((n) => [n.userId, n.kind, n.message, n.link]).sort()).toEqual(
      [
        [submitted.id, "offer_rejected", "Prairie policy loans was withdrawn by its seller: your offer is closed.", "/buyers/myprojects/index_new"],
        [countered.id, "offer_rejected", "Prairie policy loans was withdrawn by its seller: your offer is closed.", "/brokers/myprojects/index_new"],
        [requested.id, "nda_rejected", "Prairie policy loans was withdrawn by its seller: your NDA request is closed.", "/buyers/myprojects/index_new"],
        [signedOnly.id, "nda_rejected", "Prairie policy loans was withdrawn by its seller: your NDA request is closed.", "/buyers/myprojects/index_new"],
      ].sort(),
    );
    const closing = (await mailTo(submitted)).filter((m) => m.subject.includes("closed"));
    expect(closing.map((m) => m.subject)).toEqual(["Offer closed: Prairie policy loans"]);
    const [mail] = closing;
    expect(mail!.body).toContain("Prairie policy loans was withdrawn by its seller: your offer is closed.");
    expect(mail!.body).toContain("https://market.example/buyers/myprojects/index_new");
    expect((await mailTo(requested)).map((m) => m.subject)).toContain("NDA request closed: Prairie policy loans");
    expect((await mailTo(passive)).filter((m) => m.subject.includes("closed"))).toEqual([]);

    // final: a second withdrawal changes nothing and tells nobody again
    const count = (await noticesOf(everyone.map((b) => b.id))).length;
    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await noticesOf(everyone.map((b) => b.id))).toHaveLength(count);
  });

  it("tells a buyer once however many open offers they have there, and says an admin withdrew it when one did", async () => {
    const project = await publishedProject("Denver office");
    const buyer = await approvedBuyer(project);
    const first = await offerBy(project, buyer);
    // an old second open offer (the one-at-a-time rule came later): both close, one notice
    await t.db.insert(offers).values({ ...first, id: undefined, createdAt: undefined });
    expect(await withdrawProject(services, { projectId: project.id, actorId: admin.id })).toBe(true);
    const rows = await t.db.select().from(offers).where(eq(offers.projectId, project.id));
    expect(rows.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    const closed = (await noticesOf([buyer.id])).filter((n) => n.kind === "offer_rejected");
    expect(closed.map((n) => n.message)).toEqual(["Denver office was withdrawn by the marketplace: your offer is closed."]);
    expect((await mailTo(buyer)).filter((m) => m.subject.startsWith("Offer closed"))).toHaveLength(1);
  });

  it("closes an under-offer listing's accepted offer too, saying why, and tells its buyer once in decision 089's words", async () => {
    const project = await publishedProject("Accepted then withdrawn");
    const buyer = await approvedBuyer(project);
    const offer = await offerBy(project, buyer);
    const accepted = await actOnOffer(services, { project, buyer, sellerCompany: "First Prairie Bank" }, offer, seller, "seller", "accepted");
    if (typeof accepted === "string") throw new Error(accepted);
    const before = (await noticesOf([buyer.id])).length;

    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);

    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
    expect(view!.offer.status).toBe("rejected");
    expect(view!.events.map((e) => [e.event.action, e.event.note])).toEqual([
      ["submitted", ""],
      ["accepted", ""],
      ["rejected", WITHDRAWN_NOTE],
    ]);
    const fresh = (await noticesOf([buyer.id])).slice(before);
    expect(fresh.map((n) => [n.kind, n.message, n.link])).toEqual([["offer_rejected", "Accepted then withdrawn was withdrawn by its seller: your offer is closed.", "/buyers/myprojects/index_new"]]);
    expect((await mailTo(buyer)).filter((m) => m.subject === "Offer closed: Accepted then withdrawn")).toHaveLength(1);
    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await noticesOf([buyer.id])).toHaveLength(before + 1);
  });

  it("withdraws only the seller's own listing, in a status that allows it", async () => {
    const project = await publishedProject("Someone else's");
    const buyer = await approvedBuyer(project);
    await offerBy(project, buyer);
    const stranger = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    expect(await withdrawProject(services, { projectId: project.id, actorId: stranger.id, sellerId: stranger.id })).toBe(false);
    const [draft] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "real_estate", status: "draft" }).returning();
    expect(await withdrawProject(services, { projectId: draft!.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect((await t.db.select().from(offers).where(eq(offers.projectId, project.id)))[0]!.status).toBe("submitted");
    expect((await t.db.select().from(projects).where(eq(projects.id, draft!.id)))[0]!.status).toBe("draft");
  });

  it("an acceptance at the same moment: whichever write lands first decides, and the buyer ends with a closed offer either way", async () => {
    for (let round = 0; round < 4; round++) {
      const project = await publishedProject(`Raced ${round}`);
      const buyer = await approvedBuyer(project);
      const offer = await offerBy(project, buyer);
      const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
      const [accepted, withdrawn] = await Promise.all([
        actOnOffer(services, parties, offer, seller, "seller", "accepted"),
        withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id }),
      ]);
      const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
      const closedNotices = (await noticesOf([buyer.id])).filter((n) => n.kind === "offer_rejected");
      if (typeof accepted === "string") {
        // the withdrawal first: the offer is closed and the acceptance is told the listing is closed
        expect(accepted).toBe("project-closed");
        expect(withdrawn).toBe(true);
        expect(row!.status).toBe("rejected");
        expect(closedNotices).toHaveLength(1);
      } else {
        // the acceptance first: the withdrawal of the listing under offer then closes the accepted deal (decision 091)
        expect(withdrawn).toBe(true);
        expect(row!.status).toBe("rejected");
        expect(closedNotices).toHaveLength(1);
      }
      const events = await t.db.select().from(offerEvents).where(eq(offerEvents.offerId, offer.id));
      expect(events.map((e) => e.action)).toEqual(typeof accepted === "string" ? ["submitted", "rejected"] : ["submitted", "accepted", "rejected"]);
    }
  });

  it("refuses an acceptance read before the withdrawal and written after it, writing nothing", async () => {
    const project = await publishedProject("Accepted from an old tab");
    const buyer = await approvedBuyer(project);
    const offer = await offerBy(project, buyer);
    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);
    // the seller's other tab still holds the listing and the offer as they were
    expect(await actOnOffer(services, { project, buyer, sellerCompany: "First Prairie Bank" }, offer, seller, "seller", "accepted")).toBe("project-closed");
    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
    expect(view!.offer.status).toBe("rejected");
    expect(view!.events.map((e) => e.event.action)).toEqual(["submitted", "rejected"]);
  });

  it("refuses an NDA request or signature read before the withdrawal and written after it", async () => {
    const project = await publishedProject("Signed from an old tab");
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const late = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const contract = await requestNda(services, project, buyer);
    expect(await withdrawProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);
    const signed = await signNda(services, contract, project, buyer, signature);
    expect(signed).toMatchObject({ ndaStatus: "Rejected", rejectionReason: WITHDRAWN_NOTE, signedAt: null });
    expect(await askForNda(services, project, late)).toBe("project-closed");
    expect(await findContract(t.db, { projectId: project.id, buyerId: late.id })).toBeNull();
    expect((await t.db.select().from(contracts).where(eq(contracts.projectId, project.id))).map((c) => c.ndaStatus)).toEqual(["Rejected"]);
  });
});
