import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** A negotiation thread as its loader and action answer the buyer, the seller and anyone else. */
const app = await bootApp("route-thread");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { requestNda } = await import("~/models/contracts.server");
const { postMessage, unreadMessageCount } = await import("~/models/negotiations.server");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rhea Rival", company: "Rival Partners" });
const [open, pending] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

await app.approvedNda(open!, buyer.user);
await postMessage(deal, open!, buyer.user, buyer.user, "Is the servicing transferable?");
await postMessage(deal, open!, buyer.user, seller.user, "Yes, on 30 days' notice.");
await requestNda(deal, pending!, buyer.user);

const thread = (projectId: number, buyerId: number, cookie: string) =>
  sent(loader({ request: getRequest(`/messages/${projectId}/${buyerId}`, cookie), context, params: { projectId: String(projectId), buyerId: String(buyerId) } }));

describe("thread loader", () => {
  it("shows the buyer and the seller the same thread, and marks it read as far as it was shown", async () => {
    expect(await unreadMessageCount(services.db, buyer.user, "buyer")).toBeGreaterThanOrEqual(1);
    const mine = await thread(open!.id, buyer.user.id, buyer.cookie);
    expect(mine.status).toBe(200);
    const data = await mine.json();
    expect(data.messages.map((m) => m.body)).toEqual(["Is the servicing transferable?", "Yes, on 30 days' notice."]);
    expect(data.canWrite).toBe(true);
    // the marker is written after the answer
    await expect.poll(() => unreadMessageCount(services.db, buyer.user, "buyer")).toBe(0);
    const sellers = await (await thread(open!.id, buyer.user.id, seller.cookie)).json();
    expect(sellers.messages).toHaveLength(2);
    expect(sellers.buyer).toMatchObject({ name: buyer.user.name, company: buyer.user.company });
  });

  it("answers 404 to another buyer, to a thread without an approved NDA, and to ids that are not ids", async () => {
    const rivalCookie = await app.cookieFor(rival);
    expect((await responseOf(thread(open!.id, buyer.user.id, rivalCookie))).status).toBe(404);
    expect((await responseOf(thread(pending!.id, buyer.user.id, buyer.cookie))).status).toBe(404);
    expect((await responseOf(thread(open!.id, rival.id, seller.cookie))).status).toBe(404);
    const bad = loader({ request: getRequest(`/messages/${open!.id}/x`, buyer.cookie), context, params: { projectId: String(open!.id), buyerId: "x" } });
    expect((await responseOf(bad)).status).toBe(404);
  });
});

describe("thread action", () => {
  it("posts the seller's answer and refuses another buyer's", async () => {
    const post = (cookie: string, body: string) =>
      responseOf(action({ request: postRequest(`/messages/${open!.id}/${buyer.user.id}`, cookie, { body }), context, params: { projectId: String(open!.id), buyerId: String(buyer.user.id) } }));
    expect((await post(seller.cookie, "The tape is updated.")).status).toBe(302);
    expect((await post(await app.cookieFor(rival), "Let me in.")).status).toBe(404);
    const data = await (await thread(open!.id, buyer.user.id, buyer.cookie)).json();
    expect(data.messages.map((m) => m.body)).toEqual(["Is the servicing transferable?", "Yes, on 30 days' notice.", "The tape is updated."]);
  });
});
