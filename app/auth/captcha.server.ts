import type { Database } from "~/.server/db";
import type { Env } from "~/.server/env";
import { turnstileEnabled, verifyTurnstile } from "~/.server/turnstile";
import { hitRateLimit, rateLimitCount } from "~/models/rate-limits.server";

/** From this many failed sign-ins from one address (in the window), sign-in asks for the robot check. */
export const CAPTCHA_AFTER_FAILURES = 3;
const FAILURE_WINDOW_MS = 60 * 60_000;
const failuresKey = (address: string) => `signin-failed:${address}`;

export const CAPTCHA_MESSAGE = "Please complete the check that you are not a robot.";

/** The site key when the form must show the check, else null (Turnstile not keyed, or not needed yet). */
export function captchaSiteKey(env: Env) {
  return turnstileEnabled(env) ? env.TURNSTILE_SITE_KEY! : null;
}

export async function signinNeedsCaptcha(db: Database, env: Env, address: string, now = Date.now()) {
  if (!turnstileEnabled(env)) return false;
  return (await rateLimitCount(db, failuresKey(address), FAILURE_WINDOW_MS, now)) >= CAPTCHA_AFTER_FAILURES;
}

export async function recordSigninFailureFrom(db: Database, address: string, now = Date.now()) {
  await hitRateLimit(db, failuresKey(address), { limit: CAPTCHA_AFTER_FAILURES, windowMs: FAILURE_WINDOW_MS }, now);
}

/** Verifies the widget's token that came with the form (true when Turnstile is not keyed). */
export async function passesCaptcha(env: Env, formData: FormData, address: string) {
  const token = formData.get("cf-turnstile-response");
  return verifyTurnstile(env, typeof token === "string" && token ? token : null, address);
}
