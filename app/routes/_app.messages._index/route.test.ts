import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";
import { soldListing } from "../../../tests/support/sold-listing";

/** The inbox's negotiations as the buyer and the seller of a thread each read them. */
const app = await bootApp("route-inbox");
const { loader } = await import("./route");
const { eq } = await import("drizzle-orm");
const { projects } = await import("~/.server/db/schema");
const { postMessage, unreadMessageCount } = await import("~/models/negotiations.server");
const { makeUser } = await import("~/seed/factories");
const { inboxCountsLoadedWith, startSession, userForSession } = await import("~/models/sessions.server");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
afterAll(() => app.cleanup());

const inbox = async (cookie: string) => (await sent(loader({ request: getRequest("/messages", cookie), context, params: {} }))).json();
const threadsOf = async (cookie: string, projectIds: number[]) =>
  (await inbox(cookie)).threads.filter((t) => t.buyerId === buyer.user.id && projectIds.includes(t.projectId)).map((t) => [t.projectId, t.unread]);

describe("a thread on a project that left the market", () => {
  it("is neither listed nor counted unread for the buyer, who cannot open it, and stays in the seller's inbox", async () => {
    const [open, withdrawn, sold] = (await app.publishedProjects(seller.user.id)).slice(-3);
    const ids = [open!.id, withdrawn!.id, sold!.id];
    for (const project of [open!, withdrawn!, sold!]) {
      await app.approvedNda(project, buyer.user);
      await postMessage(deal, project, buyer.user, seller.user, `About ${project.projectName}`);
    }
    const before = await unreadMessageCount(services.db, buyer.user, "buyer");
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, withdrawn!.id));
    await services.db.update(projects).set({ status: "sold" }).where(eq(projects.id, sold!.id));

    expect(await threadsOf(buyer.cookie, ids)).toEqual([[open!.id, 1]]);
    // the navigation's count, on its own and as every page's session look-up carries it
    expect(await unreadMessageCount(services.db, buyer.user, "buyer")).toBe(before - 2);
    const signedIn = await userForSession(services.db, await startSession(services.db, buyer.user.id));
    expect(inboxCountsLoadedWith(signedIn!)?.unreadAsBuyer).toBe(before - 2);

    expect((await threadsOf(seller.cookie, ids)).map(([id]) => id).sort()).toEqual([...ids].sort());
  });
});

describe("the threads of a sold listing (decision 092)", () => {
  it("are listed to the buyer who bought it, with what they have not read, to no other buyer, and to the seller", async () => {
    const [listing] = await app.publishedProjects(seller.user.id);
    const winner = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Wendy Winner" });
    const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rita Rival" });
    await soldListing(app, { listing: listing!, seller: seller.user, winner, rival });
    const onListing = async (cookie: string) =>
      (await inbox(cookie)).threads.filter((t: { projectId: number }) => t.projectId === listing!.id).map((t: { buyerId: number; unread: number }) => [t.buyerId, t.unread]);

    // the seller's message from before the sale is still unread: listed, and counted in the navigation
    expect(await onListing(await app.cookieFor(winner))).toEqual([[winner.id, 1]]);
    expect(await unreadMessageCount(services.db, winner, "buyer")).toBe(1);
    const signedIn = await userForSession(services.db, await startSession(services.db, winner.id));
    expect(inboxCountsLoadedWith(signedIn!)?.unreadAsBuyer).toBe(1);

    expect(await onListing(await app.cookieFor(rival))).toEqual([]);
    expect(await unreadMessageCount(services.db, rival, "buyer")).toBe(0);

    expect((await onListing(seller.cookie)).map(([buyerId]) => buyerId).sort()).toEqual([winner.id, rival.id].sort());
  });
});

describe("a sold listing's threads for sellers who bid on it as buyers", () => {
  it("are listed to the seller who bought it, with what they have not read, and to no seller who lost", async () => {
    const [listing] = (await app.publishedProjects(seller.user.id)).slice(-4);
    // sellers of other companies: the listing is not theirs to reach, so the inbox reads their threads as a buyer's
    const winner = await makeUser(services.db, { roles: ["ROLE_SELLER"], name: "Sam Seller-Winner", company: "Winner Holdings" });
    const rival = await makeUser(services.db, { roles: ["ROLE_SELLER"], name: "Sue Seller-Rival", company: "Rival Holdings" });
    await soldListing(app, { listing: listing!, seller: seller.user, winner, rival });
    const onListing = async (cookie: string) =>
      (await inbox(cookie)).threads.filter((t: { projectId: number }) => t.projectId === listing!.id).map((t: { buyerId: number; unread: number }) => [t.buyerId, t.unread]);

    expect(await onListing(await app.cookieFor(winner))).toEqual([[winner.id, 1]]);
    expect(await unreadMessageCount(services.db, winner, "seller")).toBe(1);
    expect(await onListing(await app.cookieFor(rival))).toEqual([]);
    expect(await unreadMessageCount(services.db, rival, "seller")).toBe(0);
  });
});

describe("a member's notifications, more than a page of them", () => {
  it("are paged on ?notices= beside the threads' page, none lost and none twice, the unread counted over all of them", async () => {
    const { notifications } = await import("~/.server/db/schema");
    // the inbox's page of notifications
    const NOTIFICATIONS_SHOWN = 50;
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(member);
    const count = NOTIFICATIONS_SHOWN + 10;
    const at = Date.now() - count * 1000;
    await services.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId: member.id,
        kind: "message" as const,
        message: `Notice ${i}`,
        link: "/messages",
        createdAt: new Date(at + i * 1000),
        // the oldest ten were read: unread ones are on both pages
        readAt: i < 10 ? new Date() : i % 2 ? null : new Date(),
      })),
    );
    const pageOf = async (url: string) => (await sent(loader({ request: getRequest(url, cookie), context, params: {} }))).json();
    const first = await pageOf("/messages");
    expect(first.notifications.map((n: { message: string }) => n.message)).toHaveLength(NOTIFICATIONS_SHOWN);
    expect(first.notifications[0]!.message).toBe(`Notice ${count - 1}`);
    expect(first.noticePages).toEqual({ page: 1, older: true });
    expect(first.unread).toBe(25);
    const second = await pageOf("/messages?notices=2&page=1");
    expect(second.notifications.map((n: { message: string }) => n.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Notice ${9 - i}`));
    expect(second.noticePages).toEqual({ page: 2, older: false });
    expect(second.unread).toBe(25);
    const seen = [...first.notifications, ...second.notifications].map((n: { id: number }) => n.id);
    expect(new Set(seen).size).toBe(count);
  });
});
