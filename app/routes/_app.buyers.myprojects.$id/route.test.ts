import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The buyer's deal workspace as its loader and action answer a browser, on the demo market. */
const app = await bootApp("route-workspace");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { requestNda, setDataRoomBlocked, signNda } = await import("~/models/contracts.server");
const { addDocument, DESK_DOCUMENTS_PAGE_SIZE: PAGE } = await import("~/models/data-room.server");
const { postMessage } = await import("~/models/negotiations.server");
const { offerParties, submitOffer } = await import("~/models/offers.server");
const { documents, projects } = await import("~/.server/db/schema");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Otto Rival", company: "Rival Fund" });
const [open, none, requested, signed, blocked, roomy] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

const terms = { price: 9_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
// the workspace of `open`: both buyers approved, each with a thread and an offer, one document
const contract = await app.approvedNda(open!, buyer.user);
await app.approvedNda(open!, rival);
await postMessage(deal, open!, buyer.user, buyer.user, "Is the tape current?");
await postMessage(deal, open!, buyer.user, seller.user, "Yes, as of October.");
await postMessage(deal, open!, rival, rival, "Rival asks about servicing");
await postMessage(deal, open!, rival, seller.user, "Answer meant for the rival only");
for (const [who, price] of [[buyer.user, 9_000_000], [rival, 7_777_777]] as const) {
  if (typeof (await submitOffer(deal, await offerParties(services.db, open!, who), { ...terms, price })) === "string") throw new Error("offer refused");
}
const memo = new Uint8Array(fs.readFileSync(path.resolve("tests/e2e/fixtures/offering-memo.pdf")));
const document = await addDocument(services, open!, seller.user, { name: "memo.pdf", type: "pdf", bytes: memo }, "local");
// the other listings: no NDA, only requested, signed and waiting, approved with the data room closed
await requestNda(deal, requested!, buyer.user);
await signNda(deal, await requestNda(deal, signed!, buyer.user), signed!, buyer.user, { signerName: "Bea Buyer", ipAddress: "local", userAgent: "" });
const closed = await app.approvedNda(blocked!, buyer.user);
await setDataRoomBlocked(services.db, { projectId: blocked!.id, contractId: closed.id, blocked: true });

const workspace = (id: number, cookie = buyer.cookie) =>
  sent(loader({ request: getRequest(`/buyers/myprojects/${id}`, cookie), context, params: { id: String(id) } }));
const act = (id: number, fields: Record<string, string>, init: { cookie?: string; sameOrigin?: boolean } = {}) => {
  const request =
    init.sameOrigin === false
      ? new Request(`${ORIGIN}/buyers/myprojects/${id}`, { method: "POST", headers: { Cookie: buyer.cookie }, body: new URLSearchParams(fields) })
      : postRequest(`/buyers/myprojects/${id}`, init.cookie ?? buyer.cookie, fields);
  return responseOf(action({ request, context, params: { id: String(id) } }));
};

describe("workspace loader", () => {
  it("sends a buyer without an approved NDA to the project's teaser", async () => {
    for (const project of [none!, requested!, signed!]) {
      const response = await responseOf(workspace(project.id));
      expect(response.status, project.projectName).toBe(302);
      expect(response.headers.get("Location")).toBe(`/projects/more-details/${project.id}`);
    }
  });

  it("answers 404 for a listing the buyer may not see", async () => {
    const [draft] = await services.db
      .insert(projects)
      .values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", projectName: "Unlisted draft" })
      .returning();
    expect((await responseOf(workspace(draft!.id))).status).toBe(404);
    expect((await responseOf(loader({ request: getRequest("/buyers/myprojects/abc", buyer.cookie), context, params: { id: "abc" } }))).status).toBe(404);
  });

  it("opens the workspace with an approved NDA: the listing, the data room, the buyer's thread and offers", async () => {
    const response = await workspace(open!.id);
    expect(response.status).toBe(200);
    const data = await response.json();
    // the project as the page names it; its figures (views, other buyers' NDAs and bids) stay out
    expect(data.project).toEqual({ id: open!.id, projectName: open!.projectName, status: open!.status, kind: open!.kind });
    expect(data.contract).toMatchObject({ envelopeId: contract.envelopeId, dataRoomBlocked: false });
    expect(data.documents.map((d) => d.name)).toEqual([document.name]);
    expect(data.thread.map((m) => m.body)).toEqual(["Is the tape current?", "Yes, as of October."]);
    expect(data.offers.map((o) => o.offer.price)).toEqual([9_000_000]);
    // each offer with its own history
    expect(data.offers[0]!.summary.html).toContain(`Offer submitted by ${buyer.user.name}`);
    expect(data.me).toBe(buyer.user.id);
    expect(data.dealsPath).toBe("/buyers/myprojects/index_new");
  });

  it("never carries another buyer's thread or offer", async () => {
    const data = await (await workspace(open!.id)).json();
    expect(data.thread.every((m) => m.senderId === buyer.user.id || m.senderId === seller.user.id)).toBe(true);
    const everything = JSON.stringify(data);
    for (const secret of ["Rival asks about servicing", "Answer meant for the rival only", "Otto Rival", "Rival Fund", "7777777"]) {
      expect(everything).not.toContain(secret);
    }
    // and the rival's workspace has none of this buyer's
    const theirs = JSON.stringify(await (await workspace(open!.id, await app.cookieFor(rival))).json());
    expect(theirs).toContain("Answer meant for the rival only");
    expect(theirs).not.toContain("Is the tape current?");
  });

  it("reads the thread as far as it showed it: the seller's reply is no longer unread", async () => {
    const { unreadMessageCount } = await import("~/models/negotiations.server");
    await postMessage(deal, open!, buyer.user, seller.user, "One more thing on the tape.");
    expect(await unreadMessageCount(services.db, buyer.user, "buyer")).toBeGreaterThanOrEqual(1);
    const data = await (await workspace(open!.id)).json();
    expect(data.thread.at(-1)?.body).toBe("One more thing on the tape.");
    // the marker is written after the answer
    await expect.poll(() => unreadMessageCount(services.db, buyer.user, "buyer")).toBe(0);
  });

  it("shows no documents when the seller closed the data room", async () => {
    const data = await (await workspace(blocked!.id)).json();
    expect(data.contract.dataRoomBlocked).toBe(true);
    expect(data.documents).toEqual([]);
  });

  it("shows the loan tape with the data room, and hides it once the seller closed the room", async () => {
    // a pool of the seller's with its tape, none of the listings the other tests use
    const used = new Set([open, none, requested, signed, blocked, roomy].map((p) => p!.id));
    const pool = (await app.publishedProjects(seller.user.id)).find((p) => !used.has(p.id) && p.kind === "loan_pool" && p.tapeLoans > 0)!;
    const approved = await app.approvedNda(pool, buyer.user);
    expect((await (await workspace(pool.id)).json()).loanTape?.html).toContain("Loan tape");
    await setDataRoomBlocked(services.db, { projectId: pool.id, contractId: approved.id, blocked: true });
    const data = await (await workspace(pool.id)).json();
    expect(data.contract.dataRoomBlocked).toBe(true);
    // the loan-level lines are the data room's too (the listing promises them "in the data room after the NDA")
    expect(data.loanTape).toBeNull();
  });

  it("lists a large data room a page of files at a time (?documents=), by name; a page past the last shows the last", async () => {
    await app.approvedNda(roomy!, buyer.user);
    const names = Array.from({ length: PAGE + 5 }, (_, i) => `Room ${String(i).padStart(2, "0")}.pdf`);
    await services.db.insert(documents).values(names.map((name) => ({ projectId: roomy!.id, name, type: "pdf" as const, size: 1, storageKey: `k/${name}`, sha256: "s" })));
    const page = async (query: string) => (await sent(loader({ request: getRequest(`/buyers/myprojects/${roomy!.id}${query}`, buyer.cookie), context, params: { id: String(roomy!.id) } }))).json();
    const first = await page("");
    expect(first.documents.map((d: { name: string }) => d.name)).toEqual(names.slice(0, PAGE));
    expect(first.documentsPager?.html).toContain(`href="/buyers/myprojects/${roomy!.id}?documents=2#data-room"`);
    expect(first.documentsPager?.html).toContain(`of ${PAGE + 5} documents`);
    for (const query of ["?documents=2", "?documents=9"]) {
      const second = await page(query);
      expect(second.documents.map((d: { name: string }) => d.name)).toEqual(names.slice(PAGE));
      expect(second.documentsPager?.html).toContain(`href="/buyers/myprojects/${roomy!.id}#data-room" rel="prev"`);
    }
    expect((await page("?documents=abc")).documents).toHaveLength(PAGE);
    // the data room of a few files has no pager
    expect((await workspace(open!.id).then((r) => r.json())).documentsPager).toBeNull();
  });

  it("puts each opening of the data room in the seller's audit log, and none of a closed one", async () => {
    const { documentAudit } = await import("~/models/data-room.server");
    // the openings of this test only (the earlier tests' are stored as they opened, before it: a moment is let
    // pass first, for the last test's opening could fall in the same millisecond and count here, a flaky 2)
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date();
    const views = async (id: number) =>
      (await documentAudit(services.db, id)).rows.filter((e) => e.action === "view" && e.userName === buyer.user.name && new Date(e.createdAt) >= since);
    await workspace(open!.id);
    await workspace(blocked!.id);
    // through the writer of rows stored later (a second or so on Node)
    await expect.poll(async () => (await views(open!.id)).length, { timeout: 5_000 }).toBe(1);
    expect((await views(open!.id))[0]).toMatchObject({ documentName: "Data room" });
    expect(await views(blocked!.id)).toEqual([]);
  });
});

describe("workspace action", () => {
  it("answers 400 to an empty message and sends nothing", async () => {
    const before = (await (await workspace(open!.id)).json()).thread.length;
    const response = await act(open!.id, { intent: "message", body: "  " });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    const after = (await (await workspace(open!.id)).json()).thread.length;
    expect(after).toBe(before);
  });

  it("posts a message and redirects back to the thread with a notice", async () => {
    const response = await act(open!.id, { intent: "message", body: "Can we see the servicing reports?" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/buyers/myprojects/${open!.id}#negotiation`);
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    const data = await (await workspace(open!.id)).json();
    expect(data.thread.at(-1)).toMatchObject({ body: "Can we see the servicing reports?", senderId: buyer.user.id });
  });

  it("answers 400 to an intent it does not know", async () => {
    const response = await act(open!.id, { intent: "launch" });
    expect(response.status).toBe(400);
  });

  it("does nothing without an approved NDA, and nothing from another site", async () => {
    const teaser = await act(requested!.id, { intent: "message", body: "Hello?" });
    expect(teaser.status).toBe(302);
    expect(teaser.headers.get("Location")).toBe(`/projects/more-details/${requested!.id}`);
    expect((await act(open!.id, { intent: "message", body: "Forged" }, { sameOrigin: false })).status).toBe(403);
    const data = await (await workspace(open!.id)).json();
    expect(data.thread.map((m) => m.body)).not.toContain("Forged");
  });
});

describe("a message sent twice from the workspace (a double click, back and send again)", () => {
  it("stores, notifies and mails it once, lands the repeat where the first landed, and gives the next page a fresh key", async () => {
    const { and, eq, like } = await import("drizzle-orm");
    const { notifications, outbox } = await import("~/.server/db/schema");
    const page = async () => (await (await workspace(open!.id)).json()) as { submissionKey: string; thread: { body: string }[] };
    const mailsToSeller = async (text: string) =>
      (await services.db.select().from(outbox).where(and(eq(outbox.recipient, seller.user.email), like(outbox.body, `%${text}%`)))).length;
    const notices = async () => (await services.db.select().from(notifications).where(eq(notifications.userId, seller.user.id))).length;
    const { submissionKey: key } = await page();
    expect(key).toMatch(/\S{16,}/);
    const before = await notices();
    const fields = { intent: "message", body: "Could we have the servicer's last report?", key };
    for (const response of [await act(open!.id, fields), await act(open!.id, fields)]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/buyers/myprojects/${open!.id}#negotiation`);
    }
    const after = await page();
    expect(after.thread.filter((m) => m.body === fields.body)).toHaveLength(1);
    expect(await mailsToSeller(fields.body)).toBe(1);
    expect(await notices()).toBe(before + 1);
    expect(after.submissionKey).not.toBe(key);
    await act(open!.id, { ...fields, key: after.submissionKey });
    expect((await page()).thread.filter((m) => m.body === fields.body)).toHaveLength(2);
  });
});

describe("offer steps from a crafted form or an old tab", () => {
  it("answers 404 to a step on another buyer's offer, 409 to a step the offer's state does not allow, and moves nothing", async () => {
    const { offersOnProject } = await import("~/models/offers.server");
    const [mine] = await offersOnProject(services.db, { projectId: open!.id, buyerId: buyer.user.id });
    const [theirs] = await offersOnProject(services.db, { projectId: open!.id, buyerId: rival.id });
    const revise = { intent: "revise", ...Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)])) };
    for (const step of [{ intent: "withdraw" }, { intent: "accept" }, revise]) {
      expect((await act(open!.id, { ...step, offerId: String(theirs!.offer.id) })).status, step.intent).toBe(404);
    }
    // the buyer's own offer waits for the seller: accepting or revising it is not their move
    expect((await act(open!.id, { intent: "accept", offerId: String(mine!.offer.id) })).status).toBe(409);
    expect((await act(open!.id, { ...revise, offerId: String(mine!.offer.id) })).status).toBe(409);
    expect((await act(open!.id, { intent: "withdraw", offerId: "99999999" })).status).toBe(404);
    for (const [who, was] of [[buyer.user.id, mine], [rival.id, theirs]] as const) {
      const [now] = await offersOnProject(services.db, { projectId: open!.id, buyerId: who });
      expect(now!.offer).toMatchObject({ id: was!.offer.id, status: "submitted", revision: 1 });
    }
  });
});

describe("accepting from a page older than the seller's last counter-offer", () => {
  it("is refused with 409 and the offer as it now is, so the buyer never accepts terms their page did not show", async () => {
    const { actOnOffer, findOffer, offersOnProject } = await import("~/models/offers.server");
    const fresh = (await app.publishedProjects(seller.user.id))[6]!;
    await app.approvedNda(fresh, buyer.user);
    const parties = await offerParties(services.db, fresh, buyer.user);
    const first = await submitOffer(deal, parties, terms);
    if (typeof first === "string") throw new Error(first);
    const step = async (side: "seller" | "buyer", action: "countered" | "revised", price: number) => {
      const now = (await findOffer(services.db, { projectId: fresh.id, offerId: first.id }))!;
      const moved = await actOnOffer(deal, parties, now, side === "seller" ? seller.user : buyer.user, side, action, { terms: { ...terms, price } });
      if (typeof moved === "string") throw new Error(moved);
      return moved;
    };
    // the buyer's page shows the counter at 12M (revision 2); the deal then moves on in another tab
    const seen = await step("seller", "countered", 12_000_000);
    await step("buyer", "revised", 10_000_000);
    const current = await step("seller", "countered", 15_000_000);
    const stale = await act(fresh.id, { intent: "accept", offerId: String(first.id), revision: String(seen.revision) });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(await stale.json())).toContain("The offer has changed in the meantime; see its current state below.");
    const [after] = await offersOnProject(services.db, { projectId: fresh.id, buyerId: buyer.user.id });
    expect(after!.offer).toMatchObject({ status: "countered", revision: current.revision, price: 15_000_000 });
    // from a page that shows the current counter it goes through
    const accepted = await act(fresh.id, { intent: "accept", offerId: String(first.id), revision: String(current.revision) });
    expect(accepted.status).toBe(302);
    const [done] = await offersOnProject(services.db, { projectId: fresh.id, buyerId: buyer.user.id });
    expect(done!.offer).toMatchObject({ status: "accepted", price: 15_000_000 });
  });
});

describe("a long thread in the workspace", () => {
  it("shows its latest 50 messages and pages back with ?before=, reading only as far as a page showed", async () => {
    const { insertMany } = await import("~/.server/db/bulk");
    const { messages } = await import("~/.server/db/schema");
    const { readMarkerOf } = await import("~/models/negotiations.server");
    const { and, eq } = await import("drizzle-orm");
    const start = Date.now() - 86_400_000;
    await insertMany(services.db, messages, Array.from({ length: 80 }, (_, i) => ({ projectId: open!.id, buyerId: buyer.user.id, senderId: seller.user.id, body: `Answer ${i + 1}`, createdAt: new Date(start + i * 60_000) })));
    const ids = (await services.db.select({ id: messages.id }).from(messages).where(and(eq(messages.projectId, open!.id), eq(messages.buyerId, buyer.user.id))).orderBy(messages.id)).map((m) => m.id);
    const marker = () => readMarkerOf(services.db, { projectId: open!.id, buyerId: buyer.user.id, userId: buyer.user.id });
    const page = async (search: string) =>
      (await sent(loader({ request: getRequest(`/buyers/myprojects/${open!.id}${search}`, buyer.cookie), context, params: { id: String(open!.id) } }))).json();

    // an earlier page first: the 20 answers after it stay unread
    const earlier = await page(`?before=${ids.at(-20)}`);
    expect(earlier.thread.map((m) => m.id)).toEqual(ids.slice(-70, -20));
    expect(earlier).toMatchObject({ paged: true, earlier: ids.at(-70) });
    await expect.poll(marker).toBe(ids.at(-21));
    const latest = await page("");
    expect(latest.thread.map((m) => m.id)).toEqual(ids.slice(-50));
    expect(latest).toMatchObject({ paged: false, earlier: ids.at(-50) });
    await expect.poll(marker).toBe(ids.at(-1));
    // an earlier page after the latest: the marker stays at the end (it is written after the answer, if at all)
    await page(`?before=${ids.at(-50)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await marker()).toBe(ids.at(-1));
  });
});

describe("a HEAD of the workspace", () => {
  it("answers as the GET does and records nothing: no opening of the data room in the seller's log, no thread read", async () => {
    const project = roomy!;
    await app.approvedNda(project, buyer.user);
    await postMessage(deal, project, buyer.user, seller.user, "Unread until the buyer opens the page");
    const opened = vi.spyOn(services, "recordDataRoomView");
    const later = vi.spyOn(services, "waitUntil");
    try {
      const request = new Request(getRequest(`/buyers/myprojects/${project.id}`, buyer.cookie), { method: "HEAD" });
      expect((await responseOf(loader({ request, context, params: { id: String(project.id) } }))).status).toBe(200);
      expect(opened).not.toHaveBeenCalled();
      expect(later).not.toHaveBeenCalled();
      // the GET records both
      expect((await workspace(project.id)).status).toBe(200);
      expect(opened).toHaveBeenCalledTimes(1);
      expect(later).toHaveBeenCalled();
    } finally {
      opened.mockRestore();
      later.mockRestore();
    }
  });
});
