import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import * as z from "zod";
import { apiError, apiJson, beginApiRequest, OTP_ENROLMENT_REQUIRED, readApiJson } from "~/auth/api.server";
import { issueApiToken } from "~/models/api-tokens.server";
import { mustEnrolTwoFactor } from "~/auth/guards.server";
import { checkPassword, checkSecondFactor } from "~/auth/signin.server";
import { SIGNIN_MESSAGES } from "~/models/users.server";

export const OTP_REQUIRED = "otp_required";
import { messages, notAJsonObject } from "~/lib/validation";
import { TOTP_KEY_UNREADABLE } from "~/models/two-factor.server";
import { once } from "~/lib/once";

/**
 * Missing is required; a value of another type (a number, a list) is named for what it is not, and
 * only that: zod's length checks run on anything with a length, and an empty list was "Required." too.
 * A refinement is skipped once the type is refused.
 */
const text = (field: string, asNumber = `${field} must be a string.`) =>
  z.string({ error: (issue) => (issue.input === undefined ? messages.required : typeof issue.input === "number" ? asNumber : `${field} must be a string.`) });

/**
 * A code sent as a number (123456) is refused, not read: 012345 would arrive as 12345, so a client doing so signed in
 * nine times in ten and failed the tenth. The refusal says so, for the client to fix at its first try.
 */
const OTP_AS_NUMBER = 'otp must be a string: send the code in quotes as the app shows it ("012345"); as a number it loses its leading zeros.';
const filled = (v: string) => v.length > 0;

const credentials = once(() => z.object({
  email: text("email").refine(filled, messages.required),
  password: text("password").refine(filled, messages.required),
  otp: text("otp", OTP_AS_NUMBER).max(40).optional(),
}));

const NOT_AN_OBJECT = notAJsonObject(["email", "password", "otp?"]);

/**
 * POST {"email","password"} → {"token"}; the token is then sent as `Authorization: Bearer`.
 * With two-factor sign-in on, 401 {"error":"otp_required"} until "otp" carries a valid
 * code from the app (or a recovery code).
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "login", { limit: 20, windowMs: 60_000 });
  if (args.request.method !== "POST") return apiError(services, 405, "Method not allowed", { Allow: "POST" });
  const read = await readApiJson(services, args.request);
  if ("refused" in read) return read.refused;
  const body = read.json;
  const parsed = credentials().safeParse(body);
  if (!parsed.success) {
    const notAnObject = typeof body !== "object" || body === null || Array.isArray(body);
    return apiJson(
      services,
      { error: "Invalid credentials payload", ...(notAnObject ? { message: NOT_AN_OBJECT } : {}), fields: z.flattenError(parsed.error).fieldErrors },
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
        : apiJson(services, { error: OTP_REQUIRED, message: second.reason === "unreadable" ? TOTP_KEY_UNREADABLE : "The code is not correct, or was used already." }, { status: 401 });
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
