import type { Role } from "./roles";

/**
 * Which paths each role may open (spec §2). The spec's front end allowed a path
 * that *contains* a prefix; that would open /admin/contact-us-messages to every
 * member (it contains /contact-us), so a prefix must match at a segment boundary.
 */
export const ROLE_PREFIXES: Record<Role, readonly string[]> = {
  seller: [
    "/sellers",
    "/projects/company",
    "/buyers/myprojects",
    "/projects/more-details",
    "/projects/create",
    "/messages",
    "/realestate",
    "/terms",
    "/privacy",
    "/jobs",
    "/contact-us",
    "/signin",
  ],
  buyer: [
    "/buyers",
    "/projects/more-details",
    "/messages",
    "/preferences",
    "/realestate",
    "/terms",
    "/privacy",
    "/jobs",
    "/contact-us",
    "/signin",
  ],
  broker: [
    "/brokers",
    "/projects/more-details",
    "/messages",
    // beyond the spec's table: a broker's company has criteria and saved searches too (issue #13)
    "/preferences",
    "/terms",
    "/privacy",
    "/jobs",
    "/contact-us",
    "/signin",
  ],
  admin: [
    "/admin",
    "/projects/company",
    "/projects/more-details",
    "/messages",
    "/realestate",
    "/terms",
    "/privacy",
    "/jobs",
    "/contact-us",
    "/signin",
  ],
};

/**
 * The on-boarding chats. Spec §2 lists them with the buyers' and sellers' pages; its
 * "contains" rule opened them through /buyers and /sellers, which a segment match does
 * not, so they are named here. Brokers answer the buyers' questions for their clients.
 */
const ONBOARDING: Partial<Record<Role, readonly string[]>> = {
  buyer: ["/on-board/buyers"],
  broker: ["/on-board/buyers"],
  seller: ["/on-board/sellers"],
};

/**
 * The referral programme. Spec §2 lists it with the buyers' and brokers' pages; its "contains" rule opened it
 * through /terms, which a segment match does not, so it is named here for the two roles it is listed for.
 */
const REFERRAL_PROGRAM: Partial<Record<Role, readonly string[]>> = {
  buyer: ["/buyers/terms/referral-program"],
  broker: ["/buyers/terms/referral-program"],
};

/** Open to every signed-in user whatever the role; the table omits them but every account needs them. */
const EVERY_MEMBER = ["/", "/home", "/profile", "/auth/signed-in", "/signout"];

/** Pages a visitor may open without signing in. */
const AUTH_FREE = ["/", "/home", "/terms", "/privacy", "/jobs", "/contact-us", "/broker-affiliate", "/nda-feedback", "/unsubscribe"];

/** Pages only for visitors: a signed-in user is sent home. */
const GUEST_ONLY = ["/signin", "/join", "/uobs/reset", "/uobs/invite"];

/** Project detail pages send a visitor to /home with a sign-in prompt instead of /signin. */
const PROJECT_DETAIL = [
  /^\/sellers\/myprojects\/\d+\/?$/,
  /^\/buyers\/myprojects\/\d+\/?$/,
  /^\/brokers\/myprojects\/\d+\/?$/,
  /^\/admin\/projects\/\d+\/?$/,
  /^\/projects\/more-details\/\d+\/?$/,
];

export function matchesPrefix(path: string, prefix: string): boolean {
  if (prefix === "/") return path === "/";
  return path === prefix || path.startsWith(prefix + "/");
}

const matchesAny = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => matchesPrefix(path, prefix));

export function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed || "/";
}

export function isGuestOnly(path: string) {
  return matchesAny(normalizePath(path), GUEST_ONLY);
}

export function isAuthFree(path: string) {
  const p = normalizePath(path);
  return AUTH_FREE.some((free) => (free === "/" ? p === "/" : matchesPrefix(p, free)));
}

export function isProjectDetail(path: string) {
  return PROJECT_DETAIL.some((re) => re.test(path));
}

/** May a signed-in user acting as `role` open `path`? (null role: only the pages every member has) */
export function isPathAllowed(role: Role | null, path: string): boolean {
  const p = normalizePath(path);
  if (EVERY_MEMBER.some((free) => (free === "/" ? p === "/" : p === free))) return true;
  if (isAuthFree(p)) return true;
  return role !== null && (matchesAny(p, ROLE_PREFIXES[role]) || matchesAny(p, ONBOARDING[role] ?? []) || matchesAny(p, REFERRAL_PROGRAM[role] ?? []));
}

/** The section a role's own pages live under, e.g. /sellers for a seller. */
export const ROLE_SECTION: Record<Role, string> = {
  seller: "/sellers",
  buyer: "/buyers",
  broker: "/brokers",
  admin: "/admin",
};

/**
 * Where a listing's teaser opens for this role: real estate has a page of its own,
 * but only for the roles the access table lets in (brokers read the common teaser).
 */
export function teaserPathFor(role: Role | null, project: { id: number; kind: string }) {
  const own = `/realestate/${project.id}`;
  return project.kind === "real_estate" && isPathAllowed(role, own) ? own : `/projects/more-details/${project.id}`;
}
