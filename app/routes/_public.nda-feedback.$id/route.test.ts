import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** The pass page of the NDA's approval e-mail, as its action answers a form sent from an old tab. */
const app = await bootApp("route-nda-feedback");
const { action, loader } = await import("./route");
const { eq } = await import("drizzle-orm");
const { customers, feedback, notifications, users } = await import("~/.server/db/schema");
const { feedbackToken } = await import("~/.server/feedback-token");
const { actOnOffer, offerParties, submitOffer } = await import("~/models/offers.server");
const { makeUser } = await import("~/seed/factories");
const { context, services, deal } = app;
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

const terms = { price: 2_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };

describe("a pass through the NDA's feedback link", () => {
  it("is refused with 409 once the buyer's offer was accepted, and saves and tells nothing", async () => {
    const [project] = await app.publishedProjects(seller.user.id);
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await app.approvedNda(project!, buyer);
    const parties = await offerParties(services.db, project!, buyer);
    const offer = await submitOffer(deal, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    const accepted = await actOnOffer(deal, parties, offer, seller.user, "seller", "accepted");
    if (typeof accepted === "string") throw new Error(accepted);
    const told = async () => (await services.db.select().from(notifications).where(eq(notifications.userId, seller.user.id))).filter((n) => n.kind === "feedback").length;
    const before = await told();
    const token = await feedbackToken(services.env.SESSION_SECRET, project!.id, buyer.id);
    const request = postRequest(`/nda-feedback/${token}`, undefined, { reasons: "Pricing expectations too high", comment: "" });
    const response = await responseOf(action({ request, context, params: { id: token } }));
    expect(response.status).toBe(409);
    const body = (await response.json()) as { saved: boolean; result: unknown };
    expect(body.saved).toBe(false);
    expect(JSON.stringify(body.result)).toContain("accepted your offer");
    expect(await services.db.select().from(feedback).where(eq(feedback.buyerId, buyer.id))).toEqual([]);
    expect(await told()).toBe(before);
  });

  it("no longer works for a member whose account was disabled (a deleted company's too) or whose company is locked: 404, nothing saved, the seller not told", async () => {
    const [, project] = await app.publishedProjects(seller.user.id);
    const told = async () => (await services.db.select().from(notifications).where(eq(notifications.userId, seller.user.id))).filter((n) => n.kind === "feedback").length;
    const disabled = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    const [company] = await services.db.insert(customers).values({ name: "Locked Credit Partners", customerType: "buyer", locked: true }).returning();
    const locked = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: company!.id }).where(eq(users.id, locked.id));
    const before = await told();
    for (const buyer of [disabled, locked]) {
      const token = await feedbackToken(services.env.SESSION_SECRET, project!.id, buyer.id);
      const opened = await responseOf(loader({ request: getRequest(`/nda-feedback/${token}`), context, params: { id: token } }));
      expect(opened.status).toBe(404);
      const request = postRequest(`/nda-feedback/${token}`, undefined, { reasons: "Pricing expectations too high", comment: "" });
      expect((await responseOf(action({ request, context, params: { id: token } }))).status).toBe(404);
      expect(await services.db.select().from(feedback).where(eq(feedback.buyerId, buyer.id))).toEqual([]);
    }
    expect(await told()).toBe(before);
  });
});
