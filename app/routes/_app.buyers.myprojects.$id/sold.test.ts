import fs from "node:fs";
import path from "node:path";
import type { SerializeFrom } from "@remix-run/server-runtime";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/**
 * A sold listing (decision 092): the buyer whose offer was accepted keeps their workspace and what it
 * links to, read-only; every other buyer, an approved one too, is answered 404 as before.
 */
const app = await bootApp("route-sold-workspace");
const { loader, action } = await import("./route");
const documentRoute = await import("../projects.more-details.$id.documents.$documentId");
const ndaRoute = await import("../projects.more-details.$id.nda.$envelopeId");
const offerRoute = await import("../projects.more-details.$id.offers.$offerId");
const envelopeRoute = await import("../_app.buyers.myprojects.$id_.$envelopeId/route");
const threadRoute = await import("../_app.messages.$projectId.$buyerId/route");
const teaserRoute = await import("../_app.projects.more-details.$id/route");
const { makeUser } = await import("~/seed/factories");
const { setDataRoomBlocked } = await import("~/models/contracts.server");
const { addDocument } = await import("~/models/data-room.server");
const { postMessage } = await import("~/models/negotiations.server");
const { actOnOffer, offerParties, submitOffer } = await import("~/models/offers.server");
const { markProjectSold } = await import("~/models/project-sale.server");
const { pdfPageTexts } = await import("~/.server/documents/pdf-text");
const { and, eq } = await import("drizzle-orm");
const { messages, offerEvents, offers, projects } = await import("~/.server/db/schema");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rita Rival", company: "Rival Partners" });
const rivalCookie = await app.cookieFor(rival);
const [listing] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

const terms = { price: 9_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
// both buyers approved, each with a thread and an offer; the seller accepts the buyer's and marks the listing sold
const contract = await app.approvedNda(listing!, buyer.user);
const rivalContract = await app.approvedNda(listing!, rival);
await postMessage(deal, listing!, buyer.user, buyer.user, "When can we sign?");
await postMessage(deal, listing!, rival, seller.user, "Meant for the rival only");
const memo = new Uint8Array(fs.readFileSync(path.resolve("tests/e2e/fixtures/offering-memo.pdf")));
const document = await addDocument(services, listing!, seller.user, { name: "memo.pdf", type: "pdf", bytes: memo }, "local");
const offerOf = async (who: typeof rival, price: number) => {
  const made = await submitOffer(deal, await offerParties(services.db, listing!, who), { ...terms, price });
  if (typeof made === "string") throw new Error(made);
  return made;
};
const winning = await offerOf(buyer.user, 9_000_000);
const losing = await offerOf(rival, 7_777_777);
if (typeof (await actOnOffer(deal, await offerParties(services.db, listing!, buyer.user), winning, seller.user, "seller", "accepted")) === "string") throw new Error("not accepted");
if (!(await markProjectSold(deal, { projectId: listing!.id, actorId: seller.user.id, sellerId: seller.user.id }))) throw new Error("not sold");
const sold = (await services.db.query.projects.findFirst({ where: eq(projects.id, listing!.id) }))!;

const id = listing!.id;
const workspace = (cookie: string, section = "buyers") => responseOf(sent(loader({ request: getRequest(`/${section}/myprojects/${id}`, cookie), context, params: { id: String(id) } })));
const act = (fields: Record<string, string>, cookie = buyer.cookie) =>
  responseOf(action({ request: postRequest(`/buyers/myprojects/${id}`, cookie, fields), context, params: { id: String(id) } }));
const documentFile = (cookie: string) =>
  responseOf(documentRoute.loader({ request: getRequest(`/projects/more-details/${id}/documents/${document.id}`, cookie), context, params: { id: String(id), documentId: String(document.id) } }));
const ndaFile = (cookie: string, envelopeId: string) =>
  responseOf(ndaRoute.loader({ request: getRequest(`/projects/more-details/${id}/nda/${envelopeId}`, cookie), context, params: { id: String(id), envelopeId } }));
const offerFile = (cookie: string, offerId: number) =>
  responseOf(offerRoute.loader({ request: getRequest(`/projects/more-details/${id}/offers/${offerId}`, cookie), context, params: { id: String(id), offerId: String(offerId) } }));
const envelopePage = (cookie: string, envelopeId: string) =>
  responseOf(sent(envelopeRoute.loader({ request: getRequest(`/buyers/myprojects/${id}/${envelopeId}`, cookie), context, params: { id: String(id), envelopeId } })));
const threadPage = (cookie: string, buyerId: number) =>
  responseOf(sent(threadRoute.loader({ request: getRequest(`/messages/${id}/${buyerId}`, cookie), context, params: { projectId: String(id), buyerId: String(buyerId) } })));
const written = async () => ({
  offers: (await services.db.select().from(offers).where(eq(offers.projectId, id))).map((o) => [o.id, o.status, o.revision, o.price]),
  events: (await services.db.select().from(offerEvents).where(eq(offerEvents.offerId, winning.id))).length,
  messages: (await services.db.select().from(messages).where(and(eq(messages.projectId, id), eq(messages.buyerId, buyer.user.id)))).length,
});

describe("the buyer whose offer was accepted, after the sale", () => {
  it("keeps the workspace, told it was sold to them: the data room, the NDA, their offers and thread, and no step offered", async () => {
    const response = await workspace(buyer.cookie);
    expect(response.status).toBe(200);
    const data = (await response.json()) as SerializeFrom<typeof loader>;
    expect(data.project).toMatchObject({ id, status: "sold" });
    expect(data.sale?.html).toContain("Sold to you on");
    expect(data.sale?.html).toContain(`Sold to you on ${sold.soldAt!.toISOString().slice(0, 10)}.`);
    expect(data.contract).toMatchObject({ envelopeId: contract.envelopeId, dataRoomBlocked: false });
    expect(data.documents.map((d: { name: string }) => d.name)).toEqual([document.name]);
    expect(data.offers.map((o: { offer: { id: number; status: string } }) => [o.offer.id, o.offer.status])).toEqual([[winning.id, "accepted"]]);
    expect(data.thread.map((m: { body: string }) => m.body)).toEqual(["When can we sign?"]);
    // read-only: the thread takes no message, and nothing else is offered
    expect(data.readOnly).toBe(true);
    const everything = JSON.stringify(data);
    for (const secret of ["Meant for the rival only", "Rita Rival", "Rival Partners", "7777777"]) expect(everything).not.toContain(secret);
  });

  it("downloads a data-room document, watermarked, unless the seller closed the data room to them", async () => {
    const response = await documentFile(buyer.cookie);
    expect(response.status).toBe(200);
    const pages = await pdfPageTexts(new Uint8Array(await response.arrayBuffer()));
    expect(pages.every((page) => page.includes(`Confidential - ${buyer.user.name} (${buyer.user.company})`))).toBe(true);
    await setDataRoomBlocked(services.db, { projectId: id, contractId: contract.id, blocked: true });
    try {
      expect((await documentFile(buyer.cookie)).status).toBe(404);
      expect(((await (await workspace(buyer.cookie)).json()) as SerializeFrom<typeof loader>).documents).toEqual([]);
    } finally {
      await setDataRoomBlocked(services.db, { projectId: id, contractId: contract.id, blocked: false });
    }
  });

  it("reads their signed NDA (the PDF and its page) and their offer's letter", async () => {
    const nda = await ndaFile(buyer.cookie, contract.envelopeId);
    expect(nda.status).toBe(200);
    expect(nda.headers.get("Content-Type")).toBe("application/pdf");
    expect((await envelopePage(buyer.cookie, contract.envelopeId)).status).toBe(200);
    const letter = await offerFile(buyer.cookie, winning.id);
    expect(letter.status).toBe(200);
    expect(letter.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("reads the thread with the seller in /messages, which takes no new message", async () => {
    const response = await threadPage(buyer.cookie, buyer.user.id);
    expect(response.status).toBe(200);
    const data = (await response.json()) as SerializeFrom<typeof threadRoute.loader>;
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(["When can we sign?"]);
    expect(data.canWrite).toBe(false);
    expect(data.closedNote).toContain("The listing is sold to you");
    // the seller reads that the buyer still reads it; neither side's message is taken
    expect(((await (await threadPage(seller.cookie, buyer.user.id)).json()) as SerializeFrom<typeof threadRoute.loader>).closedNote).toContain("The listing is sold to this buyer");
    const before = await written();
    for (const cookie of [buyer.cookie, seller.cookie]) {
      const request = postRequest(`/messages/${id}/${buyer.user.id}`, cookie, { body: "After the sale" });
      const response = await responseOf(threadRoute.action({ request, context, params: { projectId: String(id), buyerId: String(buyer.user.id) } }));
      expect(response.status).toBe(409);
      expect(JSON.stringify(await response.json())).toContain("The listing is sold: this thread takes no new messages.");
    }
    expect(await written()).toEqual(before);
  });

  it("is refused a new offer, a revision, a withdrawal and a message, with nothing written", async () => {
    const before = await written();
    const money = { price: "8000000", structure: "All cash", conditions: "", dueDiligenceDays: "30", expiresOn: "2099-01-01" };
    for (const fields of <Array<Record<string, string>>>[
      { intent: "offer", ...money },
      { intent: "revise", offerId: String(winning.id), revision: String(winning.revision), ...money },
      { intent: "withdraw", offerId: String(winning.id) },
      { intent: "message", body: "One more question" },
    ]) {
      const response = await act(fields);
      expect(response.status, fields.intent).toBe(409);
      expect(response.headers.get("Location"), fields.intent).toBeNull();
    }
    expect(await written()).toEqual(before);
  });

  it("is told the day of the sale, not of the listing's last change", async () => {
    const later = new Date(sold.soldAt!.getTime() + 40 * 86_400_000);
    await services.db.update(projects).set({ updatedAt: later }).where(eq(projects.id, id));
    try {
      const html = ((await (await workspace(buyer.cookie)).json()) as SerializeFrom<typeof loader>).sale?.html;
      expect(html).toContain(`Sold to you on ${sold.soldAt!.toISOString().slice(0, 10)}.`);
      expect(html).not.toContain(later.toISOString().slice(0, 10));
    } finally {
      await services.db.update(projects).set({ updatedAt: sold.updatedAt }).where(eq(projects.id, id));
    }
  });

  it("does not get the listing's public teaser back", async () => {
    const response = await responseOf(teaserRoute.loader({ request: getRequest(`/projects/more-details/${id}`, buyer.cookie), context, params: { id: String(id) } }));
    expect(response.status).toBe(404);
  });
});

describe("another buyer with an approved NDA, after the sale", () => {
  it("is sent from the workspace to their deals page, told why; gets 404 for a document, their NDA, their offer's letter and the NDA page, and reads their own thread only (decision 116)", async () => {
    const sent = await workspace(rivalCookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/buyers/myprojects/index_new");
    expect((await documentFile(rivalCookie)).status).toBe(404);
    expect((await ndaFile(rivalCookie, rivalContract.envelopeId)).status).toBe(404);
    expect((await offerFile(rivalCookie, losing.id)).status).toBe(404);
    expect((await envelopePage(rivalCookie, rivalContract.envelopeId)).status).toBe(404);
    // their own past conversation stays theirs to read, taking no message
    const thread = await threadPage(rivalCookie, rival.id);
    expect(thread.status).toBe(200);
    expect(await thread.json()).toMatchObject({ canWrite: false, closedNote: `${listing!.projectName} is no longer available to you: your conversation stays for you to read, and takes no new messages.` });
    // and not the winner's
    expect((await threadPage(rivalCookie, buyer.user.id)).status).toBe(404);
    // nor the winner's files
    expect((await ndaFile(rivalCookie, contract.envelopeId)).status).toBe(404);
    expect((await offerFile(rivalCookie, winning.id)).status).toBe(404);
  });

  it("is refused any step, told the listing is no longer available to them, with nothing written", async () => {
    const before = (await services.db.select().from(offers).where(eq(offers.projectId, id))).length;
    const response = await act({ intent: "offer", price: "8000000", structure: "All cash", conditions: "", dueDiligenceDays: "30", expiresOn: "2099-01-01" }, rivalCookie);
    expect(response.status).toBe(410);
    expect(((await response.json()) as { error: string }).error).toBe(`${listing!.projectName} is no longer available to you, so your offer was not sent.`);
    expect((await services.db.select().from(offers).where(eq(offers.projectId, id))).length).toBe(before);
  });
});
