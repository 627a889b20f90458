import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest, methodNotAllowed, refuseOptions, signInOrToken } from "~/auth/api.server";
import { idOf, NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { projectMatchesFor } from "~/models/matches.server";
import { findVisibleProject } from "~/models/projects.server";
import { findTeamProjectFor } from "~/models/seller-permissions.server";
import { pageNumber } from "~/lib/query-params";

/**
 * A project's matched buyers, best first (Bearer token or session): for an admin, and for whoever the
 * seller's project page shows them to (its seller, and a colleague whose grants let them view it);
 * 404 for anyone else.
 */
export async function loader(args: LoaderFunctionArgs) {
  refuseOptions(args.request);
  const services = await beginApiRequest(args, "matches");
  const user = await apiOrSessionUser(services, args.request);
  if (!user) return signInOrToken(services);
  const viewer = { id: user.id, role: primaryRole(user.roles) };
  const id = idOf(args.params);
  // the seller's page's own rule (findTeamProjectFor): a colleague it shows the buyers to was refused here
  const project =
    id === null ? null : viewer.role === "admin" ? await findVisibleProject(services.db, viewer, id) : ((await findTeamProjectFor(services.db, user, id))?.project ?? null);
  if (!project) return apiError(services, 404, NOT_FOUND_MESSAGE);
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  const { rows } = await projectMatchesFor(services.db, { projectId: project.id, admin: viewer.role === "admin", page, pageSize: 100 });
  return apiJson(services, {
    data: rows.map((r) => ({
      customerId: r.customerId,
      customerName: r.customerName,
      // a seller's CRM tells the anonymous apart as the page does: several nulls said nothing of which was which
      label: r.label,
      anonymous: r.anonymous,
      score: r.score,
      reasons: r.reasons,
      responsivenessScore: r.responsivenessScore,
    })),
  });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET, HEAD: the loader answers a HEAD as a GET). */
export const action = methodNotAllowed("GET");
