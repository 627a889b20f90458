import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, apiOrSessionUser, beginApiRequest, methodNotAllowed, refuseOptions } from "~/auth/api.server";
import { idOf, NOT_FOUND_MESSAGE } from "~/.server/http";
import { primaryRole } from "~/lib/roles";
import { campaignForApi } from "~/models/campaigns.server";

/** A campaign's progress {id, channel, status, total, queued, sent, failed, cancelled, suppressed, unreachable, noAllowance, sendAt} for admins; 404 for anyone else. */
export async function loader(args: LoaderFunctionArgs) {
  refuseOptions(args.request);
  const services = await beginApiRequest(args, "campaigns");
  const user = await apiOrSessionUser(services, args.request);
  const id = idOf(args.params);
  const campaign = user && id && primaryRole(user.roles) === "admin" ? await campaignForApi(services.db, { campaignId: id }) : null;
  if (!campaign) return apiError(services, 404, NOT_FOUND_MESSAGE);
  return apiJson(services, { data: campaign });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET, HEAD: the loader answers a HEAD as a GET). */
export const action = methodNotAllowed("GET");
