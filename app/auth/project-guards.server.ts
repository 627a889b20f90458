import { redirect } from "@remix-run/server-runtime";
import type { Database } from "~/.server/db";
import { notFound, idParam } from "~/.server/http";
import { isPathAllowed } from "~/lib/access";
import { pagePathOf, requireMember, requireUser, type GuardArgs } from "./guards.server";
import { isOwnSection, projectDetailRedirect, type ProjectSection } from "~/lib/project-detail";
import { mayManageProject, projectWithId } from "~/models/projects.server";
import { findDealProject } from "~/models/buyer-deal.server";
import { findContract, ndaStatusOf } from "~/models/contracts.server";
import { findTeamProject } from "~/models/seller-permissions.server";
import { dealsPath, NDA_APPROVED } from "~/lib/deal";
import { redirectWithNotification } from "./session.server";
import type { ClosedListing } from "~/components/closed-listing.server";

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
  const found = await findWorkspace(args, section, beside);
  if (found.closed) throw notFound();
  return found;
}

/**
 * The workspace a step is posted to, as requireWorkspace finds it; or, when the listing of the
 * buyer's deal has left the market for them since their page was read (withdrawn, sold to another),
 * `closed`: its name and why, which they knew, so that the step is refused saying so and the text
 * they typed is not lost (a listing they never had a deal on still answers 404).
 */
export async function requireWorkspaceStep(args: GuardArgs, section: DealSection) {
  return findWorkspace(args, section);
}

async function findWorkspace<Extra>(
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
    // A step posted to it is told the same (requireWorkspaceStep), and any other member gets 404.
    if (contract && args.request.method === "GET") throw await redirectWithNotification(services, args.request, dealsPath(user.roles), CLOSED_LISTING_NOTICE, "info");
    const closed = contract ? await closedListingOf(services.db, id, `/${section}/myprojects/index_new`) : null;
    if (!closed) throw notFound();
    return { closed };
  }
  if (contract?.ndaStatus !== NDA_APPROVED) throw redirect(`/projects/more-details/${id}`);
  return { ...guarded, project: deal.project, soldToViewerAt: deal.soldToViewerAt, contract, extra };
}

/** What a refusal may say of a listing gone from the market for a buyer with a deal on it: its name, and whether it was withdrawn. */
async function closedListingOf(db: Database, projectId: number, dealsPath: string): Promise<ClosedListing | null> {
  const project = await projectWithId(db, projectId);
  return project ? { projectName: project.projectName, withdrawn: project.status === "withdrawn", dealsPath } : null;
}

/**
 * A listing the member may no longer see but had a deal on (an NDA asked for, in any status): what a
 * step posted from its teaser, read before, is told instead of a bare 404. Null for any other: a listing
 * they never had a deal on stays missing to them.
 */
export async function closedDealOf(db: Database, user: { id: number; roles: readonly string[] }, projectId: number) {
  return (await findContract(db, { projectId, buyerId: user.id })) ? closedListingOf(db, projectId, dealsPath(user.roles)) : null;
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
