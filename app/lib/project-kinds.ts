/*
 * A listing's kind and status with their names. Apart from lib/projects (columns, sizes, steps) so
 * that a page showing a status badge loads a few names, not every table's labels.
 */

/** The four kinds of listing and their lifecycle. */
export const PROJECT_KINDS = ["loan_pool", "real_estate", "insurance_loan", "limited_company"] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export const KIND_LABELS: Record<ProjectKind, string> = {
  loan_pool: "Loan pool",
  real_estate: "Real estate",
  insurance_loan: "Insurance-backed loan",
  limited_company: "Limited company",
};

/**
 * draft → submitted → published (after an admin's review) → under_offer → sold;
 * an admin may send a submission back (rejected, with a reason the seller sees),
 * and a seller or admin may withdraw a listing. A bulk upload's listings are
 * "importing" (seen by no one but admins) until the whole file is in.
 */
export const PROJECT_STATUSES = ["draft", "submitted", "rejected", "published", "under_offer", "sold", "withdrawn", "importing"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: "Draft",
  submitted: "Submitted for review",
  rejected: "Returned to seller",
  published: "Published",
  under_offer: "Under offer",
  sold: "Sold",
  withdrawn: "Withdrawn",
  importing: "Importing",
};

/** What buyers and brokers can find and open. */
export const VISIBLE_TO_BUYERS: readonly ProjectStatus[] = ["published", "under_offer"];
