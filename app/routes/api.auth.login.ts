import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { z } from "zod";
import { apiError, apiJson, beginApiRequest } from "~/.server/api";
import { issueApiToken } from "~/models/api-tokens.server";
import { SIGNIN_MESSAGES, verifySignin } from "~/models/users.server";
import { messages } from "~/lib/validation";

const credentials = z.object({
  email: z.string({ error: messages.required }).min(1, messages.required),
  password: z.string({ error: messages.required }).min(1, messages.required),
});

/** POST {"email","password"} → {"token"}; the token is then sent as `Authorization: Bearer`. */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "login", { limit: 20, windowMs: 60_000 });
  if (args.request.method !== "POST") return apiError(services, 405, "Method not allowed", { Allow: "POST" });
  let body: unknown;
  try {
    body = await args.request.json();
  } catch {
    return apiError(services, 400, "The body must be JSON");
  }
  const parsed = credentials.safeParse(body);
  if (!parsed.success) {
    return apiJson(
      services,
      { error: "Invalid credentials payload", fields: z.flattenError(parsed.error).fieldErrors },
      { status: 400 },
    );
  }
  const result = await verifySignin(services.db, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    if (result.reason === "slowed") {
      return apiError(services, 429, SIGNIN_MESSAGES.slowed(result.retryAfterSeconds), {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return apiError(services, 401, SIGNIN_MESSAGES[result.reason]);
  }
  const { token, expiresAt } = await issueApiToken(services.db, result.user.id);
  return apiJson(services, { token, token_type: "Bearer", expires_at: expiresAt.toISOString() });
}

export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "login");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
