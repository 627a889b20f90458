import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../../tests/support/app";

/**
 * The three file routes of a project, one booted demo market for all:
 * projects.more-details.$id.documents.$documentId.ts (the data room),
 * projects.more-details.$id.nda.$envelopeId.ts (the NDA) and
 * projects.more-details.$id.offers.$offerId.ts (a letter of intent).
 */
const app = await bootApp("route-files");
const documentRoute = await import("./projects.more-details.$id.documents.$documentId");
const ndaRoute = await import("./projects.more-details.$id.nda.$envelopeId");
const offerRoute = await import("./projects.more-details.$id.offers.$offerId");
const { makeUser } = await import("~/seed/factories");
const { requestNda, setDataRoomBlocked } = await import("~/models/contracts.server");
const { addDocument } = await import("~/models/data-room.server");
const { offerParties, submitOffer } = await import("~/models/offers.server");
const { pdfPageTexts } = await import("~/.server/documents/pdf-text");
const { documentEvents } = await import("~/.server/db/schema");
const { and, eq } = await import("drizzle-orm");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const stranger = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Stan Stranger" });
const strangerCookie = await app.cookieFor(stranger);
const [project, elsewhere] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

// the buyer: an approved NDA, a document in the data room, an offer; the stranger: only an NDA requested
const contract = await app.approvedNda(project!, buyer.user);
const strangersEnvelope = await requestNda(deal, project!, stranger);
const memo = new Uint8Array(fs.readFileSync(path.resolve("tests/e2e/fixtures/offering-memo.pdf")));
const document = await addDocument(services, project!, seller.user, { name: "memo.pdf", type: "pdf", bytes: memo }, "local");
const offer = await submitOffer(deal, await offerParties(services.db, project!, buyer.user), {
  price: 9_000_000,
  structure: "All cash",
  conditions: "",
  dueDiligenceDays: 30,
  expiresOn: "2099-01-01",
});
if (typeof offer === "string") throw new Error(offer);

type Loader = typeof documentRoute.loader;
const fetchFile = (loader: Loader, url: string, params: Record<string, string>, cookie?: string) =>
  responseOf(loader({ request: getRequest(url, cookie), context, params }));
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("data room document", () => {
  const get = (projectId: number, cookie?: string, documentId = document.id) =>
    fetchFile(documentRoute.loader, `/projects/more-details/${projectId}/documents/${documentId}`, { id: String(projectId), documentId: String(documentId) }, cookie);

  it("answers 404 to a buyer without an approved NDA", async () => {
    expect((await get(project!.id, strangerCookie)).status).toBe(404);
  });

  it("gives an approved buyer the PDF with their name on every page", async () => {
    const response = await get(project!.id, buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="memo.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pages = await pdfPageTexts(await bytesOf(response));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((page) => page.includes(`Confidential - ${buyer.user.name} (${buyer.user.company})`))).toBe(true);
  });

  it("gives the seller the file as uploaded", async () => {
    const response = await get(project!.id, seller.cookie);
    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(memo);
  });

  it("answers 404 for the document under another project, and once the seller closes the buyer's data room", async () => {
    expect((await get(elsewhere!.id, buyer.cookie)).status).toBe(404);
    await setDataRoomBlocked(services.db, { projectId: project!.id, contractId: contract.id, blocked: true });
    try {
      expect((await get(project!.id, buyer.cookie)).status).toBe(404);
    } finally {
      await setDataRoomBlocked(services.db, { projectId: project!.id, contractId: contract.id, blocked: false });
    }
  });

  it("logs a download for a GET that sends the file, none for a HEAD (curl -I)", async () => {
    const downloads = async () =>
      (await services.db.select().from(documentEvents).where(and(eq(documentEvents.documentId, document.id), eq(documentEvents.userId, buyer.user.id), eq(documentEvents.action, "download")))).length;
    const before = await downloads();
    const url = `/projects/more-details/${project!.id}/documents/${document.id}`;
    const head = new Request(getRequest(url, buyer.cookie), { method: "HEAD" });
    const answered = await responseOf(documentRoute.loader({ request: head, context, params: { id: String(project!.id), documentId: String(document.id) } }));
    expect(answered.status).toBe(200);
    expect(await downloads()).toBe(before);
    expect((await get(project!.id, buyer.cookie)).status).toBe(200);
    expect(await downloads()).toBe(before + 1);
  });

  it("sends a visitor to sign in", async () => {
    const response = await get(project!.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin\?redirect=/);
  });
});

describe("NDA document", () => {
  const get = (envelopeId: string, cookie?: string, projectId = project!.id) =>
    fetchFile(ndaRoute.loader, `/projects/more-details/${projectId}/nda/${envelopeId}`, { id: String(projectId), envelopeId }, cookie);

  it("serves the signed NDA to its signer as a PDF shown inline, with the signature's audit page", async () => {
    const response = await get(contract.envelopeId, buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="NDA-${project!.id}-signed.pdf"`);
    const pages = await pdfPageTexts(await bytesOf(response));
    expect(pages.at(-1)).toContain(contract.envelopeId);
  });

  it("serves an unsigned NDA to the member it was sent to, and any NDA of the project to its seller", async () => {
    const unsigned = await get(strangersEnvelope.envelopeId, strangerCookie);
    expect(unsigned.status).toBe(200);
    expect(unsigned.headers.get("Content-Disposition")).toBe(`inline; filename="NDA-${project!.id}-unsigned.pdf"`);
    expect((await get(contract.envelopeId, seller.cookie)).status).toBe(200);
  });

  it("answers 404 for another member's NDA, and for an NDA under another project", async () => {
    expect((await get(contract.envelopeId, strangerCookie)).status).toBe(404);
    expect((await get(strangersEnvelope.envelopeId, buyer.cookie)).status).toBe(404);
    expect((await get(contract.envelopeId, buyer.cookie, elsewhere!.id)).status).toBe(404);
    expect((await get("nosuchenvelope1234", buyer.cookie)).status).toBe(404);
  });
});

describe("letter of intent", () => {
  const get = (cookie?: string, { projectId = project!.id, offerId = offer.id, query = "" } = {}) =>
    fetchFile(offerRoute.loader, `/projects/more-details/${projectId}/offers/${offerId}${query}`, { id: String(projectId), offerId: String(offerId) }, cookie);

  it("serves the offer's buyer its LOI as a PDF, the current revision or one asked for", async () => {
    const response = await get(buyer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="LOI-${project!.id}-${offer.id}-r1.pdf"`);
    expect(new TextDecoder().decode((await bytesOf(response)).slice(0, 5))).toBe("%PDF-");
    expect((await get(buyer.cookie, { query: "?revision=1" })).status).toBe(200);
    expect((await get(seller.cookie)).status).toBe(200);
  });

  it("answers 404 to a buyer whose offer it is not, for a revision that does not exist, and under another project", async () => {
    expect((await get(strangerCookie)).status).toBe(404);
    expect((await get(buyer.cookie, { query: "?revision=2" })).status).toBe(404);
    expect((await get(buyer.cookie, { query: "?revision=first" })).status).toBe(404);
    expect((await get(buyer.cookie, { projectId: elsewhere!.id })).status).toBe(404);
  });
});

describe("a colleague of the seller (decision 027)", () => {
  it("opens the LOI and the signed NDA the desk links to with 'view', and a colleague without a grant gets 404", async () => {
    const { saveGrants } = await import("~/models/seller-permissions.server");
    const agent = await app.member("agent@demo.test");
    const nda = (cookie: string) =>
      fetchFile(ndaRoute.loader, `/projects/more-details/${project!.id}/nda/${contract.envelopeId}`, { id: String(project!.id), envelopeId: contract.envelopeId }, cookie);
    const loi = (cookie: string) =>
      fetchFile(offerRoute.loader, `/projects/more-details/${project!.id}/offers/${offer.id}`, { id: String(project!.id), offerId: String(offer.id) }, cookie);
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: {} } });
    expect((await nda(agent.cookie)).status).toBe(404);
    expect((await loi(agent.cookie)).status).toBe(404);
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(project!.id)]: ["view"] } } });
    const signed = await nda(agent.cookie);
    expect(signed.status).toBe(200);
    expect(signed.headers.get("Content-Disposition")).toBe(`inline; filename="NDA-${project!.id}-signed.pdf"`);
    const letter = await loi(agent.cookie);
    expect(letter.status).toBe(200);
    expect(letter.headers.get("Content-Type")).toBe("application/pdf");
  });
});
