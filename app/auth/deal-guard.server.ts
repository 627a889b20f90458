import { redirect } from "@remix-run/server-runtime";
import type { GuardArgs } from "~/auth/guards.server";
import { notFound } from "~/.server/http";
import { requireProjectSection } from "~/auth/project-guards.server";
import { NDA_APPROVED } from "~/lib/deal";
import { findContract } from "~/models/contracts.server";
import { findVisibleProject } from "~/models/projects.server";

/**
 * The buyer's (or broker's) workspace of a project: only with an approved NDA;
 * any other status, or none, leads to the teaser (spec §2).
 */
export async function requireWorkspace(args: GuardArgs, section: "buyers" | "brokers") {
  const guarded = await requireProjectSection(args, section);
  const { services, user, role, id } = guarded;
  const project = await findVisibleProject(services.db, { id: user.id, role }, id);
  if (!project) throw notFound();
  const contract = await findContract(services.db, project.id, user.id);
  if (contract?.ndaStatus !== NDA_APPROVED) throw redirect(`/projects/more-details/${id}`);
  return { ...guarded, project, contract };
}
