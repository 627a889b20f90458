import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { projects, type User } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { decideNda, requestNda, signNda } from "./contracts.server";
import { actOnOffer, submitOffer } from "./offers.server";
import { markProjectSold, reopenProject } from "./project-sale.server";
import { findDealProject } from "./buyer-deal.server";
import type { DealServices } from "./notifications.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let cleanupFiles: () => void;
let services: DealServices;
let seller: User;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "buyer-deal"));
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"], company: "First Prairie Bank" });
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

const terms = { price: 5_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };

async function approvedBuyer(project: typeof projects.$inferSelect) {
  const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  const signed = await signNda(services, await requestNda(services, project, buyer), project, buyer, { signerName: "S", ipAddress: "203.0.113.9", userAgent: "test" });
  await decideNda(services, project, signed.id, seller.id, { approve: true });
  return buyer;
}

async function accepted(project: typeof projects.$inferSelect, buyer: User) {
  const offer = await submitOffer(services, { project, buyer, sellerCompany: "First Prairie Bank" }, terms);
  if (typeof offer === "string") throw new Error(offer);
  const done = await actOnOffer(services, { project, buyer, sellerCompany: "First Prairie Bank" }, offer, seller, "seller", "accepted");
  if (typeof done === "string") throw new Error(done);
}

const asBuyer = (buyer: User) => ({ id: buyer.id, role: "buyer" as const });

describe("findDealProject", () => {
  it("gives a sold listing to the buyer whose accepted offer it was, with the sale's date; to no other buyer", async () => {
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: "Sold pool", publishedAt: new Date() }).returning();
    const [first, second, winner] = [await approvedBuyer(project!), await approvedBuyer(project!), await approvedBuyer(project!)];
    // the first buyer's deal falls through; the listing is sold to the winner
    await accepted(project!, first);
    expect(await reopenProject(services, { projectId: project!.id, actorId: seller.id })).toBe(true);
    const published = (await t.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, project!.id) }))!;
    await accepted(published, winner);
    // under offer: every approved buyer still sees it, none as its buyer
    expect((await findDealProject(t.db, asBuyer(second), project!.id))?.soldToViewerAt).toBeNull();
    expect(await markProjectSold(services, { projectId: project!.id, actorId: seller.id })).toBe(true);
    const sold = (await t.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, project!.id) }))!;

    const theirs = await findDealProject(t.db, asBuyer(winner), project!.id);
    expect(theirs?.project.status).toBe("sold");
    expect(theirs?.soldToViewerAt).toEqual(sold.updatedAt);
    for (const other of [first, second]) expect(await findDealProject(t.db, asBuyer(other), project!.id)).toBeNull();
    // nor to a visitor with the winner's id and no role, nor on another listing
    expect(await findDealProject(t.db, { id: winner.id, role: null }, project!.id)).toBeNull();
    expect(await findDealProject(t.db, asBuyer(winner), project!.id + 1000)).toBeNull();
    // the seller sees it as ever
    expect(await findDealProject(t.db, { id: seller.id, role: "seller" }, project!.id)).toMatchObject({ soldToViewerAt: null });
  });
});
