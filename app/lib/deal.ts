/** The deal flow's vocabulary: NDA statuses, offer states, pipeline stages, feedback reasons. */

export const NDA_STATUSES = ["Requested", "Signed", "NDA Approved", "Rejected"] as const;
export type NdaStatus = (typeof NDA_STATUSES)[number];
export const NDA_APPROVED: NdaStatus = "NDA Approved";

export const OFFER_STATUSES = ["submitted", "countered", "accepted", "rejected", "withdrawn"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  submitted: "Awaiting the seller",
  countered: "Countered by the seller",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};
/** An offer still being negotiated: the one a buyer may have at a time. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ["submitted", "countered"];

export const OFFER_ACTIONS = ["submitted", "countered", "revised", "accepted", "rejected", "withdrawn"] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Where an interested buyer stands, from first look to an offer (or passing). */
export const PIPELINE_STAGES = ["viewed", "nda_requested", "nda_signed", "nda_approved", "negotiating", "offered", "passed"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const STAGE_LABELS: Record<PipelineStage, string> = {
  viewed: "Viewed",
  nda_requested: "NDA requested",
  nda_signed: "NDA signed",
  nda_approved: "NDA approved",
  negotiating: "Negotiating",
  offered: "Offered",
  passed: "Passed",
};

/**
 * The rows a page of each of a desk's tables lists (NDAs, pipeline, viewers, documents, threads),
 * 25 as in the product's other tables: a desk draws seven tables on one page, and at 50 rows each
 * the busiest listing's desk was 190 KB of HTML, most of its 20 ms.
 */
export const DESK_TABLE_PAGE_SIZE = 25;

/** Why buyers pass on a project (the feedback form's list). */
export const FEEDBACK_REASONS = [
  "Pricing expectations too high",
  "Transaction too small",
  "Transaction too large",
  "Outside our target industries",
  "Outside our target geography",
  "Credit quality or loan performance",
  "Collateral or security is insufficient",
  "Not enough information provided",
  "Timing does not work for us",
  "Other",
] as const;

export const NOTIFICATION_KINDS = [
  "nda_requested",
  "nda_signed",
  "nda_approved",
  "nda_rejected",
  "message",
  "offer_new",
  "offer_countered",
  "offer_accepted",
  "offer_rejected",
  "offer_withdrawn",
  "feedback",
  "onboarding_verified",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Data room files: what may be uploaded, by what the bytes are (not the name). */
export const DOCUMENT_TYPES = ["pdf", "xlsx", "docx", "csv"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { pdf: "PDF", xlsx: "Excel", docx: "Word", csv: "CSV" };
export const DOCUMENT_CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  csv: "text/csv; charset=utf-8",
};

/** A buyer's workspace of a project: brokers have theirs under /brokers (spec §2's /{role}/myprojects/{id}). */
export function workspacePath(roles: readonly string[], projectId: number) {
  return roles.includes("ROLE_BROKER") && !roles.includes("ROLE_BUYER")
    ? `/brokers/myprojects/${projectId}`
    : `/buyers/myprojects/${projectId}`;
}

/** A buyer's (or broker's) deals page: where a deal on a listing they can no longer open is still shown. */
export function dealsPath(roles: readonly string[]) {
  return roles.includes("ROLE_BROKER") && !roles.includes("ROLE_BUYER") ? "/brokers/myprojects/index_new" : "/buyers/myprojects/index_new";
}


/** The steps of a deal the buyer's chart shows, in order (spec: viewed → NDA signed → approved → offer → accepted). */
export const DEAL_STEPS = ["Viewed", "NDA signed", "Approved", "Offer", "Accepted"] as const;

/** How many of DEAL_STEPS a deal has reached (at least 1: a deal starts with a look). */
export function dealStepsReached(deal: { dates: Partial<Record<PipelineStage, number>>; ndaStatus: NdaStatus | null; offerStatus: OfferStatus | null }) {
  if (deal.offerStatus === "accepted") return 5;
  if (deal.dates.offered !== undefined) return 4;
  if (deal.ndaStatus === NDA_APPROVED) return 3;
  if (deal.dates.nda_signed !== undefined) return 2;
  return 1;
}

/** The seller desk's form intents (the schema in lib/schemas/deal.ts answers each; a test holds them equal). */
export const DESK_INTENTS = [
  "approve-nda",
  "reject-nda",
  "block",
  "unblock",
  "auto-approve",
  "upload-document",
  "delete-document",
  "nda-template",
  "counter",
  "accept-offer",
  "reject-offer",
] as const;
