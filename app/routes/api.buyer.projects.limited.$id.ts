import { NOT_FOUND_MESSAGE } from "~/.server/http";
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, beginApiRequest, requireApiUser, methodNotAllowed, refuseOptions } from "~/auth/api.server";
import { primaryRole } from "~/lib/roles";
import { findDealProject } from "~/models/buyer-deal.server";
import { ndaStatusOf } from "~/models/contracts.server";
import { findTeamProjectFor } from "~/models/seller-permissions.server";
import { idOf } from "~/.server/http";

/**
 * Spec §7: the limited project, read by clients for `contract_status.ndaStatus`; 404 when not visible.
 * A sold listing's buyer reads it too, with the status sold (decision 092): their deal's NDA stays theirs.
 * A seller reads what their desk opens (decision 027): a colleague's listing not yet published, to the
 * team's first member or a colleague given "view", was answered 404 while `/sellers/myprojects/{id}` showed it.
 */
export async function loader(args: LoaderFunctionArgs) {
  refuseOptions(args.request);
  const services = await beginApiRequest(args, "limited");
  const { user } = await requireApiUser(services, args.request);
  const id = idOf(args.params);
  const team = id !== null && user.roles.includes("ROLE_SELLER") ? await findTeamProjectFor(services.db, user, id) : null;
  const deal = id === null || team ? null : await findDealProject(services.db, { id: user.id, role: primaryRole(user.roles) }, id);
  const project = team?.project ?? deal?.project;
  if (!project) return apiError(services, 404, NOT_FOUND_MESSAGE);
  return apiJson(services, {
    id: project.id,
    projectName: project.projectName,
    status: project.status,
    contract_status: { ndaStatus: await ndaStatusOf(services.db, { projectId: project.id, userId: user.id }) },
  });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET, HEAD: the loader answers a HEAD as a GET). */
export const action = methodNotAllowed("GET");
