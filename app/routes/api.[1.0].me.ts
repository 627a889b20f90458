import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { apiJson, beginApiRequest, requireApiUser, methodNotAllowed, refuseOptions } from "~/auth/api.server";
import { toPublicUser } from "~/models/users.server";

/** The signed-in API user, read by clients at data.user (spec §7). */
export async function loader(args: LoaderFunctionArgs) {
  refuseOptions(args.request);
  const services = await beginApiRequest(args, "me");
  const { user } = await requireApiUser(services, args.request);
  const { id, email, name, role, roles, scope } = toPublicUser(user);
  return apiJson(services, { data: { user: { id, email, name, role, roles, scope } } });
}

/** The endpoint is read with GET: any other method is told so in JSON (405, Allow: GET, HEAD: the loader answers a HEAD as a GET). */
export const action = methodNotAllowed("GET");
