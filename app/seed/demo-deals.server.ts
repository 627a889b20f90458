import { and, eq, inArray, isNull, like, not, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { insertMany, upsertMany } from "~/.server/db/bulk";
import {
  contracts,
  customers,
  documentEvents,
  documents,
  feedback,
  messages,
  notifications,
  offerEvents,
  offers,
  pageSessions,
  projects,
  recentlyViewed,
  threadReads,
  users,
} from "~/.server/db/schema";
import { sha256Hex } from "~/.server/crypto";
import { signedNdaPdf } from "~/.server/documents/audit-page";
import { Flow, embedFonts } from "~/.server/documents/layout";
import { pdfLib } from "~/.server/documents/pdf-lib";
import { loiPdf } from "~/.server/documents/loi";
import { defaultNdaPdf } from "~/.server/documents/nda";
import type { FileStore } from "~/.server/files/store";
import { hashPassword } from "~/.server/password";
import { DOCUMENT_CONTENT_TYPES } from "~/lib/deal";
import { recordAudit } from "~/models/audit.server";
import { planDeals, type DealMember, type DealPlan, type DealProject } from "~/seed/demo-deals";
import { random } from "~/seed/demo-market";
import { DEMO_PASSWORD } from "~/seed/factories";

/** The demo seller whose page shows an offer under negotiation on first run (README). */
export const FOCUS_SELLER = "seller@demo.test";
/**
 * Projects the browser tests drive through the deal flow themselves (the demo buyer's
 * first NDA on project 7, the seller's project 1 ...): the demo deals stay off them.
 */
const TESTED_PROJECTS = 12;

/**
 * The demo market's deals (demo-deals.ts decides them): a member for each generated
 * buyer company, then NDAs with their PDFs, data rooms, threads, offers with their
 * letters, notifications and page sessions, written in bulk with the times they
 * happened. Runs once, on a market without a single NDA; answers whether it did.
 */
export async function seedDealsIfEmpty(db: Database, files: FileStore, now = Date.now()) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(contracts);
  if ((row?.n ?? 0) > 0) return false;
  const members = await buyerMembers(db);
  const candidates = await db
    .select({ id: projects.id, name: projects.projectName, status: projects.status, sellerId: projects.sellerId, size: projects.size, sellerName: users.name, sellerEmail: users.email, sellerCompany: users.company })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.sellerId))
    .where(and(inArray(projects.status, ["published", "under_offer", "sold"]), sql`${projects.id} > ${TESTED_PROJECTS}`))
    .orderBy(projects.id);
  if (!members.length || !candidates.length) return false;
  const focus = candidates.filter((p) => p.sellerEmail === FOCUS_SELLER && p.status === "published").slice(0, 2).map((p) => p.id);
  const r = random(77);
  const chosen: DealProject[] = candidates.filter((p) => focus.includes(p.id) || r.next() < 0.35).map((p) => ({ ...p, size: p.size ?? 1_000_000 }));
  const plan = planDeals({ projects: chosen, members, now, focus });
  await storeDeals(db, files, plan, chosen, members);
  return true;
}

/** One member for each generated buyer company that has none, signing in with the demo password. */
async function buyerMembers(db: Database): Promise<DealMember[]> {
  const companies = await db
    .select({ id: customers.id, name: customers.name, contact: customers.contactPerson, email: customers.attentionEmail, businessType: customers.businessType, phone: customers.attentionPhone })
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(and(eq(customers.customerType, "buyer"), isNull(users.id), not(like(customers.attentionEmail, "%@demo.test"))))
    .orderBy(customers.id);
  if (companies.length) {
    // one hash for all: hashing is made slow on purpose, and these are demo accounts
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await insertMany(
      db,
      users,
      companies.map((c) => ({
        email: c.email.toLowerCase(),
        name: c.contact || `${c.name} desk`,
        company: c.name,
        phone: c.phone,
        businessType: c.businessType,
        customerId: c.id,
        passwordHash,
        roles: ["ROLE_BUYER"],
        createdAt: new Date(Date.now() - 120 * 86_400_000),
      })),
      { ignoreConflicts: true },
    );
  }
  return db
    .select({ id: users.id, name: users.name, email: users.email, company: users.company })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(customers.customerType, "buyer"), not(like(users.email, "%@demo.test"))))
    .orderBy(users.id);
}

async function memorandumPdf(project: DealProject) {
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Information memorandum - ${project.name}`);
  const flow = new Flow(doc, await embedFonts(doc));
  flow.text("Information memorandum", { bold: true, size: 16, after: 4 });
  flow.text(project.name, { after: 14 });
  flow.text(`Offered by ${project.sellerCompany}. Portfolio summary, servicing history and the seller's process for bids. Confidential: shared under the NDA.`);
  return doc.save();
}

const tapeCsv = (project: DealProject) =>
  new TextEncoder().encode(
    ["loan_number,balance,interest_rate,status", ...Array.from({ length: 12 }, (_, i) => `DEMO-${project.id}-${i + 1},${Math.round((project.size || 1_000_000) / 12)},${(5 + (i % 5) * 0.5).toFixed(2)},Performing`)].join("\n"),
  );

/** Runs the tasks a few at a time: PDFs are CPU work, and file writes need not queue by the hundred. */
async function inChunks<T>(items: T[], task: (item: T) => Promise<unknown>, size = 8) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(task));
}

async function storeDeals(db: Database, files: FileStore, plan: DealPlan, chosen: DealProject[], members: DealMember[]) {
  const projectOf = new Map(chosen.map((p) => [p.id, p]));
  const memberOf = new Map(members.map((m) => [m.id, m]));

  // the NDA as sent (the default one, the same bytes per project) and, once signed, with its certificate
  const ndaOf = new Map<number, { bytes: Uint8Array; sha256: string }>();
  await inChunks(chosen, async (p) => {
    const bytes = await defaultNdaPdf({ projectName: p.name, sellerCompany: p.sellerCompany });
    ndaOf.set(p.id, { bytes, sha256: await sha256Hex(bytes) });
  });
  const contractRows = await Promise.all(
    plan.contracts.map(async ({ signed: _signed, ...c }) => ({ ...c, documentKey: `nda/${c.projectId}/${c.envelopeId}/sent.pdf`, documentSha256: ndaOf.get(c.projectId)!.sha256, signedKey: null as string | null, signedSha256: null as string | null })),
  );
  await inChunks(contractRows, async (c) => {
    const project = projectOf.get(c.projectId)!;
    const buyer = memberOf.get(c.buyerId)!;
    const nda = ndaOf.get(c.projectId)!;
    await files.put(c.documentKey, nda.bytes, "application/pdf");
    if (!c.signedAt) return;
    const signed = await signedNdaPdf(nda.bytes, {
      envelopeId: c.envelopeId,
      projectId: project.id,
      projectName: project.name,
      signerName: c.signerName!,
      signerEmail: buyer.email,
      signerCompany: buyer.company,
      signedAt: c.signedAt,
      ipAddress: c.signerIp!,
      userAgent: c.signerUserAgent!,
      documentSha256: nda.sha256,
    });
    c.signedKey = `nda/${c.projectId}/${c.envelopeId}/signed.pdf`;
    c.signedSha256 = await sha256Hex(signed);
    await files.put(c.signedKey, signed, "application/pdf");
  });
  await insertMany(db, contracts, contractRows);

  // the data rooms
  const documentRows = await Promise.all(
    plan.documents.map(async ({ key, kind, ...d }) => {
      const bytes = kind === "memorandum" ? await memorandumPdf(projectOf.get(d.projectId)!) : tapeCsv(projectOf.get(d.projectId)!);
      const storageKey = `projects/${d.projectId}/documents/demo-${kind}.${d.type}`;
      await files.put(storageKey, bytes, DOCUMENT_CONTENT_TYPES[d.type]);
      return { key, row: { ...d, storageKey, size: bytes.length, sha256: await sha256Hex(bytes) } };
    }),
  );
  await insertMany(db, documents, documentRows.map((d) => d.row));
  const storedDocs = await db.select({ id: documents.id, projectId: documents.projectId, storageKey: documents.storageKey }).from(documents);
  const docId = new Map(storedDocs.map((d) => [d.storageKey, d.id]));
  const keyToStorage = new Map(documentRows.map((d) => [d.key, d.row.storageKey]));
  await insertMany(db, documentEvents, plan.documentEvents.map(({ documentKey, ...e }) => ({ ...e, documentId: docId.get(keyToStorage.get(documentKey)!) ?? null })));

  // the threads, each read by the side that wrote last; stored in the order they were written, as
  // a live market's are (the inbox puts the thread with the latest message id first)
  await insertMany(db, messages, [...plan.messages].sort((a, b) => +a.createdAt! - +b.createdAt!));
  const lastIds = await db
    .select({ projectId: messages.projectId, buyerId: messages.buyerId, last: sql<number>`max(${messages.id})` })
    .from(messages)
    .groupBy(messages.projectId, messages.buyerId);
  const lastOf = new Map(lastIds.map((t) => [`${t.projectId}:${t.buyerId}`, t.last]));
  // a seller's marker exists from the thread's first message on (migration 0058): moved, not written again
  await upsertMany(
    db,
    threadReads,
    plan.threadReads.map((t) => ({ ...t, lastReadId: lastOf.get(`${t.projectId}:${t.buyerId}`)! })),
    { target: [threadReads.projectId, threadReads.buyerId, threadReads.userId], update: ["lastReadId"] },
  );

  // the offers, a letter for every revision
  const letters = new Map<string, { key: string; sha256: string }>();
  await inChunks(
    plan.offers.flatMap((o) => o.steps.map((s, i) => ({ o, s, revision: o.steps.slice(0, i + 1).filter((x) => x.terms).length }))).filter(({ s }) => s.terms),
    async ({ o, s, revision }) => {
      const project = projectOf.get(o.projectId)!;
      const buyer = memberOf.get(o.buyerId)!;
      const pdf = await loiPdf({ projectId: project.id, projectName: project.name, buyerName: buyer.name, buyerCompany: buyer.company, sellerCompany: project.sellerCompany, issuedAt: new Date(s.at), version: `Offer ${o.key}, revision ${revision}`, terms: s.terms! });
      const key = `projects/${project.id}/offers/demo-${o.key}-r${revision}.pdf`;
      await files.put(key, pdf, "application/pdf");
      letters.set(`${o.key}:${revision}`, { key, sha256: await sha256Hex(pdf) });
    },
  );
  await insertMany(db, offers, plan.offers.map(({ key, steps: _steps, ...o }) => ({ ...o, pdfKey: letters.get(`${key}:${o.revision}`)!.key, pdfSha256: letters.get(`${key}:${o.revision}`)!.sha256 })));
  const storedOffers = await db.select({ id: offers.id, projectId: offers.projectId, buyerId: offers.buyerId }).from(offers);
  const offerId = new Map(storedOffers.map((o) => [`${o.projectId}-${o.buyerId}`, o.id]));
  await insertMany(
    db,
    offerEvents,
    plan.offers.flatMap((o) => {
      let revision = 0;
      return o.steps.map((s) => {
        if (s.terms) revision++;
        return { offerId: offerId.get(o.key)!, actorId: s.actorId, action: s.action, terms: s.terms, note: s.note, revision, pdfKey: s.terms ? letters.get(`${o.key}:${revision}`)!.key : null, createdAt: new Date(s.at) };
      });
    }),
  );

  await insertMany(db, feedback, plan.feedback);
  await insertMany(db, notifications, plan.notifications);
  await insertMany(db, pageSessions, plan.pageSessions, { ignoreConflicts: true });
  await insertMany(db, recentlyViewed, plan.recentlyViewed, { ignoreConflicts: true });

  // the sellers' steps in the audit log, in the order they happened (the chain appends one at a time)
  const contractId = new Map((await db.select({ id: contracts.id, envelopeId: contracts.envelopeId }).from(contracts)).map((c) => [c.envelopeId, c.id]));
  for (const a of plan.audit) {
    const subjectId = "contract" in a.subject ? contractId.get(a.subject.contract)! : "offer" in a.subject ? offerId.get(a.subject.offer)! : a.subject.project;
    await recordAudit(db, { actor: a.actor, action: a.action, subjectType: a.subjectType, subjectId, detail: a.detail, address: "203.0.113.10" }, a.at);
  }
}
