import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf, sent } from "../../../tests/support/app";

/** A member who sells and buys (multi@demo.test: "acts as buyer, buyer comes first") reads their seller side too. */
const app = await bootApp("route-inbox-both-roles");
const { loader } = await import("./route");
const { loader: deskLoader } = await import("../_app.sellers.myprojects.$id/route");
const { loader: threadLoader } = await import("../_app.messages.$projectId.$buyerId/route");
const { saveGrants } = await import("~/models/seller-permissions.server");
const { users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { postMessage } = await import("~/models/negotiations.server");
const { listNotifications } = await import("~/models/notifications.server");
const { requestNda } = await import("~/models/contracts.server");
const { makeUser } = await import("~/seed/factories");
const { context, services, deal } = app;

const multi = await app.member("multi@demo.test");
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

describe("a member with the seller and the buyer roles", () => {
  it("finds their seller notifications' pages open to them, and every thread of theirs in the inbox, each side named", async () => {
    const [own] = await app.publishedProjects(multi.user.id);
    const [elsewhere] = await app.publishedProjects(seller.user.id);
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Bea Buyer" });
    await requestNda(deal, own!, buyer);
    const [notice] = (await listNotifications(services.db, multi.user.id)).filter((n) => n.kind === "nda_requested");
    expect(notice?.link).toBe(`/sellers/myprojects/${own!.id}`);
    // the seller's desk, not a redirect to the teaser
    const desk = await responseOf(deskLoader({ request: getRequest(notice!.link, multi.cookie), context, params: { id: String(own!.id) } }));
    expect(desk.status).toBe(200);

    await app.approvedNda(own!, buyer);
    await postMessage(deal, own!, buyer, multi.user, "A question to the seller");
    await app.approvedNda(elsewhere!, multi.user);
    await postMessage(deal, elsewhere!, multi.user, seller.user, "A question as a buyer");

    const { threads } = await (await sent(loader({ request: getRequest("/messages", multi.cookie), context, params: {} }))).json();
    const mine = threads.filter((t) => [own!.id, elsewhere!.id].includes(t.projectId));
    expect(mine.map((t) => [t.projectId, t.buyerId, t.side])).toEqual([
      [elsewhere!.id, multi.user.id, "buying"],
      [own!.id, buyer.id, "selling"],
    ]);
  });

  it("reads a colleague's listing and its threads as the seller's team does, with the grant to view it", async () => {
    const [listing] = (await app.publishedProjects(seller.user.id)).slice(-2);
    const colleague = await makeUser(services.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"], name: "Cole Both" });
    await services.db.update(users).set({ customerId: seller.user.customerId }).where(eq(users.id, colleague.id));
    await saveGrants(services.db, { actor: seller.user, memberId: colleague.id, grants: { all: ["view"], projects: {} } });
    const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Bo Buyer" });
    await app.approvedNda(listing!, buyer);
    await postMessage(deal, listing!, buyer, seller.user, "A question to the team");
    const cookie = await app.cookieFor(colleague);
    const desk = await responseOf(deskLoader({ request: getRequest(`/sellers/myprojects/${listing!.id}`, cookie), context, params: { id: String(listing!.id) } }));
    expect(desk.status).toBe(200);
    const thread = await responseOf(
      threadLoader({ request: getRequest(`/messages/${listing!.id}/${buyer.id}`, cookie), context, params: { projectId: String(listing!.id), buyerId: String(buyer.id) } }),
    );
    expect(thread.status).toBe(200);
  });
});
