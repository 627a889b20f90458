import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest, methodNotAllowed, refuseOptions, signInOrToken } from "~/auth/api.server";
import { NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { customerMatchesPage } from "~/models/matches.server";
import { pageNumber } from "~/lib/query-params";

/**
 * A buyer's matched projects (its company's, on listings it may see), best first, 100 a page
 * (`?page=`, read as the seller's `/projects/{id}/matches` reads it: past the last page, no rows);
 * 404 for anyone who is not a buyer.
 */
export async function loader(args: LoaderFunctionArgs) {
  refuseOptions(args.request);
  const services = await beginApiRequest(args, "matches");
  const user = await apiOrSessionUser(services, args.request);
  if (!user) return signInOrToken(services);
  if (primaryRole(user.roles) !== "buyer") return apiError(services, 404, NOT_FOUND_MESSAGE);
  const page = pageNumber(new URL(args.request.url).searchParams.get("page"));
  const rows = user.customerId === null ? [] : (await customerMatchesPage(services.db, { customerId: user.customerId, page, pageSize: 100 })).rows;
  return apiJson(services, { data: rows.map(({ projectId, score, reasons }) => ({ projectId, score, reasons })) });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET, HEAD: the loader answers a HEAD as a GET). */
export const action = methodNotAllowed("GET");
