import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import * as z from "zod";
import { apiError, apiJson, beginApiRequest, OTP_ENROLMENT_REQUIRED } from "~/auth/api.server";
import { readJson } from "~/.server/body";
import { issueApiToken } from "~/models/api-tokens.server";
import { mustEnrolTwoFactor } from "~/auth/guards.server";
import { checkPassword, checkSecondFactor } from "~/auth/signin.server";
import { SIGNIN_MESSAGES } from "~/models/users.server";

export const OTP_REQUIRED = "otp_required";
import { messages } from "~/lib/validation";

const credentials = z.object({
  email: z.string({ error: messages.required }).min(1, messages.required),
  password: z.string({ error: messages.required }).min(1, messages.required),
  otp: z.string().max(40).optional(),
});

/**
 * POST {"email","password"} → {"token"}; the token is then sent as `Authorization: Bearer`.
 * With two-factor sign-in on, 401 {"error":"otp_required"} until "otp" carries a valid
 * code from the app (or a recovery code).
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "login", { limit: 20, windowMs: 60_000 });
  if (args.request.method !== "POST") return apiError(services, 405, "Method not allowed", { Allow: "POST" });
  let body: unknown;
  try {
    body = await readJson(args.request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return apiError(services, error.status, error.status === 413 ? "Payload too large" : "The body must be JSON");
  }
  const parsed = credentials.safeParse(body);
  if (!parsed.success) {
    return apiJson(
      services,
      { error: "Invalid credentials payload", fields: z.flattenError(parsed.error).fieldErrors },
      { status: 400 },
    );
  }
  const { email, password, otp } = parsed.data;
  const result = await checkPassword(services, args.request, email, password);
  if (!result.ok) {
    // one answer for an unknown e-mail, a wrong password and a slowed or locked account
    return apiError(services, result.reason === "disabled" ? 403 : 401, SIGNIN_MESSAGES[result.reason === "disabled" ? "disabled" : "refused"]);
  }
  let user = result.user;
  if (result.secondFactor) {
    if (!otp) return apiJson(services, { error: OTP_REQUIRED }, { status: 401 });
    const second = await checkSecondFactor(services, args.request, user, otp);
    if (!second.ok) {
      if (second.reason === "disabled") return apiError(services, 403, SIGNIN_MESSAGES.disabled);
      return second.reason === "locked"
        ? apiError(services, 401, SIGNIN_MESSAGES.refused)
        : apiJson(services, { error: OTP_REQUIRED, message: "The code is not correct, or was used already." }, { status: 401 });
    }
    user = second.user;
  } else if (mustEnrolTwoFactor(user)) {
    return apiJson(services, OTP_ENROLMENT_REQUIRED, { status: 403 });
  }
  const { token, expiresAt } = await issueApiToken(services.db, user.id);
  return apiJson(services, { token, token_type: "Bearer", expires_at: expiresAt.toISOString() });
}

export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "login");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
