import { redirect } from "@remix-run/server-runtime";
import type { Database } from "~/.server/db";
import { notFound, idParam } from "~/.server/http";
import { isPathAllowed } from "~/lib/access";
import { pagePathOf, requireMember, requireUser, type GuardArgs } from "./guards.server";
import { isOwnSection, projectDetailRedirect, type ProjectSection } from "~/lib/project-detail";
import { findVisibleProject, mayManageProject } from "~/models/projects.server";
import { findContract, ndaStatusOf } from "~/models/contracts.server";
import { findTeamProject } from "~/models/seller-permissions.server";
import { NDA_APPROVED } from "~/lib/deal";
import type { DealSection } from "~/lib/deal-section.server";

/**
 * The guard of the section project pages. A visitor goes to the home page's
 * sign-in prompt; a member of another section is redirected as spec §2 says
 * (before the role table would answer 404), provided the project is one they may see.
 */
export async function requireProjectSection(args: GuardArgs, section: ProjectSection) {
  const { services, user, role } = await requireMember(args);
  const id = idParam(args.params);
  // the contract is read only when the page belongs to another section
  const target = isOwnSection(role, section) ? null : projectDetailRedirect(role, section, id, await ndaStatusOf(services.db, { projectId: id, userId: user.id }));
  if (target) {
    const project = await findVisibleProject(services.db, { id: user.id, role }, id);
    if (!project) throw notFound();
    throw redirect(target);
  }
  if (role === null || !isPathAllowed(role, pagePathOf(args.request).pathname)) throw notFound();
  return { services, user, role, id };
}

/**
 * The buyer's (or broker's) workspace of a project: only with an approved NDA;
 * any other status, or none, leads to the teaser (spec §2).
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
  const [project, contract, extra] = await Promise.all([
    findVisibleProject(services.db, { id: user.id, role }, id),
    findContract(services.db, { projectId: id, buyerId: user.id }),
    beside ? beside({ db: services.db, projectId: id, buyerId: user.id }) : (undefined as Extra),
  ]);
  if (!project) throw notFound();
  if (contract?.ndaStatus !== NDA_APPROVED) throw redirect(`/projects/more-details/${id}`);
  return { ...guarded, project, contract, extra };
}

/**
 * A project any member may see (its files, its teaser): 404 when it is not one they may see.
 * `manages` is the seller's side: an admin, the project's seller, or a colleague who may view it
 * (decision 027), who reads the deal's letters and signed NDAs the desk links to, in any status
 * the desk shows, as they read its data room.
 */
export async function requireVisibleProject(args: GuardArgs) {
  const guarded = await requireUser(args, { role: "member" });
  const { services, user, role } = guarded;
  const id = idParam(args.params);
  const team = role === "seller" ? await findTeamProject(services.db, { userId: user.id, projectId: id }) : null;
  if (team) return { ...guarded, project: team.project, manages: true };
  const project = await findVisibleProject(services.db, { id: user.id, role }, id);
  if (!project) throw notFound();
  return { ...guarded, project, manages: mayManageProject({ id: user.id, role }, project) };
}
