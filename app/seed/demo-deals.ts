import type { contracts, documentEvents, documents, feedback, messages, notifications, offers, pageSessions, recentlyViewed, threadReads } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-types";
import { FEEDBACK_REASONS, NDA_APPROVED, dealsPath, type NdaStatus, type NotificationKind, type OfferAction, type OfferStatus } from "~/lib/deal";
import type { LoiTerms } from "~/.server/documents/loi";
import { random } from "~/seed/demo-market";
import { ACCEPTED_ANOTHER_NOTE } from "~/models/offers.server";
import { SOLD_NOTE } from "~/models/project-sale.server";

/**
 * The demo market's deal flow over the last 90 days, as plain rows from a seed number:
 * which buyer company's member looked at which project, signed its NDA, read its data
 * room, negotiated and offered. demo-deals-store.server.ts writes the rows and the
 * files they name; this module decides what happened and when, nothing else.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEAL_WINDOW_DAYS = 90;

export type DealProject = { id: number; name: string; status: string; sellerId: number; sellerName: string; sellerEmail: string; sellerCompany: string; size: number };
export type DealMember = { id: number; name: string; email: string; company: string };

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
export type PlannedContract = Omit<Insert<typeof contracts>, "documentKey" | "documentSha256" | "signedKey" | "signedSha256"> & { signed: boolean };
export type PlannedOffer = Omit<Insert<typeof offers>, "id" | "pdfKey" | "pdfSha256"> & {
  key: string;
  /** Each step, oldest first; steps that put terms on the table carry them (and get a letter). */
  steps: { action: OfferAction; actorId: number; at: number; terms: LoiTerms | null; note: string }[];
};
export type PlannedAudit = { at: number; actor: { id: number; name: string; email: string }; action: string; subjectType: string; subject: { contract: string } | { offer: string } | { project: number }; detail: string };
export type PlannedDocument = Omit<Insert<typeof documents>, "id" | "storageKey" | "sha256" | "size"> & { key: string; kind: "memorandum" | "tape" };

export type DealPlan = {
  contracts: PlannedContract[];
  documents: PlannedDocument[];
  /** Document events name their document by its plan key; the store swaps in the id. */
  documentEvents: (Omit<Insert<typeof documentEvents>, "documentId"> & { documentKey: string })[];
  messages: Insert<typeof messages>[];
  threadReads: Omit<Insert<typeof threadReads>, "lastReadId">[];
  offers: PlannedOffer[];
  feedback: Insert<typeof feedback>[];
  notifications: Insert<typeof notifications>[];
  pageSessions: Insert<typeof pageSessions>[];
  recentlyViewed: Insert<typeof recentlyViewed>[];
  audit: PlannedAudit[];
};

const BUYER_LINES = [
  "Thanks for approving the NDA. Could you share the last twelve months of payment history?",
  "We have reviewed the tape. Are the servicing rights included in the sale?",
  "What is your timing for a decision? Our committee meets every other Tuesday.",
  "Could you confirm how many loans are more than 30 days past due?",
  "We would like a call with the servicer before we put in an offer.",
];
const SELLER_LINES = [
  "The payment history is now in the data room under the servicing reports.",
  "Yes, servicing is released with the loans; the transfer date is negotiable.",
  "We aim to decide within three weeks of the bid date.",
  "Four loans are 30+ days past due; the details are in the updated tape.",
  "Happy to arrange that. Which days suit you next week?",
];
const STRUCTURES = ["All cash at closing", "Cash at closing, 10% holdback for 90 days", "Two tranches, 60 and 90 days"];
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Offers end in every state; "accepted" only where the project is already under offer or sold. */
const OPEN_ENDINGS: OfferStatus[] = ["submitted", "countered", "countered", "rejected", "withdrawn", "submitted"];

export function planDeals(
  { projects, members, now, focus }: { projects: DealProject[]; members: DealMember[]; now: number; focus: number[] },
  seed = 9001,
): DealPlan {
  const r = random(seed);
  const plan: DealPlan = { contracts: [], documents: [], documentEvents: [], messages: [], threadReads: [], offers: [], feedback: [], notifications: [], pageSessions: [], recentlyViewed: [], audit: [] };
  const start = now - DEAL_WINDOW_DAYS * DAY;
  // each step after the one before, taking at most a quarter of the time left: recent deals move
  // faster instead of piling up at the present (a session ends before now too)
  const later = (at: number, minHours: number, maxHours: number) =>
    at + Math.max(0, Math.min(r.int(minHours * 60, maxHours * 60) * 60_000, Math.floor((now - 25 * 60_000 - at) / 4)));
  const ip = () => `203.0.113.${r.int(2, 250)}`;
  let sessionNo = 0;
  const session = (userId: number, pageType: PageType, route: string, projectId: number | null, at: number) => {
    const active = r.int(20, 900) * 1000;
    const total = active + r.int(0, 300) * 1000;
    const sessionId = `seed-${seed}-${++sessionNo}`;
    const interactions = { clicks: r.int(0, 30), keystrokes: r.int(0, 40), scrollEvents: r.int(0, 80), mouseMovements: r.int(10, 600), mouseLeaves: r.int(0, 4) };
    const scrollDepthMax = [25, 50, 75, 90, 100][r.int(0, 4)]!;
    plan.pageSessions.push({
      sessionId,
      userId,
      route,
      pageType,
      projectId,
      sessionStart: new Date(at),
      sessionEnd: new Date(at + total),
      totalDuration: total,
      activeTime: active,
      scrollDepthMax,
      record: {
        sessionId, userId, route, params: projectId ? { id: String(projectId) } : {}, query: {}, sessionStart: at, sessionEnd: at + total,
        totalDuration: total, activeTime: active, lastActiveTime: at + active, isPageActive: false, userInteractions: interactions,
        scrollDepthMax, interactionTimepoints: [], pageType, companyId: projectId, userAgent: BROWSER, screenWidth: 1440, screenHeight: 900, language: "en-US",
      },
      receivedAt: new Date(at + total),
    });
  };
  const notify = (userId: number, kind: NotificationKind, message: string, link: string, at: number) =>
    plan.notifications.push({ userId, kind, message, link, createdAt: new Date(at), readAt: now - at > 5 * DAY ? new Date(at + r.int(1, 48) * HOUR) : null });

  // browsing that leads nowhere in particular: the home page and the search, every member now and then
  for (const m of members) {
    for (let i = r.int(1, 8); i > 0; i--) {
      const at = start + r.int(0, DEAL_WINDOW_DAYS * 24 - 2) * HOUR + r.int(0, 59) * 60_000;
      if (r.next() < 0.4) session(m.id, "homepage", "/home", null, at);
      else session(m.id, "search-results", "/buyers/search", null, at);
    }
  }

  const showcase = members[0];
  let showcaseAccepted = false;
  for (const p of projects) {
    const focused = focus.includes(p.id);
    const seller = { id: p.sellerId, name: p.sellerName, email: p.sellerEmail };
    const buyerLink = `/buyers/myprojects/${p.id}`;
    const sellerLink = `/sellers/myprojects/${p.id}`;
    const closed = p.status === "under_offer" || p.status === "sold";
    const docAt = start - r.int(1, 20) * DAY;
    const docs = (["memorandum", "tape"] as const).map((kind) => {
      const key = `${p.id}-${kind}`;
      plan.documents.push({ key, kind, projectId: p.id, name: kind === "memorandum" ? "Information memorandum.pdf" : "Loan tape.csv", type: kind === "memorandum" ? "pdf" : "csv", uploadedBy: p.sellerId, createdAt: new Date(docAt) });
      plan.documentEvents.push({ projectId: p.id, documentKey: key, documentName: kind === "memorandum" ? "Information memorandum.pdf" : "Loan tape.csv", userId: p.sellerId, action: "upload", ipAddress: ip(), createdAt: new Date(docAt) });
      return key;
    });
    plan.audit.push({ at: docAt, actor: seller, action: "document.add", subjectType: "project", subject: { project: p.id }, detail: `Project ${p.id}, ${p.name}. File: Information memorandum.pdf` });

    const drawn = r.some(members, r.int(focused ? 8 : 3, focused ? 14 : 10));
    let accepted = !closed;
    // when the seller accepted this project's offer: no offer is made after it, and the open ones close
    // then, as accepting does in the product (decision 090)
    let acceptedAt: number | null = null;
    // the first member shows every step in one account: the countered offer on the first focused
    // project, the accepted one on the first project under offer (README, the browser tests)
    const starred = showcase !== undefined && (p.id === focus[0] || (closed && !showcaseAccepted));
    if (starred && closed) showcaseAccepted = true;
    const buyers = starred ? [showcase, ...drawn.filter((b) => b !== showcase)] : drawn;
    buyers.forEach((b, i) => {
      const star = starred && i === 0;
      const first = start + r.int(0, (DEAL_WINDOW_DAYS - 3) * 24) * HOUR;
      let at = first;
      for (let v = r.int(1, 4); v > 0; v--) {
        session(b.id, "company-before-nda", `/projects/more-details/${p.id}`, p.id, at);
        at = later(at, 2, 72);
      }
      plan.recentlyViewed.push({ userId: b.id, projectId: p.id, viewedAt: new Date(at) });
      // on a focused project the first buyers go all the way, so every step shows
      const depth = focused && i < 5 ? 5 - i : star ? 1 : r.next();
      if (depth < 0.45) {
        if (r.next() < 0.3) {
          const reasons = r.some(FEEDBACK_REASONS.slice(0, -1), r.int(1, 2));
          plan.feedback.push({ projectId: p.id, buyerId: b.id, reasons, comment: "", createdAt: new Date(later(at, 1, 48)) });
        }
        return;
      }
      const envelopeId = `demo${p.id}x${b.id}x${Math.floor(r.next() * 1e9).toString(36)}`;
      const requestedAt = later(at, 0, 24);
      notify(p.sellerId, "nda_requested", `A buyer asked to sign the NDA for ${p.name}.`, sellerLink, requestedAt);
      const roll = focused && i < 4 ? [0.99, 0.9, 0.7, 0.5][i]! : star ? 0.99 : r.next();
      // a project under offer has the buyer whose offer it accepted
      const status: NdaStatus =
        roll < 0.55 ? "Requested" : !accepted ? NDA_APPROVED : roll < 0.65 ? "Signed" : roll < 0.72 ? "Rejected" : NDA_APPROVED;
      const signedAt = status === "Requested" ? null : later(requestedAt, 1, 48);
      const decidedAt = status === NDA_APPROVED || status === "Rejected" ? later(signedAt!, 2, 96) : null;
      const rejectionReason = status === "Rejected" ? "Your fund's mandate does not match this portfolio." : null;
      plan.contracts.push({
        projectId: p.id, buyerId: b.id, envelopeId, ndaStatus: status, signed: signedAt !== null,
        signerName: signedAt ? b.name : null, signerIp: signedAt ? ip() : null, signerUserAgent: signedAt ? BROWSER : null,
        requestedAt: new Date(requestedAt), signedAt: signedAt ? new Date(signedAt) : null, decidedAt: decidedAt ? new Date(decidedAt) : null,
        decidedBy: decidedAt ? p.sellerId : null, rejectionReason,
      });
      if (!signedAt) return;
      notify(p.sellerId, "nda_signed", `${b.name} (${b.company}) signed the NDA for ${p.name}. Approve or reject it.`, sellerLink, signedAt);
      if (status === "Rejected") {
        notify(b.id, "nda_rejected", `Your NDA for ${p.name} was not approved: ${rejectionReason}`, `/projects/more-details/${p.id}`, decidedAt!);
        plan.audit.push({ at: decidedAt!, actor: seller, action: "nda.reject", subjectType: "contract", subject: { contract: envelopeId }, detail: `Project ${p.id}, ${p.name}. Reason: ${rejectionReason}` });
      }
      if (status !== NDA_APPROVED) return;
      notify(b.id, "nda_approved", `Your NDA for ${p.name} is approved: the data room is open.`, buyerLink, decidedAt!);
      plan.audit.push({ at: decidedAt!, actor: seller, action: "nda.approve", subjectType: "contract", subject: { contract: envelopeId }, detail: `Project ${p.id}, ${p.name}.` });
      at = decidedAt!;
      for (let v = r.int(1, 5); v > 0; v--) {
        at = later(at, 1, 96);
        session(b.id, "company-after-nda", buyerLink, p.id, at);
        const doc = r.pick(docs);
        plan.documentEvents.push({ projectId: p.id, documentKey: doc, documentName: doc.endsWith("tape") ? "Loan tape.csv" : "Information memorandum.pdf", userId: b.id, action: r.next() < 0.5 ? "view" : "download", ipAddress: ip(), createdAt: new Date(at + 60_000) });
      }
      const wantsOffer = !accepted || (focused && i < 2) || r.next() < 0.45;
      if (!wantsOffer && r.next() < 0.5) return;
      // the thread: the buyer asks, the seller answers
      let last = 0;
      for (let m = 0; m < r.int(2, 6); m++) {
        at = later(at, 1, 40);
        const fromBuyer = m % 2 === 0;
        plan.messages.push({ projectId: p.id, buyerId: b.id, senderId: fromBuyer ? b.id : p.sellerId, body: (fromBuyer ? BUYER_LINES : SELLER_LINES)[(m >> 1) % 5]!, createdAt: new Date(at) });
        notify(fromBuyer ? p.sellerId : b.id, "message", `${fromBuyer ? `${b.name} (${b.company})` : `${p.sellerName} (${p.sellerCompany})`} wrote about ${p.name}.`, fromBuyer ? `/messages/${p.id}/${b.id}` : buyerLink, at);
        last = m;
      }
      plan.threadReads.push({ projectId: p.id, buyerId: b.id, userId: last % 2 === 0 ? b.id : p.sellerId });
      if (!wantsOffer) return;
      const ending: OfferStatus = !accepted ? "accepted" : focused && i === 0 ? "countered" : focused && i === 1 ? "submitted" : r.pick(OPEN_ENDINGS);
      if (ending === "accepted") accepted = true;
      const submittedAt = later(at, 2, 72);
      // the listing was under offer by then: the product refuses the offer
      if (acceptedAt !== null && submittedAt >= acceptedAt) return;
      planOffer(p, b, ending, submittedAt);
    });
    if (p.status === "sold") closeWaitingNdas(p);

    /** A sold listing's waiting NDA requests closed with the sale, as marking it sold does (decision 091). */
    function closeWaitingNdas(project: DealProject) {
      const waiting = plan.contracts.filter((c) => c.projectId === project.id && (c.ndaStatus === "Requested" || c.ndaStatus === "Signed"));
      if (!waiting.length) return;
      const last = Math.max(acceptedAt ?? start, ...waiting.map((c) => (c.signedAt ?? c.requestedAt!).getTime()));
      const soldAt = later(last, 24, 240);
      for (const c of waiting) {
        Object.assign(c, { ndaStatus: "Rejected", decidedAt: new Date(soldAt), decidedBy: project.sellerId, rejectionReason: SOLD_NOTE });
        notify(c.buyerId, "nda_rejected", `${project.name} was sold: your NDA request is closed.`, dealsPath(["ROLE_BUYER"]), soldAt);
      }
    }

    function planOffer(project: DealProject, b: DealMember, ending: OfferStatus, submittedAt: number) {
      const price = Math.round((project.size * (0.82 + r.next() * 0.14)) / 1000) * 1000;
      const terms = (p: number): LoiTerms => ({ price: p, structure: r.pick(STRUCTURES), conditions: "Subject to confirmatory due diligence and final credit committee approval.", dueDiligenceDays: r.pick([30, 45, 60]), expiresOn: new Date(now + r.int(10, 45) * DAY).toISOString().slice(0, 10) });
      const first = terms(price);
      const steps: PlannedOffer["steps"] = [{ action: "submitted", actorId: b.id, at: submittedAt, terms: first, note: "" }];
      let current = first;
      let at = submittedAt;
      const step = (action: Exclude<OfferAction, "submitted">, actorId: number, withTerms: LoiTerms | null, note = "") => {
        at = later(at, 4, 96);
        steps.push({ action, actorId, at, terms: withTerms, note });
        if (withTerms) current = withTerms;
      };
      // an offer still open when the seller accepted another closed then
      const closedByAcceptance = acceptedAt !== null && (ending === "submitted" || ending === "countered");
      if (ending === "countered" || (ending === "accepted" && r.next() < 0.6)) step("countered", project.sellerId, { ...current, price: Math.round(current.price * 1.06 / 1000) * 1000 }, "We can move on the holdback but not this far on price.");
      if (closedByAcceptance) {
        at = Math.max(at, acceptedAt!);
        steps.push({ action: "rejected", actorId: project.sellerId, at, terms: null, note: ACCEPTED_ANOTHER_NOTE });
      }
      const status: OfferStatus = closedByAcceptance ? "rejected" : ending;
      if (ending === "accepted") {
        step("accepted", steps.at(-1)!.action === "countered" ? b.id : project.sellerId, null);
        acceptedAt = at;
      }
      if (ending === "rejected") step("rejected", project.sellerId, null, "Other bids came in higher.");
      if (ending === "withdrawn") step("withdrawn", b.id, null, "Our committee passed on the portfolio.");
      const key = `${project.id}-${b.id}`;
      const revision = steps.filter((s) => s.terms).length;
      plan.offers.push({ key, projectId: project.id, buyerId: b.id, status, ...current, revision, steps, createdAt: new Date(submittedAt), updatedAt: new Date(at) });
      const buyerSide = `${b.name} (${b.company})`;
      for (const s of steps) {
        if (s.note === ACCEPTED_ANOTHER_NOTE) {
          // closed by the acceptance, not by the seller's own step: told as the product tells it, not audited
          notify(b.id, "offer_rejected", `${project.name}: the seller accepted another offer; your offer is closed.`, dealsPath(["ROLE_BUYER"]), s.at);
          continue;
        }
        const toSeller = s.actorId === b.id;
        const sentence = { submitted: "made an offer on", countered: "countered your offer on", revised: "revised their offer on", accepted: "accepted the offer on", rejected: "rejected your offer on", withdrawn: "withdrew their offer on" }[s.action];
        const kind = ({ submitted: "offer_new", revised: "offer_new", countered: "offer_countered", accepted: "offer_accepted", rejected: "offer_rejected", withdrawn: "offer_withdrawn" } as const)[s.action];
        notify(toSeller ? project.sellerId : b.id, kind, `${toSeller ? buyerSide : "The seller"} ${sentence} ${project.name}.`, toSeller ? `/sellers/myprojects/${project.id}` : `/buyers/myprojects/${project.id}`, s.at);
        const audited = { countered: "offer.counter", accepted: "offer.accept", rejected: "offer.reject" } as Partial<Record<OfferAction, string>>;
        if (!toSeller && audited[s.action]) plan.audit.push({ at: s.at, actor: seller, action: audited[s.action]!, subjectType: "offer", subject: { offer: key }, detail: `Project ${project.id}, ${project.name}.` });
      }
    }
  }
  plan.audit.sort((a, b) => a.at - b.at);
  return plan;
}
