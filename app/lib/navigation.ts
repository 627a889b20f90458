import { ROLE_LABELS, type Role } from "./roles";

export type NavItem = { to: string; label: string };

/** What each role finds in the navigation; every link is a path its role may open. */
export const NAVIGATION: Record<Role | "member", readonly NavItem[]> = {
  member: [{ to: "/home", label: "Home" }],
  buyer: [
    { to: "/home", label: "Dashboard" },
    { to: "/buyers/search", label: "Search" },
    { to: "/buyers/myprojects/index_new", label: "My deals" },
    { to: "/preferences", label: "Preferences" },
    { to: "/buyers/terms/referral-program", label: "Referral program" },
  ],
  seller: [
    { to: "/home", label: "Dashboard" },
    { to: "/sellers/myprojects", label: "My projects" },
    { to: "/sellers/myprojects/drafts", label: "Drafts" },
    { to: "/projects/create", label: "List a project" },
    { to: "/sellers/analytics/real-estate", label: "Real-estate analytics" },
    { to: "/sellers/analytics/loan-pricing", label: "Loan pricing" },
  ],
  broker: [
    { to: "/home", label: "Dashboard" },
    { to: "/brokers/search", label: "Search" },
    { to: "/brokers/myprojects/index_new", label: "My deals" },
    { to: "/preferences", label: "Preferences" },
    { to: "/buyers/terms/referral-program", label: "Referral program" },
  ],
  admin: [
    { to: "/home", label: "Dashboard" },
    { to: "/admin/projects", label: "Projects" },
    { to: "/admin/customers", label: "Customers" },
    { to: "/admin/users", label: "Users" },
    { to: "/admin/analytics", label: "Page sessions" },
    { to: "/admin/system/matchmaking-bot", label: "Matchmaking" },
    { to: "/admin/system/properties", label: "Properties" },
    { to: "/admin/system/sic-data-sets", label: "SIC data sets" },
    { to: "/admin/system/interest-rates", label: "Interest rates" },
    { to: "/admin/system/coefficients", label: "Coefficients" },
    { to: "/admin/uploads/individual-listings", label: "Uploads" },
    { to: "/admin/contact-us-messages", label: "Contact messages" },
    { to: "/admin/demorequests", label: "Demo requests" },
    { to: "/admin/userinquiries", label: "User inquiries" },
    { to: "/admin/affilate-inquiries", label: "Affiliate inquiries" },
    { to: "/admin/marketing/affiliates", label: "Affiliates" },
    { to: "/admin/potential-customers", label: "Potential customers" },
    { to: "/admin/onboard-chats", label: "On-boarding chats" },
    { to: "/admin/log", label: "Audit log" },
    { to: "/admin/outbox", label: "Outbox" },
  ],
};

export const VISITOR_NAVIGATION: readonly NavItem[] = [
  { to: "/jobs", label: "Jobs" },
  { to: "/broker-affiliate", label: "Broker affiliates" },
  { to: "/contact-us", label: "Contact us" },
];

/**
 * The header of a page for who is asking: the links of their role and the role's name. The server
 * answers it with the root's data, so the browser never loads every role's menu.
 */
export function headerFor(user: { role: Role | null; roles?: readonly string[] } | null) {
  const links = user ? NAVIGATION[user.role ?? "member"] : VISITOR_NAVIGATION;
  // a member who buys and also sells acts as a buyer, and opens their listings' pages as a seller: the
  // header leads there too (their seller notifications did, and nothing else). A broker who also sells is
  // never here: the seller comes before the broker (spec §3), so theirs is the seller's header, which has them
  const alsoSells = user?.role === "buyer" && user.roles?.includes("ROLE_SELLER");
  return {
    navigation: alsoSells ? [...links, ALSO_SELLING] : links,
    roleLabel: user?.role ? ROLE_LABELS[user.role] : null,
  };
}

const ALSO_SELLING: NavItem = { to: "/sellers/myprojects", label: "My listings" };
export type SiteHeaderData = ReturnType<typeof headerFor>;
