import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { apiError, apiJson, beginApiRequest, requireApiUser } from "~/auth/api.server";
import { revokeApiToken } from "~/models/api-tokens.server";

/** Revokes the Bearer token it is called with. */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "logout");
  const { token } = await requireApiUser(services, args.request);
  await revokeApiToken(services.db, token);
  return apiJson(services, { revoked: true });
}

/** A GET is no way to log out: told so in JSON, as the login endpoint tells it. */
export const loader = () => apiError(null, 405, "Method not allowed", { Allow: "POST" });
