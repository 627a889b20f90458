/** The inbound funnel (issue #12): what arrives from the public forms and members' questions. */
export const INBOUND_KINDS = ["demo", "inquiry", "affiliate", "contact"] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];
export const INBOUND_KIND_LABELS: Record<InboundKind, string> = {
  demo: "Demo request",
  inquiry: "User inquiry",
  affiliate: "Affiliate inquiry",
  contact: "Contact message",
};
/** Where admins read each kind. */
export const INBOUND_ADMIN_PATHS: Record<InboundKind, string> = {
  demo: "/admin/demorequests",
  inquiry: "/admin/userinquiries",
  affiliate: "/admin/affilate-inquiries",
  contact: "/admin/contact-us-messages",
};

export const INBOUND_STATUSES = ["new", "contacted", "converted", "dismissed"] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];
export const INBOUND_STATUS_LABELS: Record<InboundStatus, string> = {
  new: "New",
  contacted: "Contacted",
  converted: "Converted",
  dismissed: "Dismissed",
};

/** Where a potential customer came from. */
export const LEAD_SOURCES = ["demo", "affiliate", "onboarding", "import"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  demo: "Demo request",
  affiliate: "Affiliate inquiry",
  onboarding: "On-boarding chat",
  import: "CSV import",
};
export const LEAD_STATUSES = ["open", "converted", "dismissed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The columns a potential-customer CSV has, in this order (a header line first). */
export const LEAD_CSV_COLUMNS = ["name", "email", "company", "phone", "website", "notes"] as const;

export const INBOUND_PAGE_SIZE = 25;

/** A field people never see on the public forms; bots that fill every input fill it. */
export const HONEYPOT_FIELD = "website";
