import { redirect } from "@remix-run/server-runtime";
import type { Database } from "~/.server/db";
import { notFound, idParam } from "~/.server/http";
import { isPathAllowed } from "~/lib/access";
import { pagePathOf, requireMember, requireUser, type GuardArgs } from "./guards.server";
import { isOwnSection, projectDetailRedirect, type ProjectSection } from "~/lib/project-detail";
import { mayManageProject } from "~/models/projects.server";
import { findDealProject } from "~/models/buyer-deal.server";
import { findContract, ndaStatusOf } from "~/models/contracts.server";
import { findTeamProject } from "~/models/seller-permissions.server";
import { dealsPath, NDA_APPROVED } from "~/lib/deal";
import { redirectWithNotification } from "./session.server";

/** What a buyer opening the workspace of a listing no longer on the market for them is told, on their deals page. */
export const CLOSED_LISTING_NOTICE = "That listing is no longer on the market, so its pages are closed; your deal on it is shown here.";
import type { DealSection } from "~/lib/deal-section.server";

/**
 * The guard of the section project pages. A visitor goes to the home page's
 * sign-in prompt; a member of another section is redirected as spec §2 says
 * (before the role table would answer 404), provided the project's deal is one they may read.
 */
export async function requireProjectSection(args: GuardArgs, section: ProjectSection) {
  const { services, user, role } = await requireMember(args);
  const id = idParam(args.params);
  // the contract is read only when the page belongs to another section
  const target = isOwnSection(role, section) ? null : projectDetailRedirect(role, section, id, await ndaStatusOf(services.db, { projectId: id, userId: user.id }));
  if (target) {
    if (!(await findDealProject(services.db, { id: user.id, role }, id))) throw notFound();
    throw redirect(target);
  }
  if (role === null || !isPathAllowed(role, pagePathOf(args.request).pathname)) throw notFound();
  return { services, user, role, id };
}

/**
 * The buyer's (or broker's) workspace of a project: only with an approved NDA;
 * any other status, or none, leads to the teaser (spec §2). On a sold listing, only its buyer's
 * (decision 092): `soldToViewerAt` is then the sale's date, and the workspace takes no new step.
 *
 * `beside` starts a page's own reads with the project's and the contract's (on D1, reads started
 * together go as one call, decision 037); what they found is returned only once both allow it.
 */
export async function requireWorkspace<Extra = undefined>(
  args: GuardArgs,
  section: DealSection,
  beside?: (deal: { db: Database; projectId: number; buyerId: number }) => Promise<Extra>,
) {
  const guarded = await requireProjectSection(args, section);
  const { services, user, role, id } = guarded;
  const [deal, contract, extra] = await Promise.all([
    findDealProject(services.db, { id: user.id, role }, id),
    findContract(services.db, { projectId: id, buyerId: user.id }),
    beside ? beside({ db: services.db, projectId: id, buyerId: user.id }) : (undefined as Extra),
  ]);
  if (!deal) {
    // a deal on a listing that has left the market for this buyer (withdrawn, sold to another): the links of their
    // own notifications and e-mails lead here, and a bare 404 told them nothing; their deals page shows it closed.
    // A step posted to it is refused (404), as any step on a listing they may not see.
    if (contract && args.request.method === "GET") throw await redirectWithNotification(services, args.request, dealsPath(user.roles), CLOSED_LISTING_NOTICE, "info");
    throw notFound();
  }
  if (contract?.ndaStatus !== NDA_APPROVED) throw redirect(`/projects/more-details/${id}`);
  return { ...guarded, project: deal.project, soldToViewerAt: deal.soldToViewerAt, contract, extra };
}

/**
 * A project any member may see (its files, its teaser): 404 when it is not one they may see.
 * `manages` is the seller's side: an admin, the project's seller, or a colleague who may view it
 * (decision 027), who reads the deal's letters and signed NDAs the desk links to, in any status
 * the desk shows, as they read its data room. A sold listing's buyer reads their own (decision 092).
 */
export async function requireVisibleProject(args: GuardArgs) {
  const guarded = await requireUser(args, { role: "member" });
  const { services, user, role } = guarded;
  const id = idParam(args.params);
  // a page every role shares: a member who buys and sells acts here as a buyer, yet their team's projects are theirs
  const team = user.roles.includes("ROLE_SELLER") ? await findTeamProject(services.db, { userId: user.id, projectId: id }) : null;
  if (team) return { ...guarded, project: team.project, manages: true };
  const deal = await findDealProject(services.db, { id: user.id, role }, id);
  if (!deal) throw notFound();
  return { ...guarded, project: deal.project, manages: mayManageProject({ id: user.id, role }, deal.project) };
}
