import { AFFILIATE_CODE, MEMBER_CODE } from "~/lib/affiliates";
import { cookieValue } from "./cookies";
import { isProduction, type Env } from "./env";

/**
 * The referral code a visitor arrived with (`/join?ref=CODE`), kept for 30 days: a visitor who
 * leaves the sign-up page to read about the marketplace and comes back by the header's "Join" came
 * back without the code, and the partner or member who sent them was never credited.
 */
const NAME = "referral";
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
// a partner's or a member's code, in any case (as the sign-up reads them); anything else is not kept
const isCode = (text: string) => AFFILIATE_CODE.test(text.toUpperCase()) || MEMBER_CODE.test(text.toLowerCase());

/** The code this request names (its `?ref=`) or carries (the cookie), or null. */
export function referralCodeOf(request: Request): { code: string | null; fromUrl: boolean } {
  const named = new URL(request.url).searchParams.get("ref");
  if (named && isCode(named)) return { code: named, fromUrl: true };
  const kept = cookieValue(request, NAME);
  return { code: kept && isCode(kept) ? kept : null, fromUrl: false };
}

/** The header that keeps a code for the visitor's return (the sign-up page alone reads it). */
export function keepReferralCode(env: Pick<Env, "APP_ENV">, code: string) {
  return `${NAME}=${code}; Path=/join; Max-Age=${THIRTY_DAYS_S}; HttpOnly; SameSite=Lax${isProduction(env) ? "; Secure" : ""}`;
}

/** The header that drops a kept code (an account was made with it). */
export function forgetReferralCode(env: Pick<Env, "APP_ENV">) {
  return `${NAME}=; Path=/join; Max-Age=0; HttpOnly; SameSite=Lax${isProduction(env) ? "; Secure" : ""}`;
}
