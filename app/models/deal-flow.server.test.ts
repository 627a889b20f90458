import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseBefore } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { documentEvents, messages, notifications, outbox, projects, recentlyViewed, type Project, type User } from "~/.server/db/schema";
import { insertMany } from "~/.server/db/bulk";
import { sha256Hex } from "~/.server/crypto";
import { pdfPageTexts } from "~/.server/documents/pdf-text";
import { makeUser } from "~/seed/factories";
import { feedbackToken, readFeedbackToken } from "~/.server/feedback-token";
import { detectDocumentType } from "~/.server/files/sniff";
import { decideNda, findContractByEnvelope, ndaSettingsOf, ndaStatusOf, projectPermissionsPage, replaceProjectNdaTemplate, requestNda, setDataRoomBlocked, signNda, updateNdaSettings } from "./contracts.server";
import { addDocument, checkUpload, dataRoomAccess, deleteDocument, documentForReader, findDocument } from "./data-room.server";
import { listThreads, markThreadRead, MESSAGE_MAILS, postMessage, projectThreads, THREAD_PAGE_SIZE, threadMessages, unreadMessageCount } from "./negotiations.server";
import { listNotifications, markNotificationsRead, unreadNotificationCount } from "./notifications.server";
import { inboxCountsLoadedWith, startSession, userForSession } from "./sessions.server";
import { siteShellFor } from "./site-shell.server";
import { listOutbox } from "./outbox.server";
import { actOnOffer, canMove, offersOnProject, projectOffersPage, submitOffer } from "./offers.server";
import { pipeline, stageOf } from "./pipeline.server";
import { countedDeals } from "../../tests/support/deal-counts";
import { listSellerProjectPage } from "./projects.server";
import { findPass, savePass } from "./feedback.server";
import { buyerPseudonym } from "./buyer-identity.server";
import type { DealServices } from "./notifications.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
let cleanupFiles: () => void;
let services: DealServices;
let seller: User;
let buyer: User;
let other: User;
let admin: User;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, dir, cleanup: cleanupFiles } = dealServicesOver(t.db, "deal"));
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"], company: "First Prairie Bank" });
  buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Bea Buyer", company: "Harbor Credit" });
  other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

async function publishedProject(name = "Prairie policy loans"): Promise<Project> {
  const [row] = await t.db
    .insert(projects)
    .values({ sellerId: seller.id, kind: "insurance_loan", status: "published", projectName: name, borrower: "Secret Borrower LLC", publishedAt: new Date() })
    .returning();
  return row!;
}

const terms = { price: 12_500_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };

describe("NDA", () => {
  it("keeps one file of a project's NDA template, and an envelope asked for while it is replaced is made from the new one", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const templatePdf = async (text: string) => {
      const made = await PDFDocument.create();
      made.addPage().drawText(text);
      return made.save();
    };
    const project = await publishedProject("Template replaced");
    const [first, second, third] = [await templatePdf("NDA one"), await templatePdf("NDA two"), await templatePdf("NDA three")];
    await replaceProjectNdaTemplate(services, project.id, { name: "one.pdf", bytes: first });
    const firstKey = (await ndaSettingsOf(t.db, project.id)).templateKey!;
    await replaceProjectNdaTemplate(services, project.id, { name: "two.pdf", bytes: second });
    const secondKey = (await ndaSettingsOf(t.db, project.id)).templateKey!;
    expect(await services.files.get(firstKey)).toBeNull();
    expect(await services.files.get(secondKey)).toEqual(second);
    // the admin's next upload lands between the envelope's read of the key and of its file
    const racing = {
      ...services,
      files: {
        ...services.files,
        get: async (key: string) => {
          if (key === secondKey) await replaceProjectNdaTemplate(services, project.id, { name: "three.pdf", bytes: third });
          return services.files.get(key);
        },
      },
    };
    const contract = await requestNda(racing, project, buyer);
    expect(await services.files.get(contract.documentKey)).toEqual(third);
  });

  it("opens an envelope once, signs it with an audit page, and waits for the seller's approval", async () => {
    const project = await publishedProject();
    const contract = await requestNda(services, project, buyer);
    expect(contract.ndaStatus).toBe("Requested");
    expect((await requestNda(services, project, buyer)).envelopeId).toBe(contract.envelopeId);
    expect(await findContractByEnvelope(t.db, contract.envelopeId + "x")).toBeNull();

    const signed = await signNda(services, contract, project, buyer, { signerName: "Bea Buyer", ipAddress: "203.0.113.9", userAgent: "Chromium test" });
    expect(signed.ndaStatus).toBe("Signed");
    expect(signed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await services.files.get(signed.signedKey!);
    const pages = await pdfPageTexts(pdf!);
    expect(pages.at(-1)).toContain(contract.envelopeId);
    expect(pages.at(-1)).toContain("203.0.113.9");
    expect(await dataRoomAccess(t.db, project, buyer, "buyer")).toBeNull();

    expect(await decideNda(services, project, signed.id, seller.id, { approve: true })).toBe(true);
    // a second decision finds the first: the route answers it by what was decided
    expect(await decideNda(services, project, signed.id, seller.id, { approve: true })).toEqual({ decided: "NDA Approved" });
    expect(await ndaStatusOf(t.db, { projectId: project.id, userId: buyer.id })).toBe("NDA Approved");
    expect(await dataRoomAccess(t.db, project, buyer, "buyer")).toBe("read");
    expect(await dataRoomAccess(t.db, project, other, "buyer")).toBeNull();
    // the project's permissions can close the data room to an approved buyer
    expect(await setDataRoomBlocked(t.db, { projectId: project.id, contractId: signed.id, blocked: true })).toBe("changed");
    expect(await dataRoomAccess(t.db, project, buyer, "buyer")).toBeNull();
    // closed again (a second click, a page left open): nothing to write, nor to audit
    expect(await setDataRoomBlocked(t.db, { projectId: project.id, contractId: signed.id, blocked: true })).toBe("unchanged");
    expect(await setDataRoomBlocked(t.db, { projectId: project.id + 1, contractId: signed.id, blocked: true })).toBeNull();
    await setDataRoomBlocked(t.db, { projectId: project.id, contractId: signed.id, blocked: false });
    expect(await dataRoomAccess(t.db, project, seller, "seller")).toBe("manage");
    expect(await dataRoomAccess(t.db, project, admin, "admin")).toBe("manage");
    const told = await listNotifications(t.db, buyer.id);
    expect(told[0]!.message).toContain("is approved");
    // the approval e-mail's feedback link is a secret: sealed in the outbox, hidden from admins
    const approvalMail = ((await listOutbox(t.db)).rows).find((m) => m.recipient === buyer.email && m.subject.startsWith("NDA approved"))!;
    expect(approvalMail.body).toContain(`https://market.example/nda-feedback/[hidden]`);
    const [stored] = await t.db.select().from(outbox).where(eq(outbox.id, approvalMail.id));
    expect(stored!.body).toContain("/nda-feedback/{{secret:feedback}}\n");
    expect(stored!.secrets).toBeTruthy();
    expect((await listNotifications(t.db, seller.id)).map((n) => n.kind)).toEqual(expect.arrayContaining(["nda_requested", "nda_signed"]));
  });

  it("signs an NDA sent twice at once once, and keeps the signed PDF its hash names", async () => {
    const project = await publishedProject("NDA signed twice at once");
    const contract = await requestNda(services, project, other);
    const sign = (ipAddress: string) => signNda(services, contract, project, other, { signerName: "Otto Other", ipAddress, userAgent: "Chromium test" });
    const [a, b] = await Promise.all([sign("203.0.113.1"), sign("203.0.113.2")]);
    expect(a.signedSha256).toBe(b.signedSha256);
    const pdf = await services.files.get(a.signedKey!);
    expect(await sha256Hex(pdf!)).toBe(a.signedSha256);
    expect((await listNotifications(t.db, seller.id)).filter((n) => n.kind === "nda_signed" && n.message.includes("NDA signed twice at once"))).toHaveLength(1);
  });

  it("approves at once when the project says so", async () => {
    const project = await publishedProject("Auto-approved pool");
    await updateNdaSettings(t.db, project.id, { autoApprove: true });
    const contract = await requestNda(services, project, other);
    const signed = await signNda(services, contract, project, other, { signerName: "Other Buyer", ipAddress: "local", userAgent: "" });
    expect(signed.ndaStatus).toBe("NDA Approved");
  });

  it("approves no NDA on a project buyers can no longer see (withdrawn or sold); rejecting it still closes it", async () => {
    for (const status of ["withdrawn", "sold"] as const) {
      const project = await publishedProject(`NDA approved after it was ${status}`);
      const contract = await requestNda(services, project, other);
      const signed = await signNda(services, contract, project, other, { signerName: "Olive Other", ipAddress: "local", userAgent: "" });
      const [closed] = await t.db.update(projects).set({ status }).where(eq(projects.id, project.id)).returning();
      const told = async () => (await t.db.select().from(notifications).where(eq(notifications.userId, other.id))).length;
      const before = await told();
      expect(await decideNda(services, closed!, signed.id, seller.id, { approve: true })).toBe("project-closed");
      expect(await ndaStatusOf(t.db, { projectId: project.id, userId: other.id })).toBe("Signed");
      // no "the data room is open" for a workspace the buyer would find missing
      expect(await told()).toBe(before);
      expect(await decideNda(services, closed!, signed.id, seller.id, { approve: false, reason: "The project is withdrawn." })).toBe(true);
      expect(await ndaStatusOf(t.db, { projectId: project.id, userId: other.id })).toBe("Rejected");
    }
  });

  it("lists a project's NDAs for the admin's permissions a page at a time, in the order they were asked for", async () => {
    const project = await publishedProject("Many NDAs");
    const buyers = await Promise.all(["Ann", "Ben", "Cy"].map((name) => makeUser(t.db, { roles: ["ROLE_BUYER"], name, company: `${name} Fund` })));
    for (const b of buyers) await requestNda(services, project, b);
    const first = await projectPermissionsPage(t.db, { projectId: project.id, pageSize: 2 });
    const second = await projectPermissionsPage(t.db, { projectId: project.id, pageSize: 2, page: 2 });
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.rows, ...second.rows].map((r) => [r.name, r.company, r.ndaStatus, r.blocked])).toEqual([
      ["Ann", "Ann Fund", "Requested", false],
      ["Ben", "Ben Fund", "Requested", false],
      ["Cy", "Cy Fund", "Requested", false],
    ]);
    expect((await projectPermissionsPage(t.db, { projectId: project.id, pageSize: 2, page: 3 })).rows).toEqual([]);
  });
});

describe("data room", () => {
  it("accepts files by what they are and watermarks a buyer's PDF", async () => {
    const project = await publishedProject("Data room project");
    const memo = new Uint8Array(fs.readFileSync(path.resolve("tests/e2e/fixtures/offering-memo.pdf")));
    const file = new File([memo], "C:\\Users\\sam\\memo.PDF", { type: "application/pdf" });
    const check = await checkUpload(file, ["pdf", "csv"]);
    expect(check.ok).toBe(true);
    expect(await checkUpload(new File(["MZ binary"], "x.pdf"), ["pdf"])).toEqual({ ok: false, message: "Only PDF files can be uploaded." });
    // each upload names the types it takes (on-boarding evidence: two)
    expect(await checkUpload(new File(["a,b\n1,2\n"], "x.csv"), ["pdf", "docx"])).toEqual({ ok: false, message: "Only PDF and Word (DOCX) files can be uploaded." });
    expect(await checkUpload(new File(["MZ binary"], "x.pdf"), ["pdf", "xlsx", "docx", "csv"])).toEqual({ ok: false, message: "Only PDF, Excel (XLSX), Word (DOCX) and CSV files can be uploaded." });
    expect(await checkUpload(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "x.pdf"), ["pdf"])).toEqual({ ok: false, message: "The file is larger than 10 MB." });
    // a file of nothing chosen (a failed export) is told so, not to choose a file
    expect(await checkUpload(new File([], "tape.csv"), ["csv"])).toEqual({ ok: false, message: "The file is empty: choose the file with its content." });
    expect(await checkUpload(new File([], ""), ["csv"])).toEqual({ ok: false, message: "Choose a file to upload." });
    if (!check.ok) return;
    const document = await addDocument(services, project, seller, { name: file.name, type: check.type, bytes: check.bytes }, "local");
    expect(document.name).toBe("memo.pdf");
    const read = await documentForReader(services, (await findDocument(t.db, { projectId: project.id, documentId: document.id }))!, buyer, "read", { ipAddress: "local" }, new Date("2026-11-22T10:00:00Z"));
    const texts = await pdfPageTexts(read as Uint8Array);
    expect(texts.every((page) => page.includes("Confidential - Bea Buyer (Harbor Credit) - 2026-11-22 10:00 UTC"))).toBe(true);
    expect(await findDocument(t.db, { projectId: project.id + 1, documentId: document.id })).toBeNull();
  });

  it("refuses a PDF it cannot open to its pages (protected, damaged), and serves none stored before without logging a download", async () => {
    const memo = fs.readFileSync(path.resolve("tests/e2e/fixtures/offering-memo.pdf"));
    const { PDFDocument, PDFHexString } = await import("pdf-lib");
    // a protected PDF names an /Encrypt dictionary in its trailer
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: "Standard", V: 1, R: 2, O: PDFHexString.of("00".repeat(32)), U: PDFHexString.of("00".repeat(32)), P: -4 }));
    const unreadable = {
      protected: await doc.save({ useObjectStreams: false }),
      damaged: new Uint8Array(Buffer.concat([memo.subarray(0, 1024), new Uint8Array(2 * 1024 * 1024).fill(7)])),
      pageless: new TextEncoder().encode("%PDF-1.4\ntrailer\n<<>>\nstartxref\n0\n%%EOF\n"),
    };
    for (const [name, bytes] of Object.entries(unreadable)) {
      expect(await checkUpload(new File([bytes as Uint8Array<ArrayBuffer>], `${name}.pdf`), ["pdf"]), name).toEqual({
        ok: false,
        message: "This PDF cannot be opened: it is password-protected or damaged. Save it without protection and upload it again.",
      });
    }
    // kept as sent where only admins read it (on-boarding evidence)
    expect((await checkUpload(new File([unreadable.protected as Uint8Array<ArrayBuffer>], "letter.pdf"), ["pdf"], { pdfAsIs: true })).ok).toBe(true);

    const project = await publishedProject("Stored unreadable PDF");
    const stored = await addDocument(services, project, seller, { name: "old.pdf", type: "pdf", bytes: unreadable.damaged }, "local");
    const found = (await findDocument(t.db, { projectId: project.id, documentId: stored.id }))!;
    expect(await documentForReader(services, found, buyer, "read", { ipAddress: "local" })).toBe("unreadable");
    // compared as bytes: toEqual walks 2 MB element by element (5-14 s, the test's timeout under load)
    const managed = await documentForReader(services, found, seller, "manage", { ipAddress: "local" });
    expect(managed instanceof Uint8Array && Buffer.compare(managed, unreadable.damaged)).toBe(0);
    const downloads = await t.db.select().from(documentEvents).where(and(eq(documentEvents.documentId, stored.id), eq(documentEvents.action, "download")));
    expect(downloads.map((d) => d.userId)).toEqual([seller.id]);
  });

  it("logs a document deleted twice at once as one delete, and the second is told there is no such document", async () => {
    const project = await publishedProject("Document deleted twice");
    const document = await addDocument(services, project, seller, { name: "notes.csv", type: "csv", bytes: new TextEncoder().encode("a,b\n1,2\n") }, "local");
    const remove = () => deleteDocument(services as never, { projectId: project.id, documentId: document.id, userId: seller.id, ipAddress: "local" });
    expect((await Promise.all([remove(), remove()])).sort()).toEqual([false, true]);
    const deletes = await t.db.select().from(documentEvents).where(and(eq(documentEvents.projectId, project.id), eq(documentEvents.action, "delete")));
    expect(deletes).toHaveLength(1);
  });

  it("tells documents apart by their bytes", () => {
    expect(detectDocumentType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(detectDocumentType(new TextEncoder().encode("loan,balance\n1,100\n"))).toBe("csv");
    expect(detectDocumentType(new TextEncoder().encode("just words"))).toBeNull();
    expect(detectDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectDocumentType(zip(["[Content_Types].xml", "xl/workbook.xml"]))).toBe("xlsx");
    expect(detectDocumentType(zip(["[Content_Types].xml", "word/document.xml"]))).toBe("docx");
    expect(detectDocumentType(zip(["readme.txt"]))).toBeNull();
  });
});

describe("negotiation and offers", () => {
  it("counts a seller's unread messages thread by thread: past their read marker, on their projects and where they are the buyer, each once", async () => {
    const me = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    // what each message starts after its answer (responsiveness, notices) ends before the next test
    const pending: Array<Promise<unknown>> = [];
    const mine = { ...services, waitUntil: (work: Promise<unknown>) => void pending.push(work) } as DealServices;
    const listing = async (name: string) =>
      (await t.db.insert(projects).values({ sellerId: me.id, kind: "insurance_loan", status: "published", projectName: name, publishedAt: new Date() }).returning())[0]!;
    const [first, second] = [await listing("First"), await listing("Second")];
    await postMessage(mine, first, buyer, buyer, "Is the tape current?");
    await postMessage(mine, first, buyer, buyer, "And the servicer?");
    await postMessage(mine, first, other, other, "Still open?");
    await postMessage(mine, second, buyer, buyer, "Any reps?");
    const unread = () => unreadMessageCount(t.db, me, "seller");
    expect(await unread()).toBe(4);
    // one thread read and answered: their own reply is not unread, the other threads still are
    await markThreadRead(t.db, { projectId: first.id, buyerId: buyer.id, userId: me.id, shownUpTo: (await threadMessages(t.db, { projectId: first.id, buyerId: buyer.id })).messages.at(-1)!.id });
    await postMessage(mine, first, buyer, me, "As of last month.");
    expect(await unread()).toBe(2);
    await postMessage(mine, first, buyer, buyer, "Thanks.");
    expect(await unread()).toBe(3);
    // where the seller is the buyer, on someone else's listing: that seller's answer counts, their question does not
    const elsewhere = await publishedProject("Someone else's pool");
    await postMessage(mine, elsewhere, me, me, "Could we see the tape?");
    await postMessage(mine, elsewhere, me, seller, "After the NDA.");
    expect(await unread()).toBe(4);
    // their inbox: the same threads, the latest message first, each with what is unread in it
    const inbox = await listThreads(t.db, me, "seller");
    expect(inbox.threads.map((r) => [r.projectName, r.buyerId, r.messages, r.unread])).toEqual([
      ["Someone else's pool", me.id, 2, 1],
      ["First", buyer.id, 4, 1],
      ["Second", buyer.id, 1, 1],
      ["First", other.id, 1, 1],
    ]);
    expect(inbox.older).toBe(false);
    await Promise.all(pending);
  });

  it("e-mails the other side of a thread at most MESSAGE_MAILS.limit times an hour; every message past that is still a notification", async () => {
    const pool = await publishedProject("Many letters");
    // a buyer of this test's own, whose unread counts no other test reads
    const writer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const sent = MESSAGE_MAILS.limit + 3;
    for (let i = 0; i < sent; i++) await postMessage(services, pool, writer, writer, `Message ${i}`);
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.recipient, seller.email), eq(outbox.subject, "New message: Many letters")));
    expect(mails).toHaveLength(MESSAGE_MAILS.limit);
    const notices = (await listNotifications(t.db, seller.id)).filter((n) => n.kind === "message" && n.message.includes("Many letters"));
    expect(notices).toHaveLength(sent);
    // the seller's answer is the buyer's own count: the buyer is mailed
    await postMessage(services, pool, writer, seller, "Thanks, noted.");
    expect(await t.db.select().from(outbox).where(and(eq(outbox.recipient, writer.email), eq(outbox.subject, "New message: Many letters")))).toHaveLength(1);
  });

  it("quotes a long message in its e-mail as an excerpt that says so, a short one whole", async () => {
    const pool = await publishedProject("Long letters");
    const long = `${"word ".repeat(199)}endx😀 and the rest of the message`;
    await postMessage(services, pool, buyer, buyer, long);
    await postMessage(services, pool, buyer, buyer, "Short one.");
    const mails = (await t.db.select().from(outbox).where(and(eq(outbox.recipient, seller.email), eq(outbox.subject, "New message: Long letters")))).map((m) => m.body);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain(`wrote:\n\n${"word ".repeat(199)}endx…\n\n(The message goes on: read all of it in the thread.)\n\nhttp`);
    expect(mails[0]).not.toContain("the rest of the message");
    expect(mails[1]).toContain("wrote:\n\nShort one.\n\nhttp");
  });

  it("keeps a seller's unread count as messages are written and deleted, markers move and a project changes hands", async () => {
    const [ann, bo] = [await makeUser(t.db, { roles: ["ROLE_SELLER"] }), await makeUser(t.db, { roles: ["ROLE_SELLER"] })];
    const pending: Array<Promise<unknown>> = [];
    const mine = { ...services, waitUntil: (work: Promise<unknown>) => void pending.push(work) } as DealServices;
    const [pool] = await t.db.insert(projects).values({ sellerId: ann.id, kind: "loan_pool", status: "published", projectName: "Handed over", publishedAt: new Date() }).returning();
    // a count worked out from the messages themselves, as it was before it was kept
    const recount = async (who: User) =>
      Number(
        (
          await t.client.execute({
            sql: `select count(*) as n from messages m join projects p on p.id = m.project_id where p.seller_id = ?1 and m.sender_id != ?1
              and m.id > coalesce((select last_read_id from thread_reads r where r.project_id = m.project_id and r.buyer_id = m.buyer_id and r.user_id = ?1), 0)`,
            args: [who.id],
          })
        ).rows[0]!.n,
      );
    const counts = async () => [await unreadMessageCount(t.db, ann, "seller"), await recount(ann), await unreadMessageCount(t.db, bo, "seller"), await recount(bo)];
    await postMessage(mine, pool!, buyer, buyer, "First question");
    const [second] = [await postMessage(mine, pool!, buyer, buyer, "Second question")];
    await postMessage(mine, pool!, other, other, "Another buyer");
    expect(await counts()).toEqual([3, 3, 0, 0]);
    // read up to the first message, then a question taken back: one of the three is gone either way
    await markThreadRead(t.db, { projectId: pool!.id, buyerId: buyer.id, userId: ann.id, shownUpTo: second!.id - 1 });
    expect(await counts()).toEqual([2, 2, 0, 0]);
    await t.db.delete(messages).where(eq(messages.id, second!.id));
    expect(await counts()).toEqual([1, 1, 0, 0]);
    // a marker never moves back, and the seller's own answer is not unread
    await markThreadRead(t.db, { projectId: pool!.id, buyerId: buyer.id, userId: ann.id, shownUpTo: 1 });
    await postMessage(mine, pool!, other, ann, "Answered");
    expect(await counts()).toEqual([0, 0, 0, 0]);
    await postMessage(mine, pool!, other, other, "Thanks");
    expect(await counts()).toEqual([1, 1, 0, 0]);
    // given to another seller: the threads are theirs to read, nothing read yet (the first seller's
    // answer too), and what the first seller left unread is no longer theirs to count
    await t.db.update(projects).set({ sellerId: bo.id }).where(eq(projects.id, pool!.id));
    expect(await counts()).toEqual([0, 0, 4, 4]);
    await postMessage(mine, pool!, buyer, buyer, "New owner?");
    expect(await counts()).toEqual([0, 0, 5, 5]);
    // and given back: the first seller's marker counts again, from where they left it
    await t.db.update(projects).set({ sellerId: ann.id }).where(eq(projects.id, pool!.id));
    expect(await counts()).toEqual([2, 2, 0, 0]);
    await Promise.all(pending);
  });

  it("keeps a buyer's and a broker's unread count as both sides write, they read, messages are deleted and a project changes hands", async () => {
    const [ann, bo] = [await makeUser(t.db, { roles: ["ROLE_SELLER"] }), await makeUser(t.db, { roles: ["ROLE_SELLER"] })];
    const [bea, bram] = [await makeUser(t.db, { roles: ["ROLE_BUYER"] }), await makeUser(t.db, { roles: ["ROLE_BROKER"] })];
    const pending: Array<Promise<unknown>> = [];
    const mine = { ...services, waitUntil: (work: Promise<unknown>) => void pending.push(work) } as DealServices;
    const listed = async (name: string) =>
      (await t.db.insert(projects).values({ sellerId: ann.id, kind: "loan_pool", status: "published", projectName: name, publishedAt: new Date() }).returning())[0]!;
    const [pool, offices, dropped] = [await listed("Pool"), await listed("Offices"), await listed("Withdrawn")];
    // a count worked out from the messages themselves, as it was before it was kept (decision 078)
    const recount = async (who: User) =>
      Number(
        (
          await t.client.execute({
            sql: `select count(*) as n from messages m join projects p on p.id = m.project_id where m.buyer_id = ?1 and m.sender_id != ?1
              and m.id > coalesce((select last_read_id from thread_reads r where r.project_id = m.project_id and r.buyer_id = m.buyer_id and r.user_id = ?1), 0)`,
            args: [who.id],
          })
        ).rows[0]!.n,
      );
    const sessions = new Map<number, string>();
    // the count on its own and as the session's look-up reads it, beside the recount, for each member
    const counts = async () => {
      const out: number[] = [];
      for (const [who, role] of [[bea, "buyer"], [bram, "broker"]] as const) {
        if (!sessions.has(who.id)) sessions.set(who.id, await startSession(t.db, who.id));
        const signedIn = (await userForSession(t.db, sessions.get(who.id)!))!;
        const kept = await unreadMessageCount(t.db, who, role);
        expect(inboxCountsLoadedWith(signedIn)?.unreadAsBuyer, `${role}'s session`).toBe(kept);
        out.push(kept, await recount(who));
      }
      return out;
    };
    const lastOf = async (project: Project, who: User) => (await threadMessages(t.db, { projectId: project.id, buyerId: who.id })).messages.at(-1)!.id;
    // their own questions are not unread; the seller's answers are
    await postMessage(mine, pool, bea, bea, "Is the tape current?");
    await postMessage(mine, pool, bram, bram, "For a client: is it still open?");
    expect(await counts()).toEqual([0, 0, 0, 0]);
    await postMessage(mine, pool, bea, ann, "As of last month.");
    const taken = await postMessage(mine, pool, bea, ann, "And the servicer is new.");
    await postMessage(mine, pool, bram, ann, "It is.");
    expect(await counts()).toEqual([2, 2, 1, 1]);
    // a thread the seller starts: the buyer never opened it, and it counts
    await postMessage(mine, offices, bea, ann, "You looked at the offices: any questions?");
    expect(await counts()).toEqual([3, 3, 1, 1]);
    // read up to the first answer, then the second taken back; a marker never moves back
    await markThreadRead(t.db, { projectId: pool.id, buyerId: bea.id, userId: bea.id, shownUpTo: taken.id - 1 });
    expect(await counts()).toEqual([2, 2, 1, 1]);
    await t.db.delete(messages).where(eq(messages.id, taken.id));
    expect(await counts()).toEqual([1, 1, 1, 1]);
    await markThreadRead(t.db, { projectId: offices.id, buyerId: bea.id, userId: bea.id, shownUpTo: await lastOf(offices, bea) });
    await markThreadRead(t.db, { projectId: offices.id, buyerId: bea.id, userId: bea.id, shownUpTo: 1 });
    expect(await counts()).toEqual([0, 0, 1, 1]);
    // the broker answers, which reads their thread; an admin joining counts for them
    await postMessage(mine, pool, bram, bram, "Thanks.");
    await postMessage(mine, pool, bram, admin, "The data room is open.");
    expect(await counts()).toEqual([0, 0, 1, 1]);
    // given to another seller: the threads are as the buyers left them, the new seller's answers count
    await t.db.update(projects).set({ sellerId: bo.id }).where(eq(projects.id, pool.id));
    expect(await counts()).toEqual([0, 0, 1, 1]);
    await postMessage(mine, pool, bea, bo, "I look after this pool now.");
    await postMessage(mine, pool, bram, bo, "Likewise.");
    expect(await counts()).toEqual([1, 1, 2, 2]);
    // a project deleted takes its threads and their markers with it
    await postMessage(mine, dropped, bea, ann, "Withdrawn soon.");
    await postMessage(mine, dropped, bram, ann, "Withdrawn soon.");
    expect(await counts()).toEqual([2, 2, 3, 3]);
    await t.db.delete(projects).where(eq(projects.id, dropped.id));
    expect(await counts()).toEqual([1, 1, 2, 2]);
    await Promise.all(pending);
  });

  it("lists a seller's inbox latest first as messages are written and deleted and a project changes hands, 25 threads a page", async () => {
    const [ann, bo] = [await makeUser(t.db, { roles: ["ROLE_SELLER"] }), await makeUser(t.db, { roles: ["ROLE_SELLER"] })];
    const pending: Array<Promise<unknown>> = [];
    const mine = { ...services, waitUntil: (work: Promise<unknown>) => void pending.push(work) } as DealServices;
    const listed = async (name: string) =>
      (await t.db.insert(projects).values({ sellerId: ann.id, kind: "loan_pool", status: "published", projectName: name, publishedAt: new Date() }).returning())[0]!;
    const [kept, handed] = [await listed("Kept"), await listed("Handed")];
    const inboxOf = async (who: User, page = 1) => (await listThreads(t.db, who, "seller", { page })).threads.map((r) => [r.projectName, r.buyerId, r.messages]);
    await postMessage(mine, kept, buyer, buyer, "A first");
    await postMessage(mine, kept, other, other, "B first");
    await postMessage(mine, handed, buyer, buyer, "C first");
    expect(await inboxOf(ann)).toEqual([["Handed", buyer.id, 1], ["Kept", other.id, 1], ["Kept", buyer.id, 1]]);
    // an answer brings a thread to the top; taken back, the thread is where its last message puts it
    const answer = await postMessage(mine, kept, buyer, ann, "A answered");
    expect(await inboxOf(ann)).toEqual([["Kept", buyer.id, 2], ["Handed", buyer.id, 1], ["Kept", other.id, 1]]);
    await t.db.delete(messages).where(eq(messages.id, answer!.id));
    expect(await inboxOf(ann)).toEqual([["Handed", buyer.id, 1], ["Kept", other.id, 1], ["Kept", buyer.id, 1]]);
    // given to another seller: the thread is in their inbox, no longer in the first seller's
    await t.db.update(projects).set({ sellerId: bo.id }).where(eq(projects.id, handed.id));
    expect(await inboxOf(ann)).toEqual([["Kept", other.id, 1], ["Kept", buyer.id, 1]]);
    expect(await inboxOf(bo)).toEqual([["Handed", buyer.id, 1]]);
    // 27 threads: the 25 latest, then the 2 before them, none twice
    const askers = await Promise.all(Array.from({ length: 25 }, () => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    for (const asker of askers) await postMessage(mine, kept, asker, asker, "Another question");
    const [first, second] = [await listThreads(t.db, ann, "seller"), await listThreads(t.db, ann, "seller", { page: 2 })];
    expect(first.threads.map((r) => r.buyerId)).toEqual(askers.map((a) => a.id).reverse());
    expect([first.older, second.older]).toEqual([true, false]);
    expect(second.threads.map((r) => r.buyerId)).toEqual([other.id, buyer.id]);
    await Promise.all(pending);
  });

  it("migration 0058 gives every thread's seller a marker and every marker its unread count", async () => {
    const old = await databaseBefore("0058");
    const { run } = old;
    try {
      await run("insert into users (id, email, name, password_hash, roles) values (1, 's@x.example', 'S', 'x', '[]'), (2, 'b@x.example', 'B', 'x', '[]'), (3, 'c@x.example', 'C', 'x', '[]')");
      await run("insert into projects (id, seller_id, kind, status, created_at, updated_at) values (1, 1, 'loan_pool', 'published', 0, 0)");
      // two threads: the seller read the first up to its second message and answered; never opened the second
      await run("insert into messages (id, project_id, buyer_id, sender_id, body) values (1, 1, 2, 2, 'a'), (2, 1, 2, 2, 'b'), (3, 1, 2, 1, 'c'), (4, 1, 2, 2, 'd'), (5, 1, 3, 3, 'e'), (6, 1, 3, 3, 'f')");
      await run("insert into thread_reads (project_id, buyer_id, user_id, last_read_id) values (1, 2, 1, 2), (1, 2, 2, 4)");
      await old.upgrade();
      // and 0065 each marker its thread's latest message, 0069 the thread's buyer a marker where they had none
      const rows = (await run("select buyer_id, user_id, last_read_id, unread, last_message_id from thread_reads order by buyer_id, user_id")).rows.map((r) => Object.values(r));
      expect(rows).toEqual([
        [2, 1, 2, 1, 4],
        [2, 2, 4, 0, 4],
        [3, 1, 0, 2, 6],
        [3, 3, 0, 0, 6],
      ]);
    } finally {
      old.cleanup();
    }
  });

  it("migration 0069 gives every thread's buyer a marker where they had none, with its unread count and latest message", async () => {
    const old = await databaseBefore("0069");
    const { run } = old;
    try {
      await run(
        "insert into users (id, email, name, password_hash, roles) values (1, 's@x.example', 'S', 'x', '[]'), (2, 'b@x.example', 'B', 'x', '[]'), (3, 'c@x.example', 'C', 'x', '[]'), (4, 'd@x.example', 'D', 'x', '[]')",
      );
      await run("insert into projects (id, seller_id, kind, status, created_at, updated_at) values (1, 1, 'loan_pool', 'published', 0, 0)");
      // three threads (the seller's markers made as they were written): the first buyer read theirs up
      // to the seller's first answer; the second asked and was answered twice, never opening it since;
      // the third never wrote, the seller did
      await run(
        "insert into messages (id, project_id, buyer_id, sender_id, body) values (1, 1, 2, 2, 'a'), (2, 1, 2, 1, 'b'), (3, 1, 2, 2, 'c'), (4, 1, 2, 1, 'd'), (5, 1, 3, 3, 'e'), (6, 1, 3, 1, 'f'), (7, 1, 3, 1, 'g'), (8, 1, 4, 1, 'h')",
      );
      await run("insert into thread_reads (project_id, buyer_id, user_id, last_read_id) values (1, 2, 2, 2)");
      await old.upgrade();
      const rows = (await run("select buyer_id, user_id, last_read_id, unread, last_message_id from thread_reads order by buyer_id, user_id")).rows.map((r) => Object.values(r));
      expect(rows).toEqual([
        [2, 1, 0, 2, 4],
        [2, 2, 2, 1, 4],
        [3, 1, 0, 1, 7],
        [3, 3, 0, 2, 7],
        [4, 1, 0, 0, 8],
        [4, 4, 0, 1, 8],
      ]);
      // and a thread begun after it gives its buyer a marker too
      await run("insert into messages (id, project_id, buyer_id, sender_id, body) values (9, 1, 1, 1, 'i')");
      await run("insert into users (id, email, name, password_hash, roles) values (5, 'e@x.example', 'E', 'x', '[]')");
      await run("insert into messages (id, project_id, buyer_id, sender_id, body) values (10, 1, 5, 1, 'j'), (11, 1, 5, 5, 'k'), (12, 1, 5, 1, 'l')");
      const after = (await run("select buyer_id, user_id, last_read_id, unread, last_message_id from thread_reads where buyer_id in (1, 5) order by buyer_id, user_id")).rows.map((r) =>
        Object.values(r),
      );
      expect(after).toEqual([
        [1, 1, 0, 0, 9],
        [5, 1, 0, 1, 12],
        [5, 5, 0, 2, 12],
      ]);
    } finally {
      old.cleanup();
    }
  });

  it("pages the inbox 25 threads at a time, the latest first, for a buyer and for an admin", async () => {
    const asker = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const pending: Array<Promise<unknown>> = [];
    const mine = { ...services, waitUntil: (work: Promise<unknown>) => void pending.push(work) } as DealServices;
    const names = Array.from({ length: 27 }, (_, i) => `Paged ${String(i + 1).padStart(2, "0")}`);
    for (const name of names) await postMessage(mine, await publishedProject(name), asker, asker, `About ${name}?`);
    await Promise.all(pending);
    const first = await listThreads(t.db, asker, "buyer");
    expect(first.threads.map((r) => r.projectName)).toEqual(names.slice(2).reverse());
    expect(first.older).toBe(true);
    const second = await listThreads(t.db, asker, "buyer", { page: 2 });
    expect(second.threads.map((r) => r.projectName)).toEqual(["Paged 02", "Paged 01"]);
    expect(second.older).toBe(false);
    // an admin reads every thread of the market: these are the newest
    const admins = await listThreads(t.db, admin, "admin");
    expect(admins.threads.map((r) => r.projectName)).toEqual(names.slice(2).reverse());
    expect(admins.threads[0]).toMatchObject({ buyerId: asker.id, messages: 1, unread: 1 });
    expect(admins.older).toBe(true);
  });

  it("pages a long thread 50 at a time, the latest first, each page oldest first, without overlap or gap", async () => {
    const project = await publishedProject("A long negotiation");
    const [reader, rival] = [await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Lou Long", company: "Long Credit" }), await makeUser(t.db, { roles: ["ROLE_BUYER"] })];
    // two threads written at once, so that their ids interleave: a page must keep to its own thread
    const rows = Array.from({ length: 240 }, (_, i) => {
      const asker = i % 2 ? rival : reader;
      return { projectId: project.id, buyerId: asker.id, senderId: i % 4 < 2 ? asker.id : seller.id, body: `Message ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000) };
    });
    await insertMany(t.db, messages, rows);
    const thread = { projectId: project.id, buyerId: reader.id };
    const all = await t.db.select({ id: messages.id, body: messages.body }).from(messages).where(and(eq(messages.projectId, project.id), eq(messages.buyerId, reader.id))).orderBy(messages.id);
    expect(all).toHaveLength(120);

    const latest = await threadMessages(t.db, thread);
    expect(latest.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(latest.messages.map((m) => m.id)).toEqual(all.slice(-50).map((m) => m.id));
    expect(latest.messages.at(-1)!.body).toBe("Message 238");
    expect(latest.messages[0]).toMatchObject({ senderId: reader.id, senderName: "Lou Long", senderCompany: "Long Credit" });
    expect(latest.earlier).toBe(latest.messages[0]!.id);

    const previous = await threadMessages(t.db, { ...thread, before: latest.earlier! });
    expect(previous.messages.map((m) => m.id)).toEqual(all.slice(-100, -50).map((m) => m.id));
    const first = await threadMessages(t.db, { ...thread, before: previous.earlier! });
    expect(first.messages.map((m) => m.id)).toEqual(all.slice(0, 20).map((m) => m.id));
    expect(first.earlier).toBeNull();
    // the three pages, read back to the start, are the whole thread once
    expect([...first.messages, ...previous.messages, ...latest.messages].map((m) => m.body)).toEqual(all.map((m) => m.body));

    // a `before` taken from the other thread shows this thread's messages before it, none of the other's
    const othersLast = (await threadMessages(t.db, { projectId: project.id, buyerId: rival.id })).messages.at(-1)!;
    expect(othersLast.body).toBe("Message 239");
    const fromElsewhere = await threadMessages(t.db, { ...thread, before: othersLast.id });
    expect(fromElsewhere.messages.map((m) => m.id)).toEqual(latest.messages.map((m) => m.id));
    const older = await threadMessages(t.db, { ...thread, before: all[0]!.id });
    expect(older).toEqual({ messages: [], earlier: null });
    // and a thread of a few messages is one page
    const short = await publishedProject("A short negotiation");
    await postMessage(services, short, reader, reader, "Is the tape current?");
    expect(await threadMessages(t.db, { projectId: short.id, buyerId: reader.id })).toMatchObject({ messages: [{ body: "Is the tape current?" }], earlier: null });
  });

  it("counts unread messages for the other side and marks them read", async () => {
    const project = await publishedProject("Thread project");
    await postMessage(services, project, buyer, buyer, "Is the tape current?");
    expect(await unreadMessageCount(t.db, seller, "seller")).toBeGreaterThanOrEqual(1);
    expect(await unreadMessageCount(t.db, buyer, "buyer")).toBe(0);
    const onProject = <T extends { projectId: number }>({ threads }: { threads: T[] }) => threads.filter((r) => r.projectId === project.id);
    const threads = onProject(await listThreads(t.db, seller, "seller"));
    expect(threads).toHaveLength(1);
    expect(threads[0]!.unread).toBe(1);
    expect(onProject(await listThreads(t.db, other, "buyer"))).toHaveLength(0);
    expect(onProject(await listThreads(t.db, admin, "admin"))).toHaveLength(1);
    // the project's desk: the seller's threads as the seller reads them, and as an admin does
    const desk = await projectThreads(t.db, { projectId: project.id, reader: "seller" });
    expect(desk.rows.map((r) => [r.buyerId, r.messages, r.unread])).toEqual([[buyer.id, 1, 1]]);
    expect(desk.total).toBe(1);
    expect((await projectThreads(t.db, { projectId: project.id, reader: admin.id })).rows.map((r) => r.unread)).toEqual([1]);
    // the seller's reply is the buyer's to read, and no other buyer's
    const before = await unreadMessageCount(t.db, other, "buyer");
    await postMessage(services, project, buyer, seller, "It is, as of last month.");
    expect(await unreadMessageCount(t.db, buyer, "buyer")).toBe(1);
    expect(await unreadMessageCount(t.db, other, "buyer")).toBe(before);
    // the header's counts come with the session's own query, and agree with the counts on their own
    const sessionId = await startSession(t.db, buyer.id);
    const signedIn = (await userForSession(t.db, sessionId))!;
    expect(inboxCountsLoadedWith(signedIn)).toEqual({
      unreadAsBuyer: 1,
      unreadNotices: await unreadNotificationCount(t.db, buyer.id),
    });
    expect((await siteShellFor(t.db, signedIn)).inbox).toBeGreaterThanOrEqual(1);
    await markThreadRead(t.db, { projectId: project.id, buyerId: buyer.id, userId: buyer.id, shownUpTo: (await threadMessages(t.db, { projectId: project.id, buyerId: buyer.id })).messages.at(-1)!.id });
    expect(await unreadMessageCount(t.db, buyer, "buyer")).toBe(0);
    // a page drawn before the last message was read does not bring it back
    await markThreadRead(t.db, { projectId: project.id, buyerId: buyer.id, userId: buyer.id, shownUpTo: 1 });
    expect(await unreadMessageCount(t.db, buyer, "buyer")).toBe(0);
    expect(inboxCountsLoadedWith((await userForSession(t.db, sessionId))!)?.unreadAsBuyer).toBe(0);
  });

  it("counts in the header of a member who buys and sells the messages on their listings as well as on their deals", async () => {
    const both = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    const [theirs] = await t.db.insert(projects).values({ sellerId: both.id, kind: "insurance_loan", status: "published", projectName: "Crossroads policy loans", publishedAt: new Date() }).returning();
    const bought = await publishedProject("Prairie notes bought by a seller");
    await postMessage(services, theirs!, buyer, buyer, "Is the pool still open?");
    await postMessage(services, bought, both, seller, "Welcome to the data room.");
    // the notices read (Mark all as read): the header counts the threads, the inbox's two sides
    await markNotificationsRead(t.db, both.id);
    const signedIn = (await userForSession(t.db, await startSession(t.db, both.id)))!;
    expect((await siteShellFor(t.db, signedIn)).inbox).toBe(2);
    expect((await listThreads(t.db, both, "seller")).threads.map((th) => th.unread)).toEqual([1, 1]);
  });

  it("moves an offer only on the side whose turn it is, and accepting puts the project under offer", async () => {
    const project = await publishedProject("Offer project");
    const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
    const offer = await submitOffer(services, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    expect(await submitOffer(services, parties, { ...terms, price: terms.price + 1 })).toBe("open-offer-exists");
    expect(await actOnOffer(services, parties, offer, buyer, "buyer", "accepted")).toBe("not-your-turn");
    const countered = await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: { ...terms, price: 13_000_000 }, note: "floor" });
    if (typeof countered === "string") throw new Error(countered);
    expect(countered.revision).toBe(2);
    expect(countered.price).toBe(13_000_000);
    // the stale copy of the offer no longer moves anything
    expect(await actOnOffer(services, parties, offer, seller, "seller", "accepted")).toBe("not-your-turn");
    const accepted = await actOnOffer(services, parties, countered, buyer, "buyer", "accepted");
    if (typeof accepted === "string") throw new Error(accepted);
    expect(accepted.status).toBe("accepted");
    const [after] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.status).toBe("under_offer");
    expect(await actOnOffer(services, parties, accepted, buyer, "buyer", "withdrawn")).toBe("not-open");
    expect(await countedDeals(t.db, project.id)).toEqual({ ndas: 0, negotiations: 0, bids: 1, lastUpdateBuyer: null });
    // read with the seller's projects table (my projects), the same counts
    const { rows } = await listSellerProjectPage(t.db, project.sellerId, { pageSize: 100 });
    expect(rows.find((r) => r.id === project.id)).toMatchObject({ ndas: 0, negotiations: 0, bids: 1, lastUpdateBuyer: null });
  });

  it("refuses to accept or counter an offer past its expiry date", async () => {
    const project = await publishedProject("Expiring offer project");
    const parties = { project, buyer: other, sellerCompany: "First Prairie Bank" };
    const offer = await submitOffer(services, parties, { ...terms, expiresOn: "2026-01-01" });
    if (typeof offer === "string") throw new Error(offer);
    expect(await actOnOffer(services, parties, offer, seller, "seller", "accepted")).toBe("expired");
    const [view] = (await projectOffersPage(t.db, { projectId: project.id })).rows;
    expect(view!.expired).toBe(true);
    expect((await offersOnProject(t.db, { projectId: project.id, buyerId: other.id }))[0]!.expired).toBe(true);
    const withdrawn = await actOnOffer(services, parties, offer, other, "buyer", "withdrawn");
    expect(typeof withdrawn === "string" ? withdrawn : withdrawn.status).toBe("withdrawn");
  });

  it("takes one offer from a letter of intent sent twice at once, and answers the second with it", async () => {
    const project = await publishedProject("Offer sent twice");
    const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
    const outcomes = await Promise.all([submitOffer(services, parties, terms), submitOffer(services, parties, terms)]);
    // whichever wrote first, whether or not its letter was stored when the second looked: one offer, both answered with it
    const [made] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
    expect(await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id })).toHaveLength(1);
    expect(outcomes.map((o) => (typeof o === "string" ? o : o.id))).toEqual([made!.offer.id, made!.offer.id]);
    expect(outcomes.filter((o) => typeof o !== "string" && "repeated" in o)).toHaveLength(1);
    expect(made!.events.map((e) => e.event.action)).toEqual(["submitted"]);
  });

  it("keeps no offer when its letter cannot be stored, so the buyer can send it again", async () => {
    const project = await publishedProject("Offer whose letter is lost");
    const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
    const failing = { ...services, files: { ...services.files, put: () => Promise.reject(new Error("storage is down")) } };
    await expect(submitOffer(failing, parties, terms)).rejects.toThrow("storage is down");
    expect(await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id })).toEqual([]);
    const offer = await submitOffer(services, parties, terms);
    expect(typeof offer === "string" ? offer : offer.status).toBe("submitted");
  });

  it("accepts one of two offers the seller accepts at once; the other is refused as the project is no longer open", async () => {
    const project = await publishedProject("Two offers accepted at once");
    const first = { project, buyer, sellerCompany: "First Prairie Bank" };
    const second = { project, buyer: other, sellerCompany: "First Prairie Bank" };
    const offers = [await submitOffer(services, first, terms), await submitOffer(services, second, terms)];
    if (offers.some((o) => typeof o === "string")) throw new Error("not submitted");
    const outcomes = await Promise.all(
      [first, second].map((parties, i) => actOnOffer(services, parties, offers[i] as Exclude<(typeof offers)[number], string>, seller, "seller", "accepted")),
    );
    expect(outcomes.filter((o) => typeof o !== "string")).toHaveLength(1);
    expect(outcomes).toContain("project-closed");
    const accepted = (await projectOffersPage(t.db, { projectId: project.id })).rows.filter((r) => r.offer.status === "accepted");
    expect(accepted).toHaveLength(1);
  });

  it("keeps the letter of the counter-offer that won when two are sent at once: the stored PDF is the one the offer's hash names", async () => {
    const project = await publishedProject("Countered twice at once");
    const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
    const offer = await submitOffer(services, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    const counter = (price: number) => actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: { ...terms, price } });
    const outcomes = await Promise.all([counter(13_000_000), counter(14_000_000)]);
    const won = outcomes.find((o) => typeof o !== "string");
    if (!won || typeof won === "string") throw new Error("no counter-offer went through");
    expect(outcomes).toContain("not-your-turn");
    const letter = await services.files.get(won.pdfKey);
    expect(await sha256Hex(letter!)).toBe(won.pdfSha256);
  });

  it("counters no offer on a project buyers can no longer see (withdrawn or sold), and writes no letter; rejecting it still closes it", async () => {
    for (const status of ["withdrawn", "sold"] as const) {
      const project = await publishedProject(`Countered after it was ${status}`);
      const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
      const offer = await submitOffer(services, parties, terms);
      if (typeof offer === "string") throw new Error(offer);
      const [closed] = await t.db.update(projects).set({ status }).where(eq(projects.id, project.id)).returning();
      const closedParties = { ...parties, project: closed! };
      // a seller's old tab: the counter form is still on the page
      expect(await actOnOffer(services, closedParties, offer, seller, "seller", "countered", { terms: { ...terms, price: 13_000_000 } })).toBe("project-closed");
      const [view] = await offersOnProject(t.db, { projectId: project.id, buyerId: buyer.id });
      expect(view!.offer).toMatchObject({ status: "submitted", revision: 1, price: terms.price });
      expect(view!.events.map((e) => e.event.action)).toEqual(["submitted"]);
      expect(fs.readdirSync(path.join(dir, "projects", String(project.id), "offers"))).toHaveLength(1);
      const rejected = await actOnOffer(services, closedParties, offer, seller, "seller", "rejected");
      expect(typeof rejected === "string" ? rejected : rejected.status).toBe("rejected");
    }
  });

  it("accepts no offer, and takes none, on a listing withdrawn after the request read it (the seller withdrew it in another tab at that moment)", async () => {
    const project = await publishedProject("Withdrawn while an offer was accepted");
    const parties = { project, buyer, sellerCompany: "First Prairie Bank" };
    const offer = await submitOffer(services, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    const countered = await actOnOffer(services, parties, offer, seller, "seller", "countered", { terms: { ...terms, price: 13_000_000 } });
    if (typeof countered === "string") throw new Error(countered);
    // both requests read the project while it was published; the withdrawal lands before their writes
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, project.id));
    expect(await actOnOffer(services, parties, countered, buyer, "buyer", "accepted")).toBe("project-closed");
    expect(await submitOffer(services, { project, buyer: other, sellerCompany: "First Prairie Bank" }, terms)).toBe("project-closed");
    const rows = (await projectOffersPage(t.db, { projectId: project.id })).rows;
    expect(rows.map((r) => [r.offer.buyerId, r.offer.status])).toEqual([[buyer.id, "countered"]]);
    const [after] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.status).toBe("withdrawn");
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, seller.id), eq(notifications.kind, "offer_accepted"), eq(notifications.link, `/sellers/myprojects/${project.id}`)))).toEqual([]);
  });

  it("knows whose move it is", () => {
    expect(canMove("seller", "countered", "submitted")).toBe(true);
    expect(canMove("seller", "countered", "countered")).toBe(false);
    expect(canMove("buyer", "revised", "countered")).toBe(true);
    expect(canMove("buyer", "withdrawn", "submitted")).toBe(true);
    expect(canMove("seller", "withdrawn", "submitted")).toBe(false);
  });
});

describe("pipeline and feedback", () => {
  it("places each buyer at the furthest stage, passing last", async () => {
    const project = await publishedProject("Pipeline project");
    const contract = await requestNda(services, project, buyer);
    await signNda(services, contract, project, buyer, { signerName: "Bea Buyer", ipAddress: "local", userAgent: "" });
    let [entry] = await pipeline(t.db, { projectId: project.id });
    expect(entry!.stage).toBe("nda_signed");
    await savePass(services, project, buyer, { reasons: ["Transaction too small"], comment: "" });
    [entry] = await pipeline(t.db, { projectId: project.id });
    expect(entry!.stage).toBe("passed");
    // each side is named, whichever side the pipeline is read from
    expect(entry).toMatchObject({ projectName: "Pipeline project", projectStatus: "published", buyerName: buyer.name, buyerCompany: buyer.company });
    const mine = (await pipeline(t.db, { buyerId: buyer.id })).find((e) => e.projectId === project.id);
    expect(mine).toMatchObject({ projectName: "Pipeline project", buyerName: buyer.name, stage: "passed" });
    // an admin's look is not a buyer's interest
    await t.db.insert(recentlyViewed).values({ userId: admin.id, projectId: project.id, viewedAt: new Date() });
    expect((await pipeline(t.db, { projectId: project.id })).map((e) => e.buyerId)).toEqual([buyer.id]);
    expect(stageOf({ viewed: 1, negotiating: 3 })).toBe("negotiating");
  });

  it("tells the seller of a pass by the desk's pseudonym until the buyer signed the NDA", async () => {
    const project = await publishedProject("Passed before the NDA");
    const stranger = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: "Quiet Quinn", company: "Hidden Fund" });
    await savePass(services, project, stranger, { reasons: ["Transaction too small"], comment: "" });
    const [notice] = await listNotifications(t.db, seller.id);
    expect(notice).toMatchObject({ kind: "feedback", link: `/sellers/myprojects/${project.id}` });
    expect(notice!.message).not.toContain("Quiet Quinn");
    expect(notice!.message).not.toContain("Hidden Fund");
    expect(notice!.message).toContain(await buyerPseudonym("deal-secret", { projectId: project.id, buyerId: stranger.id }));
    const mail = (await listOutbox(t.db)).rows.find((m) => m.recipient === seller.email && m.subject === "Feedback on Passed before the NDA")!;
    expect(mail.body).not.toContain("Quiet Quinn");
    expect(mail.body).not.toContain("Hidden Fund");
    // once signed, the desk names the buyer, and so does the notice
    const signedProject = await publishedProject("Passed after the NDA");
    const contract = await requestNda(services, signedProject, stranger);
    await signNda(services, contract, signedProject, stranger, { signerName: "Quiet Quinn", ipAddress: "local", userAgent: "" });
    await savePass(services, signedProject, stranger, { reasons: ["Transaction too small"], comment: "" });
    expect((await listNotifications(t.db, seller.id))[0]!.message).toContain("Quiet Quinn (Hidden Fund) passed on Passed after the NDA");
  });

  it("takes no pass from a buyer whose offer was accepted or is still open, and tells the seller nothing", async () => {
    const project = await publishedProject("Passed after an offer");
    const parties = { project, buyer: other, sellerCompany: "First Prairie Bank" };
    const offer = await submitOffer(services, parties, terms);
    if (typeof offer === "string") throw new Error(offer);
    const pass = { reasons: ["Transaction too small"], comment: "" };
    const heard = async () =>
      (await t.db.select().from(notifications).where(and(eq(notifications.userId, seller.id), eq(notifications.kind, "feedback")))).filter((n) => n.message.includes("Passed after an offer")).length;
    expect(await savePass(services, project, other, pass)).toBe("offer-open");
    const accepted = await actOnOffer(services, parties, offer, seller, "seller", "accepted");
    if (typeof accepted === "string") throw new Error(accepted);
    // the link in the NDA's approval e-mail still works, and an old tab still has the form
    const [underOffer] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(await savePass(services, underOffer!, other, pass)).toBe("offer-accepted");
    expect(await findPass(t.db, { projectId: project.id, buyerId: other.id })).toBeNull();
    expect(await heard()).toBe(0);
    const [entry] = await pipeline(t.db, { projectId: project.id });
    expect(entry!.stage).toBe("offered");
    // another buyer, whose offer is not the accepted one, may still pass
    const third = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    expect(await savePass(services, underOffer!, third, pass)).toBeUndefined();
    expect(await heard()).toBe(1);
  });

  it("tells the seller once of a pass sent twice at once (a double click)", async () => {
    const project = await publishedProject("Passed with a double click");
    const clicker = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const pass = { reasons: ["Transaction too small"], comment: "" };
    await Promise.all([savePass(services, project, clicker, pass), savePass(services, project, clicker, pass)]);
    const told = (await t.db.select().from(notifications).where(and(eq(notifications.userId, seller.id), eq(notifications.kind, "feedback")))).filter((n) =>
      n.message.includes("Passed with a double click"),
    );
    expect(told).toHaveLength(1);
    expect((await listOutbox(t.db)).rows.filter((m) => m.subject === "Feedback on Passed with a double click")).toHaveLength(1);
    // giving it again later replaces it, and tells no one
    await savePass(services, project, clicker, { reasons: ["Other"], comment: "changed our mind" });
    expect(await findPass(t.db, { projectId: project.id, buyerId: clicker.id })).toMatchObject({ reasons: ["Other"], comment: "changed our mind" });
    expect((await listOutbox(t.db)).rows.filter((m) => m.subject === "Feedback on Passed with a double click")).toHaveLength(1);
  });

  it("signs feedback links for one buyer and project, refusing tampered and expired ones", async () => {
    const now = Date.UTC(2026, 10, 22);
    const token = await feedbackToken("secret", 7, 42, now);
    expect(await readFeedbackToken("secret", token, now)).toEqual({ projectId: 7, buyerId: 42 });
    expect(await readFeedbackToken("other secret", token, now)).toBeNull();
    const [claim, mac] = token.split(".");
    const forged = `${Buffer.from("7.43.9999999999").toString("base64url")}.${mac}`;
    expect(await readFeedbackToken("secret", forged, now)).toBeNull();
    expect(await readFeedbackToken("secret", `${claim}.${mac}x`, now)).toBeNull();
    expect(await readFeedbackToken("secret", token, now + 31 * 86_400_000)).toBeNull();
  });
});

/** A stored ZIP with the given entry names (Office files are ZIPs; only the directory matters here). */
function zip(names: string[]) {
  const parts: number[] = [0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0)];
  for (const name of names) {
    const header = new Array(46).fill(0);
    header.splice(0, 4, 0x50, 0x4b, 0x01, 0x02);
    header[28] = name.length & 0xff;
    header[29] = name.length >> 8;
    parts.push(...header, ...new TextEncoder().encode(name));
  }
  return new Uint8Array(parts);
}
