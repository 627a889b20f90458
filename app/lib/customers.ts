/** Which side of the market a customer (a company) is on: spec §3 customerType. */
export const CUSTOMER_TYPES = ["buyer", "seller", "broker"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { buyer: "Buyer", seller: "Seller", broker: "Broker" };

/**
 * A customer's on-boarding: invited (an admin created it), in progress (a member
 * started the checklist), verified (an admin checked investor type and evidence),
 * active (verified and a member signed in since). Only verified and active buyers sign NDAs.
 */
export const ONBOARDING_STATUSES = ["invited", "in_progress", "verified", "active"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const ONBOARDING_LABELS: Record<OnboardingStatus, string> = {
  invited: "Invited",
  in_progress: "In progress",
  verified: "Verified",
  active: "Active",
};

/** The host of a website, lower case and without "www.": how two customers are told to be the same company. */
export function websiteDomainOf(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}
