import type { SQL } from "drizzle-orm";
import type { Project, User } from "~/.server/db/schema";
import { offersWithSummaries } from "~/components/deal/offers.server";
import { isBodyTooLarge, readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { refuse, refuseUnread, type Replier } from "~/.server/replies";

type Refusal = ReturnType<typeof refuseUnread>;
/** A step that found it done already (a second click): the page says so, and nothing is audited. */
type Unchanged = { unchanged: string };
import type { Services } from "~/.server/services";
import { redirectWithNotification } from "~/auth/session.server";
import { DESK_TABLE_PAGE_SIZE, DOCUMENT_TYPES, NDA_APPROVED } from "~/lib/deal";
import type { Role } from "~/lib/roles";
import type { SellerPermission } from "~/lib/seller-permissions";
import type { DeskIntent } from "~/lib/schemas/deal";
import { decideNda, ndaSettingsOf, projectContractsPage, replaceProjectNdaTemplate, setDataRoomBlocked, updateNdaSettings } from "~/models/contracts.server";
import { TOO_LARGE_MESSAGE, addDocument, checkUpload, deleteDocument, documentAudit, projectDocumentsPage, sameDocument } from "~/models/data-room.server";
import { sha256Hex } from "~/.server/crypto";
import { recordAudit } from "~/models/audit.server";
import { projectFeedback } from "~/models/feedback.server";
import { projectThreads } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { actOnOffer, findOffer, offerParties, offerProblemMessage, projectOffersPage } from "~/models/offers.server";
import { findUserById } from "~/models/users.server";
import { projectPipelinePage } from "~/models/pipeline.server";
import { projectViewers } from "~/models/engagement.server";
import { listPageOf } from "~/models/list-query.server";
import { identitiesFor } from "~/models/buyer-identity.server";
import { projectCharts } from "./charts.server";
import { deskRecordsMarkup, ndaTableMarkup } from "./desk-records.server";
import type { NdaPowers } from "./desk-records";
import type { Paging } from "~/components/pager";
import { cleanFileName } from "~/lib/file-name";

/**
 * The project's id and seller: the seller may be a query (sellerOfProject), so that the desk's
 * reads start beside the project's own, before the page knows whose project it is.
 */
type DeskProject = { id: number; sellerId: number | SQL };

/**
 * Everything the seller's and the admin's project pages show of the deal, and no
 * more: before a buyer signs the NDA the seller sees a pseudonym for them, and no
 * one sees their e-mail (models/buyer-identity.server.ts says why).
 */
export async function deskData(services: Services, project: DeskProject, viewer: User, role: Role | null, url?: URL) {
  // every long list is paged on its own (`?pipeline=`, `?viewers=`, `?ndas=`, `?documents=`,
  // `?audit=`, `?threads=`, `?offers=`): a sought-after project has thousands of buyers, hundreds
  // of NDAs and offers; a page past a list's last shows its last
  const pageOf = (param: string) => listPageOf(url, param);
  const [pipelinePage, ndas, documents, audit, threads, offers, feedback, settings, viewersPage, charts] = await Promise.all([
    projectPipelinePage(services.db, { projectId: project.id, page: pageOf("pipeline"), pageSize: PIPELINE_PAGE_SIZE }),
    projectContractsPage(services.db, { projectId: project.id, page: pageOf("ndas") }),
    projectDocumentsPage(services.db, { projectId: project.id, page: pageOf("documents") }),
    documentAudit(services.db, project.id, { page: pageOf("audit") }),
    // a colleague reads the threads of the project's seller
    projectThreads(services.db, { projectId: project.id, reader: role === "seller" ? "seller" : viewer.id, page: pageOf("threads") }),
    projectOffersPage(services.db, { projectId: project.id, page: pageOf("offers") }),
    projectFeedback(services.db, project.id),
    ndaSettingsOf(services.db, project.id),
    // the seller's own visits are not interest (left out there)
    projectViewers(services.db, project.id, { page: pageOf("viewers") }),
    projectCharts(services.db, project, { now: new Date() }),
  ]);
  const entries = pipelinePage.entries;
  const viewers = viewersPage.rows;
  const contracts = ndas.rows;
  // Who signed, for exactly the buyers this page shows, each read with the list that shows them:
  // the NDA page's own rows, the pipeline's NDA records (read for its page's buyers), and the
  // viewers' and passes' own column. Never from the page of NDAs alone: a buyer whose NDA is on
  // another page of it is still named in the pipeline. (After these reads, a query for the page's
  // ids would be a second round trip to D1 on every visit.)
  const signed = new Set([
    ...contracts.filter(({ contract }) => contract.signedAt).map(({ contract }) => contract.buyerId),
    ...entries.filter((e) => e.dates.nda_signed !== undefined).map((e) => e.buyerId),
    ...viewers.filter((v) => v.ndaSigned).map((v) => v.userId),
    ...feedback.filter((f) => f.ndaSigned).map((f) => f.buyerId),
  ]);
  const who = await identitiesFor(services.env.SESSION_SECRET, project.id, role, signed, [
    ...contracts.map(({ buyer }) => ({ buyerId: buyer.id, name: buyer.name, company: buyer.company, email: buyer.email })),
    ...entries.map((e) => ({ buyerId: e.buyerId, name: e.buyerName, company: e.buyerCompany })),
    ...viewers.map((v) => ({ buyerId: v.userId, name: v.name, company: v.company })),
    ...feedback.map((f) => ({ buyerId: f.buyerId, name: f.buyerName, company: f.buyerCompany })),
  ]);
  const at = { pathname: url?.pathname ?? "", search: url?.search ?? "" };
  const pagingOf = ({ page, pageSize, total }: Paging) => ({ page, pageSize, total });
  const records = deskRecordsMarkup(project.id, at, {
    pipelinePaging: pagingOf(pipelinePage),
    viewersPaging: pagingOf(viewersPage),
    ndasPaging: pagingOf(ndas),
    documentsPaging: pagingOf(documents),
    auditPaging: pagingOf(audit),
    threadsPaging: pagingOf(threads),
    offersPaging: pagingOf(offers),
    pipeline: entries.map(({ buyerId, buyerName: _name, buyerCompany: _company, ...entry }) => {
      const buyer = who(buyerId);
      return { ...entry, buyerId: buyer.buyerId, buyerName: buyer.name, buyerCompany: buyer.company };
    }),
    viewers: viewers.map(({ userId, name: _name, company: _company, ndaSigned: _signed, ...v }) => {
      const member = who(userId);
      return { ...v, userId: member.buyerId, name: member.name, company: member.company };
    }),
    audit: audit.rows,
    threads: threads.rows,
    feedback: feedback.map(({ buyerId, buyerName: _name, buyerCompany: _company, ndaSigned: _signed, ...f }) => ({ ...f, buyerName: who(buyerId).name, buyerCompany: who(buyerId).company })),
  });
  return {
    contracts: contracts.map(({ contract: c, buyer }) => ({
      id: c.id,
      // the signed PDF's link needs it; before signing the envelope is the buyer's alone
      envelopeId: c.signedAt ? c.envelopeId : null,
      ndaStatus: c.ndaStatus,
      requestedAt: c.requestedAt,
      signedAt: c.signedAt,
      signerName: c.signerName,
      signerIp: c.signerIp,
      decidedAt: c.decidedAt,
      rejectionReason: c.rejectionReason,
      dataRoomBlocked: c.dataRoomBlocked,
      buyer: who(buyer.id),
      // the buyer's company page opens to the seller once the NDA is signed (issue #15 item 6)
      buyerCustomerId: c.signedAt ? buyer.customerId : null,
    })),
    charts,
    documents: documents.rows,
    offers: offersWithSummaries(offers.rows, "seller"),
    ndaSettings: { autoApprove: settings.autoApprove, templateName: settings.templateName },
    /**
     * The read-only records (pipeline, viewers, data-room audit, negotiations, feedback) as markup,
     * and the pagers of the NDAs, the documents and the offers, drawn on the server as theirs are.
     */
    records,
  };
}

/**
 * The desk as the page receives it: its NDA requests drawn with the steps this viewer may take
 * (known only once the project is found to be theirs), and not sent as data.
 */
export function deskForViewer({ contracts, ...desk }: Awaited<ReturnType<typeof deskData>>, projectId: number, powers: NdaPowers) {
  return { ...desk, records: { ...desk.records, ndas: ndaTableMarkup(projectId, contracts, powers) } };
}

/**
 * Reads the form of a project page that may carry an upload, within the upload limit;
 * a refusal (`{ result }`) when it cannot, worded for the upload field when it is too large.
 */
export async function readDeskForm(request: Request): Promise<FormData | Refusal> {
  try {
    return await readForm(request, "upload");
  } catch (error) {
    if (isBodyTooLarge(error)) return refuseUnread(TOO_LARGE_MESSAGE, 413, "upload-document");
    return refuseUnread("The form could not be read.", 400);
  }
}

/** The pipeline's buyers a desk page shows. */
const PIPELINE_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

/** The permission each deal step needs from a seller's colleague (the page answers 404 without it). */
export const DESK_PERMISSION: Record<DeskIntent["intent"], SellerPermission> = {
  "approve-nda": "ndas",
  "reject-nda": "ndas",
  "auto-approve": "ndas",
  block: "dataRoom",
  unblock: "dataRoom",
  "upload-document": "dataRoom",
  "delete-document": "dataRoom",
  "nda-template": "ndas",
  counter: "offers",
  "accept-offer": "offers",
  "reject-offer": "offers",
};

/** Which deal steps go into the audit log, as what, on which kind of record (the one the form names, or the project). */
const AUDITED: Record<DeskIntent["intent"], { action: string; subjectType: "contract" | "document" | "offer" | "project" }> = {
  "approve-nda": { action: "nda.approve", subjectType: "contract" },
  "reject-nda": { action: "nda.reject", subjectType: "contract" },
  block: { action: "data_room.close", subjectType: "contract" },
  unblock: { action: "data_room.open", subjectType: "contract" },
  "auto-approve": { action: "nda.auto_approve", subjectType: "project" },
  "upload-document": { action: "document.add", subjectType: "project" },
  "delete-document": { action: "document.delete", subjectType: "document" },
  "nda-template": { action: "nda.template", subjectType: "project" },
  counter: { action: "offer.counter", subjectType: "offer" },
  "accept-offer": { action: "offer.accept", subjectType: "offer" },
  "reject-offer": { action: "offer.reject", subjectType: "offer" },
};

const auditSubject = (step: DeskIntent, project: Project) =>
  "contractId" in step ? step.contractId : "documentId" in step ? step.documentId : "offerId" in step ? step.offerId : project.id;

function auditDetail(step: DeskIntent, project: Project) {
  const extra =
    step.intent === "reject-nda" ? ` Reason: ${step.reason}`
    : step.intent === "auto-approve" ? ` Automatic approval ${step.autoApprove ? "on" : "off"}.`
    : (step.intent === "upload-document" || step.intent === "nda-template") && step.file ? ` File: ${cleanFileName(step.file.name)}`
    : "";
  return `Project ${project.id}, ${project.projectName}.${extra}`;
}

/**
 * The seller's and admin's deal steps, read by the page's union: a redirect to
 * `here` with the notification on success, or a refusal (`{ result }`) of the
 * submitted form. Every step that changed something is written to the audit log.
 */
export async function deskAction(
  services: Services,
  request: Request,
  { project, user, role, here }: { project: Project; user: User; role: Role | null; here: string },
  submission: Replier,
  step: DeskIntent,
) {
  const outcome = await deskStep(services, request, project, user, role, submission, step);
  if (typeof outcome === "object" && "unchanged" in outcome) return redirectWithNotification(services, request, here, outcome.unchanged);
  if (typeof outcome !== "string") return outcome;
  await recordAudit(services.db, {
    actor: user,
    ...AUDITED[step.intent],
    subjectId: auditSubject(step, project),
    detail: auditDetail(step, project),
    address: clientAddress(request),
  });
  return redirectWithNotification(services, request, here, outcome);
}

/** One step: the notification text when it is done, or the refusal. */
async function deskStep(services: Services, request: Request, project: Project, user: User, role: Role | null, submission: Replier, step: DeskIntent): Promise<string | Unchanged | Refusal> {
  const deal = dealServices(services);
  const ip = clientAddress(request);
  switch (step.intent) {
    case "approve-nda":
    case "reject-nda": {
      const approve = step.intent === "approve-nda";
      const ok = await decideNda(deal, project, step.contractId, user.id, step.intent === "approve-nda" ? { approve: true } : { approve: false, reason: step.reason });
      const done = approve ? "The NDA is approved; the buyer can open the workspace." : "The NDA is rejected.";
      if (typeof ok === "object" && "decided" in ok) {
        // the same decision already made (a second click, a resent form, a colleague's): nothing written, nor told twice
        if ((ok.decided === NDA_APPROVED) === approve) return { unchanged: done };
        return refuse(submission, ok.decided === NDA_APPROVED ? "This NDA was approved meanwhile: the buyer can open the workspace. A decision on an NDA is final." : "This NDA was rejected meanwhile. A decision on an NDA is final.", 409);
      }
      if (typeof ok === "object") return refuse(submission, `This request was closed when the listing was ${ok.closedBy}.`, 409);
      if (ok === "project-closed") return refuse(submission, "The project is no longer open to buyers: this NDA can only be rejected.", 409);
      if (!ok) return refuse(submission, "This NDA is not waiting for a decision.", 409);
      return done;
    }
    case "block":
    case "unblock": {
      const done = await setDataRoomBlocked(services.db, { projectId: project.id, contractId: step.contractId, blocked: step.intent === "block" });
      if (!done) return refuse(submission, "No such NDA.", 404);
      const message = step.intent === "block" ? "The buyer no longer sees the data room." : "The buyer sees the data room again.";
      return done === "changed" ? message : { unchanged: message };
    }
    case "auto-approve": {
      await updateNdaSettings(services.db, project.id, { autoApprove: step.autoApprove });
      return step.autoApprove ? "Signed NDAs are now approved automatically." : "Signed NDAs now wait for your approval.";
    }
    case "upload-document": {
      const check = await checkUpload(step.file ?? null, DOCUMENT_TYPES);
      if (!check.ok) return refuse(submission, check.message, 422);
      const upload = { name: step.file!.name, type: check.type, bytes: check.bytes, sha256: await sha256Hex(check.bytes) };
      const same = await sameDocument(services.db, project.id, upload);
      if (same) return refuse(submission, `"${same.name}" is in the data room already, with the same content.`, 409);
      await addDocument(services, project, user, upload, ip);
      return "The document is in the data room.";
    }
    case "delete-document": {
      const ok = await deleteDocument(services, { projectId: project.id, documentId: step.documentId, userId: user.id, ipAddress: ip });
      return ok ? "The document is removed." : refuse(submission, "No such document.", 404);
    }
    case "nda-template": {
      if (role !== "admin") return refuse(submission, "Only admins upload NDA templates.", 403);
      const check = await checkUpload(step.file ?? null, ["pdf"]);
      if (!check.ok) return refuse(submission, check.message, 422);
      await replaceProjectNdaTemplate(services, project.id, { name: step.file!.name, bytes: check.bytes });
      return "New NDA envelopes use the uploaded template.";
    }
    case "counter":
    case "accept-offer":
    case "reject-offer":
      return offerStep(deal, project, user, submission, step);
  }
}

async function offerStep(deal: ReturnType<typeof dealServices>, project: Project, user: User, submission: Replier, step: Extract<DeskIntent, { intent: "counter" | "accept-offer" | "reject-offer" }>) {
  const offer = await findOffer(deal.db, { projectId: project.id, offerId: step.offerId });
  if (!offer) return refuse(submission, "No such offer.", 404);
  const buyer = await findUserById(deal.db, offer.buyerId);
  if (!buyer) return refuse(submission, "No such offer.", 404);
  const parties = await offerParties(deal.db, project, buyer);
  let outcome;
  if (step.intent === "counter") {
    const { intent: _intent, offerId: _offerId, revision: seen, note, ...terms } = step;
    outcome = await actOnOffer(deal, parties, offer, user, "seller", "countered", { terms, note, seen });
  } else {
    outcome = await actOnOffer(deal, parties, offer, user, "seller", step.intent === "accept-offer" ? "accepted" : "rejected", { note: step.note, seen: step.revision });
  }
  if (typeof outcome === "string") return refuse(submission, offerProblemMessage(outcome, "seller"), 409);
  const done = { counter: "Your counter-offer is sent.", "accept-offer": "Offer accepted: the project is now under offer.", "reject-offer": "The offer is rejected." }[step.intent];
  // the same step sent twice (a double click): the second post lands where the first did, nothing audited again
  return "repeated" in outcome ? { unchanged: done } : done;
}
