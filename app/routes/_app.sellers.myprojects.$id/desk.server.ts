import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/server-runtime";
import type { Project, User } from "~/.server/db/schema";
import { isBodyTooLarge, readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import type { Services } from "~/.server/services";
import { DOCUMENT_TYPES } from "~/lib/deal";
import type { Role } from "~/lib/roles";
import { offerTermsSchema, rejectNdaSchema } from "~/lib/schemas/deal";
import { decideNda, listProjectContracts, ndaSettingsOf, setDataRoomBlocked, updateNdaSettings } from "~/models/contracts.server";
import { TOO_LARGE_MESSAGE, addDocument, checkUpload, deleteDocument, documentAudit, listDocuments } from "~/models/data-room.server";
import { recordAudit } from "~/models/audit.server";
import { projectFeedback } from "~/models/feedback.server";
import { listThreads } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { actOnOffer, findOffer, offerParties, offerProblemMessage, offersOnProject } from "~/models/offers.server";
import { findUserById } from "~/models/users.server";
import { pipeline } from "~/models/pipeline.server";
import { projectViewers } from "~/models/engagement.server";
import { identitiesFor } from "~/models/buyer-identity.server";

/**
 * Everything the seller's and the admin's project pages show of the deal, and no
 * more: before a buyer signs the NDA the seller sees a pseudonym for them, and no
 * one sees their e-mail (models/buyer-identity.server.ts says why).
 */
export async function deskData(services: Services, project: Project, viewer: User, role: Role | null) {
  const [entries, contracts, documents, audit, threads, offers, feedback, settings, viewers] = await Promise.all([
    pipeline(services.db, { projectId: project.id }),
    listProjectContracts(services.db, project.id),
    listDocuments(services.db, project.id),
    documentAudit(services.db, project.id),
    listThreads(services.db, viewer, role, project.id),
    offersOnProject(services.db, project.id),
    projectFeedback(services.db, project.id),
    ndaSettingsOf(services.db, project.id),
    projectViewers(services.db, project.id),
  ]);
  const signed = new Set(contracts.filter(({ contract }) => contract.signedAt).map(({ contract }) => contract.buyerId));
  const who = await identitiesFor(services.env.SESSION_SECRET, project.id, role, signed, [
    ...contracts.map(({ buyer }) => ({ buyerId: buyer.id, name: buyer.name, company: buyer.company, email: buyer.email })),
    ...entries.map((e) => ({ buyerId: e.buyerId, name: e.buyerName, company: e.buyerCompany })),
    ...viewers.map((v) => ({ buyerId: v.userId, name: v.name, company: v.company })),
    ...feedback.map((f) => ({ buyerId: f.buyerId, name: f.buyerName, company: f.buyerCompany })),
  ]);
  return {
    pipeline: entries.map(({ buyerId, buyerName: _name, buyerCompany: _company, ...entry }) => {
      const buyer = who(buyerId);
      return { ...entry, buyerId: buyer.buyerId, buyerName: buyer.name, buyerCompany: buyer.company };
    }),
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
    })),
    documents,
    audit,
    threads,
    offers,
    feedback: feedback.map(({ buyerId, buyerName: _name, buyerCompany: _company, ...f }) => ({ ...f, buyerName: who(buyerId).name, buyerCompany: who(buyerId).company })),
    ndaSettings: { autoApprove: settings.autoApprove, templateName: settings.templateName },
    // the seller's own visits are not interest
    viewers: viewers.filter((v) => v.userId !== project.sellerId).map(({ userId, name: _name, company: _company, ...v }) => {
      const member = who(userId);
      return { ...v, userId: member.buyerId, name: member.name, company: member.company };
    }),
  };
}

/**
 * Reads the form of a project page that may carry an upload, within the upload limit;
 * a Response when it is refused, worded for the upload field when it is too large.
 */
export async function readDeskForm(request: Request): Promise<FormData | Response> {
  try {
    return await readForm(request, "upload");
  } catch (error) {
    if (isBodyTooLarge(error)) return json({ intent: "upload-document", error: TOO_LARGE_MESSAGE }, { status: 413 });
    return json({ intent: "", error: "The form could not be read." }, { status: 400 });
  }
}

const done = (message: string) => ({ done: message });
const refused = (intent: string, error: string, status = 400) => json({ intent, error }, { status });

/** Which deal steps go into the audit log, as what, and on which record. */
const AUDITED: Record<string, { action: string; subjectType: string; idField?: string }> = {
  "approve-nda": { action: "nda.approve", subjectType: "contract", idField: "contractId" },
  "reject-nda": { action: "nda.reject", subjectType: "contract", idField: "contractId" },
  block: { action: "data_room.close", subjectType: "contract", idField: "contractId" },
  unblock: { action: "data_room.open", subjectType: "contract", idField: "contractId" },
  "auto-approve": { action: "nda.auto_approve", subjectType: "project" },
  "upload-document": { action: "document.add", subjectType: "project" },
  "delete-document": { action: "document.delete", subjectType: "document", idField: "documentId" },
  "nda-template": { action: "nda.template", subjectType: "project" },
  counter: { action: "offer.counter", subjectType: "offer", idField: "offerId" },
  "accept-offer": { action: "offer.accept", subjectType: "offer", idField: "offerId" },
  "reject-offer": { action: "offer.reject", subjectType: "offer", idField: "offerId" },
};

function auditDetail(intent: string, project: Project, form: FormData) {
  const file = form.get("file");
  const extra =
    intent === "reject-nda" ? ` Reason: ${String(form.get("reason") ?? "")}`
    : intent === "auto-approve" ? ` Automatic approval ${form.get("autoApprove") === "on" ? "on" : "off"}.`
    : file instanceof File ? ` File: ${file.name}`
    : "";
  return `Project ${project.id}, ${project.projectName}.${extra}`;
}

/**
 * The seller's and admin's deal steps. Returns a notification text on success, a
 * response for refused input, or null when the intent is not a deal step. Every
 * step that changed something is written to the audit log.
 */
export async function deskAction(services: Services, request: Request, project: Project, user: User, role: Role | null, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const step = await deskStep(services, request, project, user, role, form, intent);
  const audited = AUDITED[intent];
  if (step && "done" in step && audited) {
    await recordAudit(services.db, {
      actor: user,
      action: audited.action,
      subjectType: audited.subjectType,
      subjectId: audited.idField ? String(form.get(audited.idField) ?? "") : project.id,
      detail: auditDetail(intent, project, form),
      address: clientAddress(request),
    });
  }
  return step;
}

async function deskStep(services: Services, request: Request, project: Project, user: User, role: Role | null, form: FormData, intent: string) {
  const deal = dealServices(services);
  const ip = clientAddress(request);
  switch (intent) {
    case "approve-nda": {
      const ok = await decideNda(deal, project, Number(form.get("contractId")), user.id, { approve: true });
      return ok ? done("The NDA is approved; the buyer can open the workspace.") : refused(intent, "This NDA is not waiting for a decision.", 409);
    }
    case "reject-nda": {
      const submission = parseWithZod(form, { schema: rejectNdaSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const ok = await decideNda(deal, project, submission.value.contractId, user.id, { approve: false, reason: submission.value.reason });
      return ok ? done("The NDA is rejected.") : refused(intent, "This NDA is not waiting for a decision.", 409);
    }
    case "block":
    case "unblock": {
      const ok = await setDataRoomBlocked(services.db, project.id, Number(form.get("contractId")), intent === "block");
      return ok ? done(intent === "block" ? "The buyer no longer sees the data room." : "The buyer sees the data room again.") : refused(intent, "No such NDA.", 404);
    }
    case "auto-approve": {
      const on = form.get("autoApprove") === "on";
      await updateNdaSettings(services.db, project.id, { autoApprove: on });
      return done(on ? "Signed NDAs are now approved automatically." : "Signed NDAs now wait for your approval.");
    }
    case "upload-document": {
      const check = await checkUpload(form.get("file"), DOCUMENT_TYPES);
      if (!check.ok) return refused(intent, check.message, 422);
      const file = form.get("file") as File;
      await addDocument(services, project, user, { name: file.name, type: check.type, bytes: check.bytes }, ip);
      return done("The document is in the data room.");
    }
    case "delete-document": {
      const ok = await deleteDocument(services, project.id, Number(form.get("documentId")), user.id, ip);
      return ok ? done("The document is removed.") : refused(intent, "No such document.", 404);
    }
    case "nda-template": {
      if (role !== "admin") return refused(intent, "Only admins upload NDA templates.", 403);
      const check = await checkUpload(form.get("file"), ["pdf"]);
      if (!check.ok) return refused(intent, check.message, 422);
      const key = `projects/${project.id}/nda-template-${Date.now()}.pdf`;
      await services.files.put(key, check.bytes, "application/pdf");
      await updateNdaSettings(services.db, project.id, { templateKey: key, templateName: (form.get("file") as File).name.slice(0, 120) });
      return done("New NDA envelopes use the uploaded template.");
    }
    case "counter":
    case "accept-offer":
    case "reject-offer":
      return offerStep(deal, project, user, form, intent);
    default:
      return null;
  }
}

async function offerStep(deal: ReturnType<typeof dealServices>, project: Project, user: User, form: FormData, intent: "counter" | "accept-offer" | "reject-offer") {
  const offer = await findOffer(deal.db, project.id, Number(form.get("offerId")));
  if (!offer) return refused(intent, "No such offer.", 404);
  const buyer = await findUserById(deal.db, offer.buyerId);
  if (!buyer) return refused(intent, "No such offer.", 404);
  const parties = await offerParties(deal.db, project, buyer);
  let outcome;
  if (intent === "counter") {
    const submission = parseWithZod(form, { schema: offerTermsSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const { note, ...terms } = submission.value;
    outcome = await actOnOffer(deal, parties, offer, user, "seller", "countered", { terms, note });
  } else {
    const note = String(form.get("note") ?? "").slice(0, 1000);
    outcome = await actOnOffer(deal, parties, offer, user, "seller", intent === "accept-offer" ? "accepted" : "rejected", { note });
  }
  if (typeof outcome === "string") return refused(intent, offerProblemMessage(outcome, "seller"), 409);
  return done({ counter: "Your counter-offer is sent.", "accept-offer": "Offer accepted: the project is now under offer.", "reject-offer": "The offer is rejected." }[intent]);
}
