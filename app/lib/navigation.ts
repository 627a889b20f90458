import type { Role } from "./roles";

export type NavItem = { to: string; label: string };

/** What each role finds in the navigation; every link is a path its role may open. */
export const NAVIGATION: Record<Role | "member", readonly NavItem[]> = {
  member: [{ to: "/home", label: "Home" }],
  buyer: [
    { to: "/home", label: "Dashboard" },
    { to: "/buyers/terms/referral-program", label: "Referral program" },
  ],
  seller: [{ to: "/home", label: "Dashboard" }],
  broker: [{ to: "/home", label: "Dashboard" }],
  admin: [
    { to: "/home", label: "Dashboard" },
    { to: "/admin/users", label: "Users" },
    { to: "/admin/contact-us-messages", label: "Contact messages" },
    { to: "/admin/log", label: "Outbox" },
  ],
};

export const VISITOR_NAVIGATION: readonly NavItem[] = [
  { to: "/jobs", label: "Jobs" },
  { to: "/broker-affiliate", label: "Broker affiliates" },
  { to: "/contact-us", label: "Contact us" },
];
