import type { Role } from "./roles";

export type ProjectSection = "sellers" | "buyers" | "brokers" | "admin";

const SECTION_OF: Record<Role, string> = { seller: "sellers", buyer: "buyers", broker: "brokers", admin: "admin" };

/**
 * Spec §2: a member who opens another role's project page (/sellers/myprojects/{id},
 * /buyers/myprojects/{id}, /admin/projects/{id}) is sent where their contract
 * allows: the full workspace with an approved NDA, the teaser otherwise; without
 * any contract an admin goes to the admin page and everyone else to the teaser.
 * Null: the page is the member's own section, stay.
 */
/** Is this project page in the member's own section (no redirect to consider)? */
export function isOwnSection(role: Role | null, section: ProjectSection) {
  return role !== null && SECTION_OF[role] === section;
}

export function projectDetailRedirect(role: Role | null, section: ProjectSection, id: number, ndaStatus: string | null) {
  if (isOwnSection(role, section)) return null;
  if (ndaStatus === "NDA Approved" && role) return `/${SECTION_OF[role]}/myprojects/${id}`;
  if (ndaStatus) return `/projects/more-details/${id}`;
  return role === "admin" ? `/admin/projects/${id}` : `/projects/more-details/${id}`;
}
