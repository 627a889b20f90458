import { redirect, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { notFound } from "~/.server/http";
import { requireProjectSection } from "~/.server/project-guard";
import { findVisibleProject } from "~/models/projects.server";

/**
 * The buyer's workspace of a project opens with an approved NDA (the deal flow);
 * without one, spec §2 sends the buyer to the teaser.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role, id } = await requireProjectSection(args, "buyers");
  const project = await findVisibleProject(services.db, { id: user.id, role }, id);
  if (!project) throw notFound();
  return redirect(`/projects/more-details/${id}`);
}
