import { afterAll, describe, expect, it } from "vitest";
import { ndaRows } from "../../../tests/support/nda-rows";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf, sent } from "../../../tests/support/app";
import { busyProject, underOfferProject } from "../../../tests/support/busy-project";

/** The seller's project page on a busy project, as its loader and action answer a browser. */
const app = await bootApp("route-seller-project");
const { loader, action } = await import("./route");
const { context, services } = app;
const seller = await app.member("seller@demo.test");
const { DESK_NDAS_PAGE_SIZE: PAGE } = await import("~/models/contracts.server");
// a page and five NDAs: the third of the five (signed, waiting for the seller) is on the second page of NDAs
const SIGNED = PAGE + 2;
const { project, contracts } = await busyProject(services.db, { sellerId: seller.user.id, ndas: PAGE + 5, signed: (i) => i === SIGNED });
afterAll(() => app.cleanup());

const get = (query: string) => loader({ request: getRequest(`/sellers/myprojects/${project.id}${query}`, seller.cookie), context, params: { id: String(project.id) } });
const page = (query: string) => responseOf(get(query));
const dataOf = async (query: string) => (await sent(get(query))).json();

describe("the seller's project page, a page of each list at a time", () => {
  it("answers made-up pages of its lists with a page, never an error", async () => {
    for (const query of ["?ndas=abc", "?ndas=-1", "?ndas=99999", "?documents=1.5&audit=x&threads=-4&offers=1e12&pipeline=&viewers=0"]) {
      expect((await page(query)).status, query).toBe(200);
    }
    const last = await dataOf("?ndas=99999");
    expect(ndaRows(last.desk!.records.ndas.html).map((c) => c.id)).toEqual(contracts.slice(PAGE).map((c) => c.id));
  });

  it("carries what it did before: the desk's own fields, and the pagers as markup", async () => {
    const data = await dataOf("?ndas=2");
    expect(Object.keys(data.desk!).sort()).toEqual(["charts", "documents", "ndaSettings", "offers", "records"]);
    expect(Object.keys(data.desk!.records).sort()).toEqual(["audit", "documentsPager", "feedback", "ndas", "ndasPager", "negotiations", "offersPager", "pipeline", "viewers"]);
    // the signer's e-mail on their NDA's row, and no one else's anywhere
    const signer = ndaRows(data.desk!.records.ndas.html).find((c) => c.id === contracts[SIGNED]!.id)!.email;
    expect(signer).toMatch(/^busy-[\w-]+@example\.test$/);
    expect(new Set(JSON.stringify(data).match(/busy-[\w-]+@example\.test/g))).toEqual(new Set([signer]));
  });

  it("names the project's state as the listing's review does, not by its code", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    await services.db.update(projects).set({ state: "IL" }).where(eq(projects.id, project.id));
    const { html } = (await dataOf("")).overview;
    expect(html).toContain("<dd>Illinois</dd>");
    expect(html).not.toContain("<dd>IL</dd>");
  });

  it("returns to the page of each list the seller was on after a step", async () => {
    const query = "?ndas=2&offers=3&pipeline=2";
    const request = postRequest(`/sellers/myprojects/${project.id}${query}`, seller.cookie, { intent: "approve-nda", contractId: String(contracts[SIGNED]!.id) });
    const response = await responseOf(action({ request, context, params: { id: String(project.id) } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/sellers/myprojects/${project.id}${query}`);
    const data = await dataOf("?ndas=2");
    expect(ndaRows(data.desk!.records.ndas.html).find((c) => c.id === contracts[SIGNED]!.id)!.ndaStatus).toBe("NDA Approved");
  });
});

describe("an NDA decided twice: a double click, a resent form, the seller and an admin at once", () => {
  it("answers the same decision again as done, telling the buyer once, and the other decision with what was decided", async () => {
    const { and, eq, like } = await import("drizzle-orm");
    const { auditLog, outbox } = await import("~/.server/db/schema");
    const { takeNotification } = await import("~/auth/session.server");
    const { project: listing, contracts: [first, second] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 2, signed: () => true, name: "Decided twice" });
    const step = (fields: Record<string, string>) => responseOf(action({ request: postRequest(`/sellers/myprojects/${listing.id}`, seller.cookie, fields), context, params: { id: String(listing.id) } }));
    const noticeOf = async (response: Response) => (await takeNotification(services, getRequest("/", response.headers.get("Set-Cookie")!.split(";")[0]!))).notification?.message;
    const approve = { intent: "approve-nda", contractId: String(first!.id) };
    const both = await Promise.all([step(approve), step(approve)]);
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    for (const response of both) expect(await noticeOf(response)).toBe("The NDA is approved; the buyer can open the workspace.");
    // a back and resend later: the same
    expect(await noticeOf(await step(approve))).toBe("The NDA is approved; the buyer can open the workspace.");
    const mails = await services.db.select().from(outbox).where(like(outbox.subject, "NDA approved: Decided twice%"));
    expect(mails).toHaveLength(1);
    expect(await services.db.select().from(auditLog).where(and(eq(auditLog.action, "nda.approve"), eq(auditLog.subjectId, String(first!.id))))).toHaveLength(1);
    // a rejection from a page read before the approval: refused, saying which way it went
    const late = await step({ intent: "reject-nda", contractId: String(first!.id), reason: "Not a fit for us." });
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain("This NDA was approved meanwhile: the buyer can open the workspace. A decision on an NDA is final.");
    await step({ intent: "reject-nda", contractId: String(second!.id), reason: "Not a fit for us." });
    const approveRejected = await step({ intent: "approve-nda", contractId: String(second!.id) });
    expect(approveRejected.status).toBe(409);
    expect(JSON.stringify(await approveRejected.json())).toContain("This NDA was rejected meanwhile. A decision on an NDA is final.");
  });
});

describe("a step only the admin's page offers", () => {
  it("answers the project's own seller posting the NDA template by hand with 404, as a step they may not take", async () => {
    const request = postRequest(`/sellers/myprojects/${project.id}`, seller.cookie, { intent: "nda-template" });
    const response = await responseOf(action({ request, context, params: { id: String(project.id) } }));
    expect(response.status).toBe(404);
  });
});

describe("the seller's deal steps on a project that left the market", () => {
  it("refuses to approve an NDA on a withdrawn project (an old tab), with 409 and the reason, and writes nothing", async () => {
    const { eq } = await import("drizzle-orm");
    const { contracts: contractsTable, projects } = await import("~/.server/db/schema");
    const { project: gone, contracts: [signed] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, signed: () => true, name: "Withdrawn desk" });
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, gone.id));
    const request = postRequest(`/sellers/myprojects/${gone.id}`, seller.cookie, { intent: "approve-nda", contractId: String(signed!.id) });
    const response = await responseOf(action({ request, context, params: { id: String(gone.id) } }));
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain("The project is no longer open to buyers");
    const [after] = await services.db.select().from(contractsTable).where(eq(contractsTable.id, signed!.id));
    expect(after).toMatchObject({ ndaStatus: "Signed", decidedAt: null });
  });
});

describe("a colleague given \"Edit the listing\" on a draft", () => {
  it("is offered the wizard's \"Edit and submit\" as its seller is, and a colleague who may only view it is not", async () => {
    const { saveGrants } = await import("~/models/seller-permissions.server");
    const { serverPage } = await import("../../../tests/support/server-page");
    const { projects } = await import("~/.server/db/schema");
    const { default: Page } = await import("./route");
    const agent = await app.member("agent@demo.test");
    const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", projectName: "Team draft" }).returning();
    const drawn = async (cookie: string) => {
      const url = `/sellers/myprojects/${draft!.id}`;
      // a context of its own, as each request has: the member is looked up once a context
      const loaderData = await (await sent(loader({ request: getRequest(url, cookie), context: { ...context }, params: { id: String(draft!.id) } }))).json();
      return serverPage(Page, url, { loaderData });
    };
    const editLink = `href="/projects/create?draft=${draft!.id}&amp;step=1"`;
    expect(await drawn(seller.cookie)).toContain(editLink);
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(draft!.id)]: ["view"] } } });
    expect(await drawn(agent.cookie)).not.toContain(editLink);
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(draft!.id)]: ["view", "edit"] } } });
    expect(await drawn(agent.cookie)).toContain(editLink);
  });
});

describe("a colleague who may only view the project", () => {
  it("is answered 404 for a step they may not take, however malformed the form, before its fields are read", async () => {
    const { saveGrants } = await import("~/models/seller-permissions.server");
    const agent = await app.member("agent@demo.test");
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(project.id)]: ["view"] } } });
    const post = (fields: Record<string, string> | URLSearchParams) =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${project.id}`, agent.cookie, fields), context, params: { id: String(project.id) } }));
    const forms: Array<Record<string, string> | URLSearchParams> = [
      { intent: "approve-nda", contractId: "abc" },
      { intent: "reject-nda", contractId: "-1", reason: "" },
      { intent: "counter", offerId: "1", price: "not a price", expiresOn: "yesterday" },
      { intent: "delete-document", documentId: "" },
      { intent: "withdraw", extra: "x" },
      { intent: "approve-nda", contractId: String(contracts[SIGNED]!.id) },
      new URLSearchParams([["intent", "no-such-step"], ["intent", "approve-nda"], ["contractId", "x"]]),
    ];
    for (const fields of forms) {
      expect((await post(fields)).status, String(new URLSearchParams(fields))).toBe(404);
    }
    // a form that names no step they could take is malformed, for anyone
    expect((await post({ intent: "no-such-step" })).status).toBe(400);
  });

  it("is shown the NDAs without their steps, which the seller is offered: approval and rejection with the reason's bounds", async () => {
    const agent = await app.member("agent@demo.test");
    const ndasOf = async (projectId: number, cookie: string, query = "") => {
      const data = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${projectId}${query}`, cookie), context, params: { id: String(projectId) } }))).json();
      return data.desk!.records.ndas.html as string;
    };
    // approved by the seller's step above
    const approved = (html: string) => ndaRows(html).find((c) => c.id === contracts[SIGNED]!.id)!;
    expect(approved(await ndasOf(project.id, agent.cookie, "?ndas=2"))).toMatchObject({ ndaStatus: "NDA Approved", steps: [] });
    expect(approved(await ndasOf(project.id, seller.cookie, "?ndas=2"))).toMatchObject({ ndaStatus: "NDA Approved", steps: ["block"] });
    const { project: fresh } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, signed: () => true, name: "Freshly signed" });
    const html = await ndasOf(fresh.id, seller.cookie);
    expect(ndaRows(html).map((c) => [c.ndaStatus, c.steps])).toEqual([["Signed", ["approve-nda", "reject-nda"]]]);
    expect(html).toMatch(/<textarea[^>]*name="reason"[^>]*required=""[^>]*minLength="5"[^>]*maxLength="500"/);
  });
});

describe("a data-room upload whose file field holds text (a form posted by hand, a client that sends no file part)", () => {
  it("is answered with the upload's own message, not the parser's wording, and stores nothing", async () => {
    const { eq } = await import("drizzle-orm");
    const { documents } = await import("~/.server/db/schema");
    const before = await services.db.select().from(documents).where(eq(documents.projectId, project.id));
    const request = postRequest(`/sellers/myprojects/${project.id}`, seller.cookie, { intent: "upload-document", file: "report.pdf" });
    const response = await responseOf(action({ request, context, params: { id: String(project.id) } }));
    expect(response.status).toBe(422);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toEqual({ "": ["Choose a file to upload."] });
    expect(await services.db.select().from(documents).where(eq(documents.projectId, project.id))).toEqual(before);
  });
});

describe("a data-room document's name, from what the browser sent", () => {
  it("keeps no trailing dot or space before the extension it is given (\"report.\" is report.pdf, not report..pdf)", async () => {
    const { desc, eq } = await import("drizzle-orm");
    const { documents } = await import("~/.server/db/schema");
    const { PDFDocument } = await import("pdf-lib");
    const made = await PDFDocument.create();
    made.addPage();
    const pdf = (await made.save()) as Uint8Array<ArrayBuffer>;
    const names: Record<string, string> = { "Q3 report.": "Q3 report.pdf", "Rent roll . .pdf": "Rent roll.pdf", "Tape...": "Tape.pdf", "...": "document.pdf", [`${"a".repeat(119)}📄 tape.pdf`]: `${"a".repeat(119)}📄.pdf` };
    for (const [sent, shown] of Object.entries(names)) {
      const form = new FormData();
      form.append("intent", "upload-document");
      form.append("file", new File([pdf], sent, { type: "application/pdf" }));
      const request = new Request(`${ORIGIN}/sellers/myprojects/${project.id}`, { method: "POST", headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
      const response = await responseOf(action({ request, context, params: { id: String(project.id) } }));
      expect(response.status, sent).toBe(302);
      const [stored] = await services.db.select({ name: documents.name }).from(documents).where(eq(documents.projectId, project.id)).orderBy(desc(documents.id)).limit(1);
      expect(stored!.name, sent).toBe(shown);
    }
  });
});

describe("the same document uploaded twice (a resent form, a second tab)", () => {
  it("stores it once: the second is refused with 409 and why, and no second file is kept", async () => {
    const { eq } = await import("drizzle-orm");
    const { documents } = await import("~/.server/db/schema");
    const { PDFDocument } = await import("pdf-lib");
    const made = await PDFDocument.create();
    made.addPage().drawText("Rent roll, sent twice");
    const pdf = (await made.save()) as Uint8Array<ArrayBuffer>;
    const upload = () => {
      const form = new FormData();
      form.append("intent", "upload-document");
      form.append("file", new File([pdf], "Rent roll twice.pdf", { type: "application/pdf" }));
      const request = new Request(`${ORIGIN}/sellers/myprojects/${project.id}`, { method: "POST", headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
      return responseOf(action({ request, context, params: { id: String(project.id) } }));
    };
    expect((await upload()).status).toBe(302);
    const second = await upload();
    expect(second.status).toBe(409);
    expect(((await second.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ "": ['"Rent roll twice.pdf" is in the data room already, with the same content.'] });
    const stored = await services.db.select({ id: documents.id }).from(documents).where(eq(documents.name, "Rent roll twice.pdf"));
    expect(stored).toHaveLength(1);
  });
});

describe("a new file under the name of one in the data room", () => {
  it("is kept beside it under a name of its own ('Tape (2).csv'), so buyers and the audit log tell them apart; sent again, it is refused", async () => {
    const { and, eq, like } = await import("drizzle-orm");
    const { documents, documentEvents } = await import("~/.server/db/schema");
    const upload = (text: string) => {
      const form = new FormData();
      form.append("intent", "upload-document");
      form.append("file", new File([text], "Servicing tape.csv", { type: "text/csv" }));
      const request = new Request(`${ORIGIN}/sellers/myprojects/${project.id}`, { method: "POST", headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
      return responseOf(action({ request, context, params: { id: String(project.id) } }));
    };
    expect((await upload("loan,balance\n1,100\n")).status).toBe(302);
    expect((await upload("loan,balance\n1,90\n")).status).toBe(302);
    expect((await upload("loan,balance\n1,80\n")).status).toBe(302);
    const names = async () =>
      (await services.db.select({ name: documents.name }).from(documents).where(and(eq(documents.projectId, project.id), like(documents.name, "Servicing tape%"))).orderBy(documents.id)).map((d) => d.name);
    expect(await names()).toEqual(["Servicing tape.csv", "Servicing tape (2).csv", "Servicing tape (3).csv"]);
    const uploads = await services.db.select({ name: documentEvents.documentName }).from(documentEvents).where(and(eq(documentEvents.action, "upload"), like(documentEvents.documentName, "Servicing tape%")));
    expect(uploads.map((u) => u.name).sort()).toEqual(["Servicing tape (2).csv", "Servicing tape (3).csv", "Servicing tape.csv"]);
    // the second version's form sent again (a double click) is the same file: not a fourth
    const again = await upload("loan,balance\n1,90\n");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ "": ['"Servicing tape (2).csv" is in the data room already, with the same content.'] });
    expect(await names()).toHaveLength(3);
  });
});

describe("the data room's steps on a project whose page shows no desk (a draft, returned, under review)", () => {
  it("refuses an upload or a delete posted by hand with 409 and why, writes nothing and stores no file", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { eq } = await import("drizzle-orm");
    const { documents, projects } = await import("~/.server/db/schema");
    const pdf = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    for (const status of ["draft", "rejected", "submitted"] as const) {
      const [unlisted] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status, projectName: `No desk (${status})` }).returning();
      // a file there already (from before the rule): its delete is refused as well
      const [kept] = await services.db.insert(documents).values({ projectId: unlisted!.id, name: "kept.pdf", type: "pdf", size: pdf.length, storageKey: `projects/${unlisted!.id}/documents/kept.pdf`, sha256: "-" }).returning();
      const shown = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${unlisted!.id}`, seller.cookie), context, params: { id: String(unlisted!.id) } }))).json();
      expect(shown.desk, status).toBeNull();

      const form = new FormData();
      form.append("intent", "upload-document");
      form.append("file", new File([pdf], "report.pdf", { type: "application/pdf" }));
      const upload = new Request(`${ORIGIN}/sellers/myprojects/${unlisted!.id}`, { method: "POST", headers: { Cookie: seller.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
      const remove = postRequest(`/sellers/myprojects/${unlisted!.id}`, seller.cookie, { intent: "delete-document", documentId: String(kept!.id) });
      for (const request of [upload, remove]) {
        const response = await responseOf(action({ request, context, params: { id: String(unlisted!.id) } }));
        expect(response.status, status).toBe(409);
        const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
        expect(result.error, status).toEqual({ "": ["The data room opens once the project is published."] });
      }
      expect(await services.db.select().from(documents).where(eq(documents.projectId, unlisted!.id))).toEqual([kept]);
      expect(fs.existsSync(path.join(process.env.DATA_DIR!, "files", "projects", String(unlisted!.id))), status).toBe(false);
    }
  });

  it("refuses the desk's other steps there too (automatic NDA approval), with the desk's reason, and keeps the setting", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { ndaSettingsOf } = await import("~/models/contracts.server");
    const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "draft", projectName: "No desk yet" }).returning();
    const before = await ndaSettingsOf(services.db, draft!.id);
    const response = await responseOf(action({ request: postRequest(`/sellers/myprojects/${draft!.id}`, seller.cookie, { intent: "auto-approve", autoApprove: "on" }), context, params: { id: String(draft!.id) } }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ "": ["The deal desk opens once the project is published."] });
    expect(await ndaSettingsOf(services.db, draft!.id)).toEqual(before);
  });
});

describe("answering an offer from a page older than the buyer's last revision", () => {
  it("refuses an acceptance of terms the page did not show with 409, and accepts nothing", async () => {
    const { actOnOffer, findOffer, offerParties, submitOffer } = await import("~/models/offers.server");
    const buyer = await app.member("buyer@demo.test");
    const [listing] = await app.publishedProjects(seller.user.id);
    await app.approvedNda(listing!, buyer.user);
    const terms = { price: 9_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
    const parties = await offerParties(services.db, listing!, buyer.user);
    const offer = await submitOffer(app.deal, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    // the seller's tab shows the offer at 9M (revision 1); a colleague counters and the buyer comes back lower
    const countered = await actOnOffer(app.deal, parties, offer, seller.user, "seller", "countered", { terms: { ...terms, price: 11_000_000 } });
    if (typeof countered === "string") throw new Error(countered);
    const revised = await actOnOffer(app.deal, parties, countered, buyer.user, "buyer", "revised", { terms: { ...terms, price: 5_000_000 } });
    if (typeof revised === "string") throw new Error(revised);
    const post = (fields: Record<string, string>) =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${listing!.id}`, seller.cookie, fields), context, params: { id: String(listing!.id) } }));
    const stale = await post({ intent: "accept-offer", offerId: String(offer.id), revision: String(offer.revision) });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(await stale.json())).toContain("The offer has changed in the meantime.");
    expect(await findOffer(services.db, { projectId: listing!.id, offerId: offer.id })).toMatchObject({ status: "submitted", revision: revised.revision, price: 5_000_000 });
    // a counter from that page is refused the same way
    const counter = await post({ intent: "counter", offerId: String(offer.id), revision: String(offer.revision), ...Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)])) });
    expect(counter.status).toBe(409);
    expect(await findOffer(services.db, { projectId: listing!.id, offerId: offer.id })).toMatchObject({ status: "submitted", revision: revised.revision });
    // from a page that shows the buyer's revision it goes through
    expect((await post({ intent: "accept-offer", offerId: String(offer.id), revision: String(revised.revision) })).status).toBe(302);
    expect(await findOffer(services.db, { projectId: listing!.id, offerId: offer.id })).toMatchObject({ status: "accepted", price: 5_000_000 });
  });
});

describe("withdrawing a listing with deals under way", () => {
  it("closes its open offers and pending NDA requests, tells their buyers, and answers a desk step on them afterwards with 409", async () => {
    const { eq } = await import("drizzle-orm");
    const { contracts: contractsTable, notifications, offerEvents, offers } = await import("~/.server/db/schema");
    const { project: listing, contracts: [requested, approved] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 2, name: "Withdrawn with deals" });
    await services.db.update(contractsTable).set({ ndaStatus: "NDA Approved" }).where(eq(contractsTable.id, approved!.id));
    const [offer] = await services.db
      .insert(offers)
      .values({ projectId: listing.id, buyerId: approved!.buyerId, status: "submitted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "x.pdf", pdfSha256: "-" })
      .returning();
    const post = (fields: Record<string, string>) =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${listing.id}`, seller.cookie, fields), context, params: { id: String(listing.id) } }));

    expect((await post({ intent: "withdraw" })).status).toBe(302);
    const [closed] = await services.db.select().from(offers).where(eq(offers.id, offer!.id));
    expect(closed!.status).toBe("rejected");
    const data = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${listing.id}`, seller.cookie), context, params: { id: String(listing.id) } }))).json();
    // the desk's offer, closed and saying why
    const shown = data.desk!.offers.find((o) => o.offer.id === offer!.id)!;
    expect(shown.offer.status).toBe("rejected");
    expect(shown.summary.html).toContain("Rejected");
    expect(shown.summary.html).toContain("Closed: the listing was withdrawn");
    expect(ndaRows(data.desk!.records.ndas.html).map((c) => [c.id, c.ndaStatus, c.decision])).toEqual([
      [requested!.id, "Rejected", "Closed: the listing was withdrawn"],
      [approved!.id, "NDA Approved", "—"],
    ]);
    const told = await services.db.select().from(notifications).where(eq(notifications.link, "/buyers/myprojects/index_new"));
    expect(told.filter((n) => n.message.startsWith("Withdrawn with deals")).map((n) => [n.userId, n.message]).sort()).toEqual(
      [
        [approved!.buyerId, "Withdrawn with deals was withdrawn by its seller: your offer is closed."],
        [requested!.buyerId, "Withdrawn with deals was withdrawn by its seller: your NDA request is closed."],
      ].sort(),
    );

    // the desk's forms of an old tab, posted after it
    const oldTab: Array<Record<string, string>> = [
      { intent: "accept-offer", offerId: String(offer!.id), revision: "1" },
      { intent: "counter", offerId: String(offer!.id), revision: "1", price: "900000", structure: "Cash", dueDiligenceDays: "30", expiresOn: "2099-01-01" },
    ];
    for (const fields of oldTab) {
      const refused = await post(fields);
      expect(refused.status, fields.intent).toBe(409);
      expect(JSON.stringify(await refused.json())).toContain("The project is no longer open for offers.");
    }
    const rejectAgain = await post({ intent: "reject-offer", offerId: String(offer!.id), revision: "1" });
    expect(rejectAgain.status).toBe(409);
    expect(JSON.stringify(await rejectAgain.json())).toContain("This offer is closed.");
    expect((await services.db.select().from(offerEvents).where(eq(offerEvents.offerId, offer!.id))).map((e) => e.action)).toEqual(["rejected"]);
    expect((await post({ intent: "withdraw" })).status).toBe(409);
  });
});

describe("accepting one of several buyers' offers from the desk", () => {
  it("closes the others, saying why on the desk, tells their buyers, and answers a counter of one from an old tab with 409, writing nothing", async () => {
    const { eq } = await import("drizzle-orm");
    const { notifications, offerEvents, offers } = await import("~/.server/db/schema");
    const { project: listing, buyers } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 2, name: "Accepted among many" });
    const offerOf = async (buyerId: number) =>
      (
        await services.db
          .insert(offers)
          .values({ projectId: listing.id, buyerId, status: "submitted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "x.pdf", pdfSha256: "-" })
          .returning()
      )[0]!;
    const [chosen, other] = [await offerOf(buyers[0]!.id), await offerOf(buyers[1]!.id)];
    const post = (fields: Record<string, string>) =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${listing.id}`, seller.cookie, fields), context, params: { id: String(listing.id) } }));

    expect((await post({ intent: "accept-offer", offerId: String(chosen.id), revision: "1" })).status).toBe(302);
    const data = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${listing.id}`, seller.cookie), context, params: { id: String(listing.id) } }))).json();
    const shown = (id: number) => data.desk!.offers.find((o) => o.offer.id === id)!;
    expect(shown(chosen.id).offer.status).toBe("accepted");
    expect(shown(other.id).offer.status).toBe("rejected");
    expect(shown(other.id).summary.html).toContain("Closed: the seller accepted another offer");
    const told = await services.db.select().from(notifications).where(eq(notifications.link, "/buyers/myprojects/index_new"));
    expect(told.filter((n) => n.message.startsWith("Accepted among many")).map((n) => [n.userId, n.message])).toEqual([
      [other.buyerId, "Accepted among many: the seller accepted another offer; your offer is closed."],
    ]);

    // the counter form still on an old tab
    const refused = await post({ intent: "counter", offerId: String(other.id), revision: "1", price: "900000", structure: "Cash", dueDiligenceDays: "30", expiresOn: "2099-01-01" });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain("This offer is closed.");
    const [after] = await services.db.select().from(offers).where(eq(offers.id, other.id));
    expect(after).toMatchObject({ status: "rejected", revision: 1, price: 1_000_000 });
    expect((await services.db.select().from(offerEvents).where(eq(offerEvents.offerId, other.id))).map((e) => [e.action, e.note])).toEqual([
      ["rejected", "Closed: the seller accepted another offer"],
    ]);
  });
});

describe("closing the sale of a listing under offer from the seller's page", () => {
  /** A listing under offer (tests/support/busy-project.ts) and the seller's post to its page. */
  async function underOffer(name: string) {
    const listed = await underOfferProject(services.db, { sellerId: seller.user.id, name });
    const post = (fields: Record<string, string>, cookie = seller.cookie) =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${listed.listing.id}`, cookie, fields), context, params: { id: String(listed.listing.id) } }));
    return { ...listed, post };
  }

  const noticesOf = async (userId: number) => {
    const { eq } = await import("drizzle-orm");
    const { notifications } = await import("~/.server/db/schema");
    return services.db.select().from(notifications).where(eq(notifications.userId, userId));
  };
  const errorOf = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""];

  it("offers both steps only while the listing is under offer", async () => {
    const { listing } = await underOffer("Shows the sale's steps");
    const shown = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${listing.id}`, seller.cookie), context, params: { id: String(listing.id) } }))).json();
    expect(shown.sale!.html).toContain('value="mark-sold"');
    expect(shown.sale!.html).toContain('value="fell-through"');
    expect((await dataOf("")).sale).toBeNull();
  });

  it("marks it sold: the accepted buyer is told once, its matches go, and a second post is refused with 409", async () => {
    const { buyerId, post, status, offerNow, matchCount } = await underOffer("Sold from the page");
    const response = await post({ intent: "mark-sold" });
    expect(response.status).toBe(302);
    expect(await status()).toBe("sold");
    expect((await offerNow()).status).toBe("accepted");
    expect(await matchCount()).toBe(0);
    const told = (await noticesOf(buyerId)).map((n) => n.message);
    expect(told).toEqual(["Sold from the page was marked sold by its seller: your accepted offer closed the sale."]);

    const again = await post({ intent: "mark-sold" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual(["This project is no longer under offer."]);
    expect((await post({ intent: "fell-through" })).status).toBe(409);
    expect(await status()).toBe("sold");
    expect(await noticesOf(buyerId)).toHaveLength(1);
  });

  it("puts it back on the market when the deal fell through: the offer closes saying why on the desk, its buyer is told once, it is matched again", async () => {
    const { listing, offer, buyerId, post, status, offerNow, matchCount } = await underOffer("Fell through on the page");
    expect((await post({ intent: "fell-through" })).status).toBe(302);
    expect(await status()).toBe("published");
    expect((await offerNow()).status).toBe("rejected");
    // scored again for every buyer company: the one stored match made up above is replaced by the real ones
    expect(await matchCount()).toBeGreaterThan(0);
    const data = await (await sent(loader({ request: getRequest(`/sellers/myprojects/${listing.id}`, seller.cookie), context, params: { id: String(listing.id) } }))).json();
    expect(data.desk!.offers.find((o) => o.offer.id === offer.id)!.summary.html).toContain("Closed: the deal fell through");
    expect(data.sale).toBeNull();
    expect((await noticesOf(buyerId)).map((n) => n.message)).toEqual(["Fell through on the page: the deal fell through; your offer is closed."]);

    const again = await post({ intent: "fell-through" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual(["This project is no longer under offer."]);
    expect(await noticesOf(buyerId)).toHaveLength(1);
  });

  it("answers a seller who is not the listing's, and a colleague who may not answer offers, with 404, writing nothing", async () => {
    const { saveGrants } = await import("~/models/seller-permissions.server");
    const { listing, buyerId, post, status, offerNow } = await underOffer("Not theirs to sell");
    const stranger = await app.member("lakeshore@demo.test");
    const agent = await app.member("agent@demo.test");
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(listing.id)]: ["view", "ndas"] } } });
    for (const who of [stranger, agent]) {
      for (const intent of ["mark-sold", "fell-through"]) {
        expect((await post({ intent }, who.cookie)).status, `${who.user.email} ${intent}`).toBe(404);
      }
    }
    expect(await status()).toBe("under_offer");
    expect((await offerNow()).status).toBe("accepted");
    expect(await noticesOf(buyerId)).toEqual([]);
    // with the permission to answer offers, the colleague may
    await saveGrants(services.db, { actor: seller.user, memberId: agent.user.id, grants: { all: [], projects: { [String(listing.id)]: ["view", "offers"] } } });
    expect((await post({ intent: "mark-sold" }, agent.cookie)).status).toBe(302);
    expect(await status()).toBe("sold");
  });
});

describe("an answer to an offer sent twice from the desk (a double click)", () => {
  it("lands the second post where the first did, with the same notice, and audits and tells the step once", async () => {
    const { and, eq } = await import("drizzle-orm");
    const { auditLog, notifications, offerEvents, offers } = await import("~/.server/db/schema");
    const { project: listing, buyers } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, name: "Accepted twice" });
    const [offer] = await services.db
      .insert(offers)
      .values({ projectId: listing.id, buyerId: buyers[0]!.id, status: "submitted", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "x.pdf", pdfSha256: "-" })
      .returning();
    const post = () =>
      responseOf(action({ request: postRequest(`/sellers/myprojects/${listing.id}`, seller.cookie, { intent: "accept-offer", offerId: String(offer!.id), revision: "1" }), context, params: { id: String(listing.id) } }));
    const first = await post();
    const second = await post();
    for (const answer of [first, second]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/sellers/myprojects/${listing.id}`);
    }
    expect((await services.db.select().from(offerEvents).where(eq(offerEvents.offerId, offer!.id))).map((e) => e.action)).toEqual(["accepted"]);
    expect(await services.db.select().from(auditLog).where(and(eq(auditLog.action, "offer.accept"), eq(auditLog.subjectId, String(offer!.id))))).toHaveLength(1);
    expect((await services.db.select().from(notifications).where(eq(notifications.userId, buyers[0]!.id))).filter((n) => n.kind === "offer_accepted")).toHaveLength(1);
  });
});
