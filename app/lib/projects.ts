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
 * and a seller or admin may withdraw a listing.
 */
export const PROJECT_STATUSES = ["draft", "submitted", "rejected", "published", "under_offer", "sold", "withdrawn"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: "Draft",
  submitted: "Submitted for review",
  rejected: "Returned to seller",
  published: "Published",
  under_offer: "Under offer",
  sold: "Sold",
  withdrawn: "Withdrawn",
};

/** What buyers and brokers can find and open. */
export const VISIBLE_TO_BUYERS: readonly ProjectStatus[] = ["published", "under_offer"];

/** Transaction size bands of spec §9, in USD, keyed like the "transactionScales" constant list. */
export const SIZE_BANDS: Record<string, { min: number; max: number | null }> = {
  lt1m: { min: 0, max: 1_000_000 },
  "1-5m": { min: 1_000_000, max: 5_000_000 },
  "5-10m": { min: 5_000_000, max: 10_000_000 },
  "10-25m": { min: 10_000_000, max: 25_000_000 },
  "25-50m": { min: 25_000_000, max: 50_000_000 },
  "50-100m": { min: 50_000_000, max: 100_000_000 },
  "100-300m": { min: 100_000_000, max: 300_000_000 },
  "300-500m": { min: 300_000_000, max: 500_000_000 },
  gt500m: { min: 500_000_000, max: null },
};

export function sizeBandOf(size: number | null | undefined): string | null {
  if (size === null || size === undefined) return null;
  for (const [key, band] of Object.entries(SIZE_BANDS)) {
    if (size >= band.min && (band.max === null || size < band.max)) return key;
  }
  return null;
}
