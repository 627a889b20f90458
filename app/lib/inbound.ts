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
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { open: "Open", converted: "Converted", dismissed: "Dismissed" };

/** The columns a potential-customer CSV has, in this order (a header line first). */
export const LEAD_CSV_COLUMNS = ["name", "email", "company", "phone", "website", "notes"] as const;

export const INBOUND_PAGE_SIZE = 25;

/** Each kind's admin list, as its page and its title say it. */
export const INBOUND_LIST_TITLES: Record<InboundKind, string> = {
  demo: "Demo requests",
  inquiry: "User inquiries",
  affiliate: "Affiliate inquiries",
  contact: "Contact messages",
};

type Column = { value: string; label: string; enabled: boolean; sortable?: boolean };
const column = (value: string, label: string, enabled = true, sortable = true): Column => ({ value, label, enabled, sortable });

/**
 * The columns of one kind's admin table: what every item has, and what only its kind
 * has (the member, customer and project of an inquiry; an affiliate's website).
 */
export function inboundColumns(kind: InboundKind): Column[] {
  const inquiry = kind === "inquiry";
  return [
    column("id", "ID", false),
    column("createdAt", "Received"),
    column("name", "Name"),
    column("email", "E-mail"),
    column("company", "Company", !inquiry),
    column("phone", "Phone", kind !== "inquiry"),
    ...(inquiry ? [column("member", "Member"), column("customer", "Customer"), column("project", "Project")] : []),
    ...(kind === "affiliate" ? [column("companyWebsite", "Company website")] : []),
    column("message", "Message", true, false),
    column("status", "Status"),
    column("owner", "Owner"),
    column("updatedAt", "Updated", false),
    column("handling", "Handling", true, false),
  ];
}
export type InboundColumn = "id" | "createdAt" | "name" | "email" | "company" | "phone" | "member" | "customer" | "project" | "companyWebsite" | "message" | "status" | "owner" | "updatedAt" | "handling";

/** An inbound table's filters (in the URL and, when saved, per admin): owner is an admin's id or "none"; from and to are days. */
export const INBOUND_FILTERS = { q: "", status: "Any", owner: "Any", from: "", to: "" } as const;
export type InboundFilters = { -readonly [K in keyof typeof INBOUND_FILTERS]?: string };

/**
 * What an empty list of a kind says: filtered, that nothing matches and what to do; else that none has come yet.
 * It said "Nothing matches." of a list with no filter, which sent the admin looking for one to clear.
 */
export function inboundEmpty(kind: InboundKind, filters: InboundFilters) {
  const filtered = (Object.keys(INBOUND_FILTERS) as Array<keyof InboundFilters>).some((key) => filters[key] && filters[key] !== INBOUND_FILTERS[key]);
  return filtered ? "Nothing matches these filters: change or clear them." : `No ${INBOUND_LIST_TITLES[kind].toLowerCase()} yet: they arrive from the site's forms.`;
}

/** The preference key of each kind's table: one each, as their columns differ. */
export const INBOUND_TABLE_KEYS = {
  demo: "demoRequests",
  inquiry: "userInquiries",
  affiliate: "affiliateInquiries",
  contact: "contactMessages",
} as const satisfies Record<InboundKind, string>;

export const LEAD_COLUMNS = [
  column("id", "ID", false),
  column("createdAt", "Received"),
  column("source", "Source"),
  column("name", "Name"),
  column("email", "E-mail"),
  column("company", "Company"),
  column("phone", "Phone", false),
  column("website", "Website", false),
  column("notes", "Notes", true, false),
  column("status", "Status"),
  column("convertedCustomer", "Customer"),
  column("actions", "Actions", true, false),
];
export type LeadColumn = "id" | "createdAt" | "source" | "name" | "email" | "company" | "phone" | "website" | "notes" | "status" | "convertedCustomer" | "actions";
export const LEAD_FILTERS = { q: "", status: "Any", source: "Any", from: "", to: "" } as const;
export type LeadFilters = { -readonly [K in keyof typeof LEAD_FILTERS]?: string };

/** The first characters of a long text, for a table cell. */
export function excerpt(text: string, max = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A field people never see on the public forms; bots that fill every input fill it. */
export const HONEYPOT_FIELD = "website";

/** /contact-us: the contact form with a topic; "demo" makes it a demo request. */
export const CONTACT_TOPICS = [
  { value: "general", label: "A question or comment" },
  { value: "demo", label: "Request a demo" },
] as const;
