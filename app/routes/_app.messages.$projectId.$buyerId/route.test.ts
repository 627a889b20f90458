import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** A negotiation thread as its loader and action answer the buyer, the seller and anyone else. */
const app = await bootApp("route-thread");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { requestNda } = await import("~/models/contracts.server");
const { postMessage, readMarkerOf, unreadMessageCount } = await import("~/models/negotiations.server");
const { insertMany } = await import("~/.server/db/bulk");
const { messages: messagesTable } = await import("~/.server/db/schema");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rhea Rival", company: "Rival Partners" });
const [open, pending, long] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

await app.approvedNda(open!, buyer.user);
await postMessage(deal, open!, buyer.user, buyer.user, "Is the servicing transferable?");
await postMessage(deal, open!, buyer.user, seller.user, "Yes, on 30 days' notice.");
await requestNda(deal, pending!, buyer.user);

const thread = (projectId: number, buyerId: number, cookie: string, search = "") =>
  sent(loader({ request: getRequest(`/messages/${projectId}/${buyerId}${search}`, cookie), context, params: { projectId: String(projectId), buyerId: String(buyerId) } }));

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

describe("a long thread", () => {
  // 70 answers from the seller, none read yet by the buyer
  beforeAll(async () => {
    await app.approvedNda(long!, buyer.user);
    const start = Date.now() - 86_400_000;
    await insertMany(services.db, messagesTable, Array.from({ length: 70 }, (_, i) => ({ projectId: long!.id, buyerId: buyer.user.id, senderId: seller.user.id, body: `Answer ${i + 1}`, createdAt: new Date(start + i * 60_000) })));
  });
  const marker = () => readMarkerOf(services.db, { projectId: long!.id, buyerId: buyer.user.id, userId: buyer.user.id });
  // the marker is written after the answer: long enough for a write that should not happen
  const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

  it("shows the latest 50, and the 50 before a message; an earlier page reads only as far as it showed, and never takes the marker back", async () => {
    const latest = await (await thread(long!.id, buyer.user.id, seller.cookie)).json();
    expect(latest.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Answer ${i + 21}`));
    expect(latest.earlier).toBe(latest.messages[0]!.id);
    expect(latest.paged).toBe(false);

    // the buyer opens an earlier page first: what it showed is read, the newer answers are not
    const earlier = await (await thread(long!.id, buyer.user.id, buyer.cookie, `?before=${latest.messages[40]!.id}`)).json();
    expect(earlier.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Answer ${i + 11}`));
    expect(earlier).toMatchObject({ paged: true, earlier: earlier.messages[0]!.id });
    await expect.poll(marker).toBe(earlier.messages.at(-1)!.id);
    const first = await (await thread(long!.id, buyer.user.id, buyer.cookie, `?before=${earlier.earlier}`)).json();
    expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Answer ${i + 1}`));
    expect(first.earlier).toBeNull();
    await settled();
    expect(await marker()).toBe(earlier.messages.at(-1)!.id);

    // the latest page reads the thread to its end; an earlier page opened after it leaves the marker there
    await thread(long!.id, buyer.user.id, buyer.cookie);
    await expect.poll(marker).toBe(latest.messages.at(-1)!.id);
    await thread(long!.id, buyer.user.id, buyer.cookie, `?before=${latest.earlier}`);
    await settled();
    expect(await marker()).toBe(latest.messages.at(-1)!.id);
  });

  it("keeps another thread's messages out of a page whose `before` came from it, and answers 404 to whom it answered before", async () => {
    // another buyer's thread on the same project, written after this one
    const elsewhere = await postMessage(deal, long!, rival, rival, "Written after the long thread");
    const data = await (await thread(long!.id, buyer.user.id, buyer.cookie, `?before=${elsewhere.id}`)).json();
    expect(data.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Answer ${i + 21}`));
    expect((await responseOf(thread(long!.id, buyer.user.id, await app.cookieFor(rival), `?before=${elsewhere.id}`))).status).toBe(404);
  });

  it("reads nothing for a HEAD: the marker stays where it was, and the GET moves it", async () => {
    await postMessage(deal, long!, buyer.user, seller.user, "An answer the buyer has not read");
    const before = await marker();
    const request = new Request(getRequest(`/messages/${long!.id}/${buyer.user.id}`, buyer.cookie), { method: "HEAD" });
    expect((await responseOf(loader({ request, context, params: { projectId: String(long!.id), buyerId: String(buyer.user.id) } }))).status).toBe(200);
    await settled();
    expect(await marker()).toBe(before);
    const latest = await (await thread(long!.id, buyer.user.id, buyer.cookie)).json();
    expect(latest.messages.at(-1)!.id).toBeGreaterThan(before);
    await expect.poll(marker).toBe(latest.messages.at(-1)!.id);
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

describe("a thread on a project that left the market", () => {
  it("refuses the seller's message (an old tab) with 409 and why, once buyers no longer see the project, and writes nothing", async () => {
    const { eq } = await import("drizzle-orm");
    const { projects } = await import("~/.server/db/schema");
    const [, , , gone] = await app.publishedProjects(seller.user.id);
    await app.approvedNda(gone!, buyer.user);
    await postMessage(deal, gone!, buyer.user, buyer.user, "Still for sale?");
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, gone!.id));
    const request = postRequest(`/messages/${gone!.id}/${buyer.user.id}`, seller.cookie, { body: "Here are the figures." });
    const response = await responseOf(action({ request, context, params: { projectId: String(gone!.id), buyerId: String(buyer.user.id) } }));
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain("no longer open to buyers");
    // the seller still reads it; the buyer, to whom the project is missing, does not
    const data = await (await thread(gone!.id, buyer.user.id, seller.cookie)).json();
    expect(data.messages.map((m) => m.body)).toEqual(["Still for sale?"]);
    expect(data.canWrite).toBe(false);
    expect(data.closed).toBe(true);
    // a colleague who may view the project reads it as the seller does (the desk's link leads here);
    // the buyer, and a colleague given nothing on it, find no thread
    const { saveGrants } = await import("~/models/seller-permissions.server");
    const agent = await app.member("agent@demo.test");
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(gone!.id)]: ["view"] } } });
    const colleagues = await thread(gone!.id, buyer.user.id, agent.cookie);
    expect(colleagues.status).toBe(200);
    expect(await colleagues.json()).toMatchObject({ canWrite: false, closed: true });
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: {} } });
    expect((await responseOf(thread(gone!.id, buyer.user.id, agent.cookie))).status).toBe(404);
  });

  it("keeps the buyer's own conversation theirs to read, saying the listing left the market, and refuses their message with 410 keeping it", async () => {
    const { projects } = await import("~/.server/db/schema");
    // two of the seller's listings no other test here uses (the first three are theirs)
    const [withdrawn, sold] = (await app.publishedProjects(seller.user.id)).slice(-2);
    for (const listing of [withdrawn!, sold!]) {
      await app.approvedNda(listing, buyer.user);
      await postMessage(deal, listing, buyer.user, buyer.user, `Still for sale, ${listing.projectName}?`);
      await postMessage(deal, listing, buyer.user, seller.user, "Yes, for now.");
    }
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, withdrawn!.id));
    // sold to another buyer
    await services.db.update(projects).set({ status: "sold", soldAt: new Date() }).where(eq(projects.id, sold!.id));
    for (const [listing, why] of [
      [withdrawn!, "was withdrawn"],
      [sold!, "is no longer available to you"],
    ] as const) {
      const mine = await thread(listing.id, buyer.user.id, buyer.cookie);
      expect(mine.status).toBe(200);
      const data = await mine.json();
      expect(data.messages.map((m) => m.body)).toEqual([`Still for sale, ${listing.projectName}?`, "Yes, for now."]);
      expect(data).toMatchObject({ canWrite: false, closed: true, closedNote: `${listing.projectName} ${why}: your conversation stays for you to read, and takes no new messages.` });
      // a message from a page read before (without JavaScript): 410, why, and what was typed, nothing written
      const request = postRequest(`/messages/${listing.id}/${buyer.user.id}`, buyer.cookie, { body: "Would you take 90?" });
      const response = await responseOf(action({ request, context, params: { projectId: String(listing.id), buyerId: String(buyer.user.id) } }));
      expect(response.status).toBe(410);
      const answer = JSON.stringify(await response.json());
      expect(answer).toContain(`${listing.projectName} ${why}, so your message was not sent.`);
      expect(answer).toContain("Would you take 90?");
      expect((await (await thread(listing.id, buyer.user.id, seller.cookie)).json()).messages).toHaveLength(2);
      // another buyer still finds no thread
      expect((await responseOf(thread(listing.id, buyer.user.id, await app.cookieFor(rival)))).status).toBe(404);
    }
  });
});

const { and, eq, like } = await import("drizzle-orm");
const { notifications, outbox } = await import("~/.server/db/schema");

describe("a message sent twice (a double click, a resend after a slow answer, back and send again)", () => {
  const post = (fields: Record<string, string>, cookie = seller.cookie) =>
    responseOf(action({ request: postRequest(`/messages/${open!.id}/${buyer.user.id}`, cookie, fields), context, params: { projectId: String(open!.id), buyerId: String(buyer.user.id) } }));
  const keyOfPage = async (cookie = seller.cookie) => ((await (await thread(open!.id, buyer.user.id, cookie)).json()) as { submissionKey: string }).submissionKey;
  const bodies = async () => ((await (await thread(open!.id, buyer.user.id, seller.cookie)).json()).messages as { body: string }[]).map((m) => m.body);
  const mailsToBuyer = async (text: string) =>
    (await services.db.select().from(outbox).where(and(eq(outbox.recipient, buyer.user.email), like(outbox.body, `%${text}%`)))).length;
  const noticesToBuyer = async () => (await services.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id))).length;

  it("gives each showing of the thread its own key", async () => {
    const [one, two] = [await keyOfPage(), await keyOfPage()];
    expect(one).toMatch(/\S{16,}/);
    expect(two).not.toBe(one);
  });

  it("stores, notifies and mails the message once, and lands the repeat where the first landed", async () => {
    const key = await keyOfPage();
    const notices = await noticesToBuyer();
    const first = await post({ body: "The servicer's reports are in the data room.", key });
    const second = await post({ body: "The servicer's reports are in the data room.", key });
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/messages/${open!.id}/${buyer.user.id}`);
    }
    expect((await bodies()).filter((b) => b === "The servicer's reports are in the data room.")).toHaveLength(1);
    expect(await mailsToBuyer("The servicer's reports are in the data room.")).toBe(1);
    expect(await noticesToBuyer()).toBe(notices + 1);
  });

  it("takes the next message, sent from the page shown after the first, for a new one", async () => {
    const key = await keyOfPage();
    await post({ body: "First of two.", key });
    const next = await keyOfPage();
    expect(next).not.toBe(key);
    await post({ body: "Second of two.", key: next });
    expect((await bodies()).slice(-2)).toEqual(["First of two.", "Second of two."]);
  });

  it("keeps the two messages of two sides sent with the same key (each sender's keys are their own)", async () => {
    const key = await keyOfPage();
    await post({ body: "From the seller, keyed.", key });
    await post({ body: "From the buyer, keyed.", key }, buyer.cookie);
    expect((await bodies()).slice(-2)).toEqual(["From the seller, keyed.", "From the buyer, keyed."]);
  });

  it("stores another text sent with a used key (back, a new message written, sent from the old page)", async () => {
    const key = await keyOfPage();
    await post({ body: "Written first.", key });
    await post({ body: "Written after going back.", key });
    expect((await bodies()).slice(-2)).toEqual(["Written first.", "Written after going back."]);
  });

  it("stores every post without a key (an older page), as before", async () => {
    await post({ body: "No key here." });
    await post({ body: "No key here." });
    expect((await bodies()).filter((b) => b === "No key here.")).toHaveLength(2);
    expect(await mailsToBuyer("No key here.")).toBe(2);
  });
});
