/**
 * The admin's buyer table on a project (spec §3's buyer columns for one project):
 * the matched companies with where each stands on the project, a column choice
 * kept per admin like the other admin tables.
 */
export const PROJECT_BUYER_COLUMNS = [
  { value: "select", label: "Select", enabled: true, sortable: false },
  { value: "customerName", label: "Customer", enabled: true },
  { value: "score", label: "Score", enabled: true },
  { value: "reasons", label: "Reasons", enabled: true, sortable: false },
  { value: "responsivenessScore", label: "Responsiveness", enabled: true },
  { value: "responsivenessReason", label: "Responsiveness reason", enabled: true, sortable: false },
  { value: "viewedThisProject", label: "Viewed", enabled: true, sortable: false },
  { value: "ndaStatus", label: "NDA", enabled: true, sortable: false },
  { value: "offer", label: "Offer", enabled: true, sortable: false },
  { value: "impression", label: "Impressions", enabled: true },
  { value: "invitedAt", label: "Invited", enabled: true },
  { value: "lastLogin", label: "Last login", enabled: true },
] as const satisfies ReadonlyArray<{ value: string; label: string; enabled: boolean; sortable?: boolean }>;
export type ProjectBuyerColumn = (typeof PROJECT_BUYER_COLUMNS)[number]["value"];

/** The columns the server sorts by. */
export const PROJECT_BUYER_SORTS = ["score", "customerName", "responsivenessScore", "impression", "invitedAt", "lastLogin"] as const;
export type ProjectBuyerSort = (typeof PROJECT_BUYER_SORTS)[number];
export const isProjectBuyerSort = (v: string): v is ProjectBuyerSort => (PROJECT_BUYER_SORTS as readonly string[]).includes(v);
