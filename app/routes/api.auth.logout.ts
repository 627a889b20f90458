import type { ActionFunctionArgs } from "@remix-run/server-runtime";
import { apiJson, beginApiRequest, methodNotAllowed, requireApiUser } from "~/auth/api.server";
import { revokeApiToken } from "~/models/api-tokens.server";

/** Revokes the Bearer token it is called with (POST only: a PUT or DELETE revokes nothing, 405). */
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST")();
  const services = await beginApiRequest(args, "logout");
  const { token } = await requireApiUser(services, args.request);
  await revokeApiToken(services.db, token);
  return apiJson(services, { revoked: true });
}

/** A GET is no way to log out: told so in JSON, as the login endpoint tells it. */
export const loader = methodNotAllowed("POST");
