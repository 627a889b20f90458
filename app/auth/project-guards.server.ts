import { redirect } from "@remix-run/server-runtime";
import { assertSameOrigin, notFound, idParam } from "~/.server/http";
import { currentUser, pagePathOf, type GuardArgs } from "~/auth/guards.server";
import { getServices } from "~/services.server";
import { isOwnSection, projectDetailRedirect, type ProjectSection } from "~/lib/project-detail";
import { primaryRole } from "~/lib/roles";
import { findVisibleProject } from "~/models/projects.server";
import { ndaStatusOf } from "~/models/contracts.server";

/**
 * The guard of the section project pages. A visitor goes to the home page's
 * sign-in prompt; a member of another section is redirected as spec §2 says
 * (before the role table would answer 404), provided the project is one they may see.
 */
export async function requireProjectSection(args: GuardArgs, section: ProjectSection) {
  assertSameOrigin(args.request);
  const services = await getServices(args.context);
  const user = await currentUser(services, args.request);
  const { pathname, search } = pagePathOf(args.request);
  if (!user) throw redirect(`/home?${new URLSearchParams({ redirect: pathname + search, login: "true" })}`);
  const role = primaryRole(user.roles);
  const id = idParam(args.params);
  // the contract is read only when the page belongs to another section
  const target = isOwnSection(role, section) ? null : projectDetailRedirect(role, section, id, await ndaStatusOf(services.db, id, user.id));
  if (target) {
    const project = await findVisibleProject(services.db, { id: user.id, role }, id);
    if (!project) throw notFound();
    throw redirect(target);
  }
  return { services, user, role: role!, id };
}
