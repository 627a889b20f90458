import type { SessionIdStorageStrategy } from "@remix-run/server-runtime";
import { cookieValue } from "./cookies";
import { isProduction, type Env } from "./env";

/** Absolute lifetime of a session; the idle timeout is enforced in the sessions table. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export const SESSION_COOKIE_NAME = "__session";

export function sessionCookieOptions(env: Env): SessionIdStorageStrategy["cookie"] {
  return {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(env),
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}

/** The session cookie's value as the browser sent it, signature and all: a key for what a verified cookie named. */
export function signedSessionCookieOf(request: Request) {
  return cookieValue(request, SESSION_COOKIE_NAME);
}
