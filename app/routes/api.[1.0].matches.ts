import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest } from "~/auth/api.server";
import { NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { customerMatches } from "~/models/matches.server";

/** A buyer's matched projects (its company's), best first; 404 for anyone who is not a buyer. */
export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "matches");
  const user = await apiOrSessionUser(services, args.request);
  if (!user) return apiError(services, 401, "Sign in or send a Bearer token");
  if (primaryRole(user.roles) !== "buyer") return apiError(services, 404, NOT_FOUND_MESSAGE);
  const rows = user.customerId === null ? [] : await customerMatches(services.db, { customerId: user.customerId, limit: 100 });
  return apiJson(services, { data: rows.map(({ projectId, score, reasons }) => ({ projectId, score, reasons })) });
}
