import { redirect, type AppLoadContext } from "@remix-run/server-runtime";
import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { assertSameOrigin, notFound } from "~/.server/http";
import { isGuestOnly, isPathAllowed, isProjectDetail } from "~/lib/access";
import { ROLE_NAMES, primaryRole, type Role } from "~/lib/roles";
import { getServices } from "~/services.server";
import { currentUser, redirectWithNotification, signedOutPost } from "./session.server";

export type GuardArgs = { request: Request; context: AppLoadContext; params?: Record<string, string | undefined> };

/** The page a data request (?_data=...) belongs to: its path and query without _data. */
export function pagePathOf(request: Request) {
  // every loader's guard asks it, of its own copy of the same request (a document runs three or four):
  // a Worker's URL is parsed, and written again at each change of its query, in the runtime, at a cost
  // each time. The last address is kept, with its answer, which depends on nothing else
  if (request.url !== lastAddress) {
    const url = new URL(request.url);
    url.searchParams.delete("_data");
    url.searchParams.delete("index");
    lastPath = { pathname: url.pathname, search: url.search };
    lastAddress = request.url;
  }
  return { ...lastPath };
}
let lastAddress: string | undefined;
let lastPath = { pathname: "", search: "" };

/** The base guard every other one starts from: a same-origin request, the services, the member if any. */
async function whoIsAsking(args: GuardArgs) {
  assertSameOrigin(args.request);
  const services = await getServices(args.context);
  return { services, user: await currentUser(services, args.request, args.context) };
}

/** Pages anyone may open (the user, when there is one, is returned too). */
export async function allowAnyone(args: GuardArgs) {
  return whoIsAsking(args);
}

/**
 * Guest-only pages: a signed-in user is sent home. `link`: the page of a link e-mailed to one person (a
 * reset, an invitation), opened in a browser signed in to an account: the member landed on their home
 * with no word of why the link did nothing, and is told which account is signed in (the link stays usable).
 */
export async function requireAnonymous(args: GuardArgs, { link }: { link?: string } = {}) {
  const { services, user } = await whoIsAsking(args);
  if (user && link) throw await redirectWithNotification(services, args.request, "/home", `You are signed in as ${user.email}. To ${link}, sign out and open the link again.`, "info");
  if (user) throw redirect("/home");
  return { services };
}

/**
 * A signed-in member: a visitor is sent to sign in (project detail pages to the home
 * page's sign-in prompt), an admin without two-factor sign-in to enrol first.
 */
export async function requireMember(args: GuardArgs) {
  const { services, user } = await whoIsAsking(args);
  const { pathname, search } = pagePathOf(args.request);
  if (!user) {
    const wanted = pathname + search;
    // a form sent after its member was signed out (in another tab, or by an admin's disable or lock):
    // nothing of it is done; told so, not only shown the sign-in form, with the longer text typed kept
    if (args.request.method !== "GET" && args.request.method !== "HEAD") throw await signedOutPost(services, args.request, wanted);
    if (isProjectDetail(pathname)) {
      throw redirect(`/home?${new URLSearchParams({ redirect: wanted, login: "true" })}`);
    }
    throw redirect(`/signin?${new URLSearchParams({ redirect: wanted })}`);
  }
  if (isGuestOnly(pathname)) throw redirect("/home");
  if (mustEnrolTwoFactor(user) && pathname !== TWO_FACTOR_ENROLMENT_PATH) {
    throw redirect(`${TWO_FACTOR_ENROLMENT_PATH}?enrol=required`);
  }
  return { services, user, role: actingRole(user.roles, pathname) };
}

/**
 * The role a member acts as on a page: their first (spec §3), unless the page belongs to another role
 * they hold. A member who buys and sells acts as a buyer, yet their own listings' pages, where their
 * seller notifications lead, are theirs as a seller; first-role-only sent them to the teaser.
 */
export function actingRole(roles: readonly string[], pathname: string): Role | null {
  const first = primaryRole(roles);
  if (first === null || isPathAllowed(first, pathname)) return first;
  for (const name of ROLE_NAMES) {
    const role = roles.includes(name) ? primaryRole([name]) : null;
    if (role !== null && isPathAllowed(role, pathname)) return role;
  }
  return first;
}

/** Who may open a page: one role, several, or any signed-in member. */
export type RoleRule = Role | readonly Role[] | "member";

export function roleAllowed(role: Role | null, rule: RoleRule) {
  if (rule === "member") return true;
  return role !== null && (typeof rule === "string" ? rule === role : rule.includes(role));
}

/**
 * Every members' page: the role it is for is named at the call, and the access
 * table (app/lib/access.ts) must agree; a member who may not open the page gets 404.
 */
type Guarded<R> = { services: Services; user: User; role: R };
export function requireUser(args: GuardArgs, rule: { role: "member" }): Promise<Guarded<Role | null>>;
export function requireUser(args: GuardArgs, rule: { role: Role | readonly Role[] }): Promise<Guarded<Role>>;
export async function requireUser(args: GuardArgs, { role: rule }: { role: RoleRule }) {
  const guarded = await requireMember(args);
  const { pathname } = pagePathOf(args.request);
  if (!isPathAllowed(guarded.role, pathname) || !roleAllowed(guarded.role, rule)) throw notFound();
  return guarded;
}

export const TWO_FACTOR_ENROLMENT_PATH = "/profile";

/** Admins hold the keys to every account and listing: they use nothing else before two-factor sign-in is on. */
export function mustEnrolTwoFactor(user: User) {
  return user.roles.includes("ROLE_ADMIN") && !user.totpEnabledAt;
}
