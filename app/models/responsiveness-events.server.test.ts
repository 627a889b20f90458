import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp } from "../../tests/support/app";

/** The stored scores follow the deal events as the app runs them (demo market, Node services). */
const app = await bootApp("responsiveness-events");
const { postMessage } = await import("~/models/negotiations.server");
const { recomputeDealResponsiveness } = await import("./responsiveness.server");
const { responsiveness } = await import("~/.server/db/schema");
afterAll(() => app.cleanup());

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const projects = await app.publishedProjects(seller.user.id);
const project = projects.at(-1)!;

// the work the actions leave for after the response, awaited here
const pending: Promise<unknown>[] = [];
const deal = { ...app.deal, waitUntil: (p: Promise<unknown>) => void pending.push(p) };
const settle = async () => {
  await Promise.all(pending.splice(0));
};

async function row(customerId: number, side: "buyer" | "seller") {
  const [r] = await app.services.db
    .select()
    .from(responsiveness)
    .where(and(eq(responsiveness.customerId, customerId), eq(responsiveness.side, side)));
  return r ?? { asked: 0, answered: 0 };
}

describe("responsiveness after each event", () => {
  it("counts a buyer's message as an ask of the seller once answered (or overdue), and the seller's reply as its answer", async () => {
    await app.approvedNda(project, buyer.user);
    await recomputeDealResponsiveness(app.services.db, { projectId: project.id, buyerId: buyer.user.id });
    const sellerCo = seller.user.customerId!;
    const buyerCo = buyer.user.customerId!;
    const before = { seller: await row(sellerCo, "seller"), buyer: await row(buyerCo, "buyer") };

    await postMessage(deal, project, buyer.user, buyer.user, "Is the tape current?");
    await settle();
    // a question just asked does not count against the seller yet (decision 148)
    expect(await row(sellerCo, "seller")).toMatchObject({ asked: before.seller.asked, answered: before.seller.answered });

    await postMessage(deal, project, buyer.user, seller.user, "Yes, as of October.");
    await settle();
    expect(await row(sellerCo, "seller")).toMatchObject({ asked: before.seller.asked + 1, answered: before.seller.answered + 1 });
    // the approved NDA, not counted while new, was answered by the buyer's message; the seller's reply is a new ask, not counted yet
    expect(await row(buyerCo, "buyer")).toMatchObject({ asked: before.buyer.asked + 1, answered: before.buyer.answered + 1 });
  });
});
