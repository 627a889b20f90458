import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest, methodNotAllowed } from "~/auth/api.server";
import { idOf, NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { projectMatchesFor } from "~/models/matches.server";
import { findVisibleProject, mayManageProject } from "~/models/projects.server";
import { pageNumber } from "~/lib/query-params";

/** A project's matched buyers, best first, for its seller or an admin (Bearer token or session); 404 for anyone else. */
export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "matches");
  const user = await apiOrSessionUser(services, args.request);
  if (!user) return apiError(services, 401, "Sign in or send a Bearer token");
  const viewer = { id: user.id, role: primaryRole(user.roles) };
  const id = idOf(args.params);
  const project = id === null ? null : await findVisibleProject(services.db, viewer, id);
  if (!project || !mayManageProject(viewer, project)) return apiError(services, 404, NOT_FOUND_MESSAGE);
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  const { rows } = await projectMatchesFor(services.db, { projectId: project.id, admin: viewer.role === "admin", page, pageSize: 100 });
  return apiJson(services, {
    data: rows.map((r) => ({
      customerId: r.customerId,
      customerName: r.customerName,
      score: r.score,
      reasons: r.reasons,
      responsivenessScore: r.responsivenessScore,
    })),
  });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET). */
export const action = methodNotAllowed("GET");
