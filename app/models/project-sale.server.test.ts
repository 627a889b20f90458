import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealMarket } from "../../tests/support/deal-market";
import { notifications, offerEvents, offers, outbox, projects, type Project, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { findContract, requestNda } from "./contracts.server";
import { actOnOffer, offersOnProject } from "./offers.server";
import { FELL_THROUGH_NOTE, markProjectSold, reopenProject, SOLD_NOTE } from "./project-sale.server";

const t = await dealMarket("sale");
afterAll(t.cleanup);
const { services, seller, admin, publishedProject, approvedBuyer, offerBy } = t;

/** A listing under offer: one buyer's offer accepted by the seller, and another buyer's NDA request waiting. */
async function underOffer(name: string, roles = ["ROLE_BUYER"]) {
  const project = await publishedProject(name);
  const buyer = await approvedBuyer(project, roles);
  const offer = await offerBy(project, buyer);
  const accepted = await actOnOffer(services, { project, buyer, sellerCompany: "First Prairie Bank" }, offer, seller, "seller", "accepted");
  if (typeof accepted === "string") throw new Error(accepted);
  const waiting = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  await requestNda(services, project, waiting);
  return { project, buyer, offer, waiting };
}

const noticesOf = (userIds: number[]) => t.db.select().from(notifications).where(inArray(notifications.userId, userIds));
const mailTo = async (user: User) => t.db.select().from(outbox).where(eq(outbox.recipient, user.email));
const statusOf = async (project: Project) => (await t.db.select().from(projects).where(eq(projects.id, project.id)))[0]!.status;

describe("marking a listing under offer sold", () => {
  it("sells it, keeps the accepted offer, closes waiting NDA requests, and tells each buyer once", async () => {
    const { project, buyer, offer, waiting } = await underOffer("Sold policy loans", ["ROLE_BROKER"]);
    const before = await noticesOf([buyer.id, waiting.id]);

    expect(await markProjectSold(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);

    expect(await statusOf(project)).toBe("sold");
    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
    expect(view!.offer).toMatchObject({ id: offer.id, status: "accepted" });
    expect(view!.events.map((e) => e.event.action)).toEqual(["submitted", "accepted"]);
    expect(await findContract(t.db, { projectId: project.id, buyerId: waiting.id })).toMatchObject({ ndaStatus: "Rejected", rejectionReason: SOLD_NOTE, decidedBy: seller.id });
    const fresh = (await noticesOf([buyer.id, waiting.id])).filter((n) => !before.some((b) => b.id === n.id));
    expect(fresh.map((n) => [n.userId, n.kind, n.message, n.link]).sort()).toEqual(
      [
        [buyer.id, "offer_accepted", "Sold policy loans was marked sold by its seller: your accepted offer closed the sale.", "/brokers/myprojects/index_new"],
        [waiting.id, "nda_rejected", "Sold policy loans was sold: your NDA request is closed.", "/buyers/myprojects/index_new"],
      ].sort(),
    );
    const sold = (await mailTo(buyer)).filter((m) => m.subject === "Sold: Sold policy loans");
    expect(sold).toHaveLength(1);
    expect(sold[0]!.body).toContain("https://market.example/brokers/myprojects/index_new");

    // a second post (a double click, an old tab) sells nothing again and tells nobody again
    const count = (await noticesOf([buyer.id, waiting.id])).length;
    expect(await markProjectSold(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await reopenProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await noticesOf([buyer.id, waiting.id])).toHaveLength(count);
    expect(await statusOf(project)).toBe("sold");
  });

  it("says the marketplace marked it sold when an admin did", async () => {
    const { project, buyer } = await underOffer("Sold by an admin");
    expect(await markProjectSold(services, { projectId: project.id, actorId: admin.id })).toBe(true);
    const told = (await noticesOf([buyer.id])).filter((n) => n.kind === "offer_accepted" && n.message.includes("marked sold"));
    expect(told.map((n) => n.message)).toEqual(["Sold by an admin was marked sold by the marketplace: your accepted offer closed the sale."]);
  });

  it("sells only a listing under offer, and only the seller's own, writing nothing otherwise", async () => {
    const published = await publishedProject("Not under offer");
    expect(await markProjectSold(services, { projectId: published.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await reopenProject(services, { projectId: published.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await statusOf(published)).toBe("published");
    const { project, buyer } = await underOffer("Someone else's sale");
    const stranger = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const count = (await noticesOf([buyer.id])).length;
    expect(await markProjectSold(services, { projectId: project.id, actorId: stranger.id, sellerId: stranger.id })).toBe(false);
    expect(await reopenProject(services, { projectId: project.id, actorId: stranger.id, sellerId: stranger.id })).toBe(false);
    expect(await statusOf(project)).toBe("under_offer");
    expect((await t.db.select().from(offers).where(eq(offers.projectId, project.id)))[0]!.status).toBe("accepted");
    expect(await noticesOf([buyer.id])).toHaveLength(count);
  });
});

describe("a deal that fell through", () => {
  it("puts the listing back on the market, closes the accepted offer saying why, tells its buyer once, and lets another offer be accepted", async () => {
    const { project, buyer, offer, waiting } = await underOffer("Fell through loans");
    const before = await noticesOf([buyer.id, waiting.id]);

    expect(await reopenProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);

    expect(await statusOf(project)).toBe("published");
    const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
    expect(view!.offer).toMatchObject({ id: offer.id, status: "rejected" });
    expect(view!.events.map((e) => [e.event.action, e.event.note])).toEqual([
      ["submitted", ""],
      ["accepted", ""],
      ["rejected", FELL_THROUGH_NOTE],
    ]);
    expect(view!.events.at(-1)!.actorName).toBe(seller.name);
    // the waiting NDA request stays: the listing is open to buyers again
    expect(await findContract(t.db, { projectId: project.id, buyerId: waiting.id })).toMatchObject({ ndaStatus: "Requested" });
    const fresh = (await noticesOf([buyer.id, waiting.id])).filter((n) => !before.some((b) => b.id === n.id));
    expect(fresh.map((n) => [n.userId, n.kind, n.message, n.link])).toEqual([
      [buyer.id, "offer_rejected", "Fell through loans: the deal fell through; your offer is closed.", "/buyers/myprojects/index_new"],
    ]);
    expect((await mailTo(buyer)).filter((m) => m.subject === "Offer closed: Fell through loans")).toHaveLength(1);

    expect(await reopenProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await markProjectSold(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(false);
    expect(await noticesOf([buyer.id, waiting.id])).toHaveLength(before.length + 1);

    // back on the market: another buyer's offer can be made and accepted
    const next = await approvedBuyer(project);
    const parties = { project: { ...project, status: "published" as const }, buyer: next, sellerCompany: "First Prairie Bank" };
    const second = await offerBy(parties.project, next);
    expect(await actOnOffer(services, parties, second, seller, "seller", "accepted")).toMatchObject({ status: "accepted" });
    expect(await statusOf(project)).toBe("under_offer");
  });

  it("two posts at once (a double click, the seller and an admin): one writes, the buyer is told once", async () => {
    for (const [first, second] of [
      [reopenProject, reopenProject],
      [reopenProject, markProjectSold],
      [markProjectSold, markProjectSold],
    ] as const) {
      const { project, buyer, offer } = await underOffer(`Raced ${first.name} ${second.name}`);
      const before = (await noticesOf([buyer.id])).length;
      const results = await Promise.all([
        first(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id }),
        second(services, { projectId: project.id, actorId: admin.id }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const status = await statusOf(project);
      const events = await t.db.select().from(offerEvents).where(eq(offerEvents.offerId, offer.id));
      expect(events.map((e) => e.action)).toEqual(status === "sold" ? ["submitted", "accepted"] : ["submitted", "accepted", "rejected"]);
      expect(await noticesOf([buyer.id])).toHaveLength(before + 1);
    }
  });
});

describe("the date of the sale (projects.sold_at, migration 0078)", () => {
  const soldAtOf = async (project: Project) => (await t.db.select().from(projects).where(eq(projects.id, project.id)))[0]!.soldAt;

  it("is written with the sale, and stays when the listing is written again later", async () => {
    const { project } = await underOffer("Dated sale");
    expect(await soldAtOf(project)).toBeNull();
    const before = Date.now();
    expect(await markProjectSold(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);
    const soldAt = (await soldAtOf(project))!;
    expect(soldAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(soldAt.getTime()).toBeLessThanOrEqual(Date.now());
    await t.db.update(projects).set({ updatedAt: new Date(soldAt.getTime() + 86_400_000) }).where(eq(projects.id, project.id));
    expect(await soldAtOf(project)).toEqual(soldAt);
  });

  it("is cleared when the deal falls through and the listing goes back on the market", async () => {
    const { project } = await underOffer("Undated again");
    // a date left by an earlier write (as a row copied by hand could carry): the listing on the market has none
    await t.db.update(projects).set({ soldAt: new Date(2026, 0, 2) }).where(eq(projects.id, project.id));
    expect(await reopenProject(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id })).toBe(true);
    expect(await soldAtOf(project)).toBeNull();
  });

  it("is filled by the migration for a listing sold before it, from its last change", async () => {
    const { project } = await underOffer("Sold before the column");
    await markProjectSold(services, { projectId: project.id, actorId: seller.id, sellerId: seller.id });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    const open = await publishedProject("Still on the market");
    await t.db.update(projects).set({ soldAt: null, updatedAt: new Date(2026, 4, 6) }).where(eq(projects.id, project.id));
    const file = fs.readFileSync(path.resolve(__dirname, "../../migrations/0078_project_sold_at.sql"), "utf8");
    await t.db.run(sql.raw(file.split("--> statement-breakpoint").at(-1)!));
    expect(await soldAtOf(project)).toEqual(new Date(2026, 4, 6));
    expect(await soldAtOf(open)).toBeNull();
    expect(row!.status).toBe("sold");
  });
});
