import type { Env } from "./env";

/** Cloudflare Turnstile, only when its keys are configured. */
export function turnstileEnabled(env: Env) {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

export async function verifyTurnstile(env: Env, token: string | null, remoteip?: string) {
  if (!turnstileEnabled(env)) return true;
  if (!token) return false;
  const body = new FormData();
  body.set("secret", env.TURNSTILE_SECRET_KEY!);
  body.set("response", token);
  if (remoteip && remoteip !== "local") body.set("remoteip", remoteip);
  try {
    const response = await fetch(env.TURNSTILE_VERIFY_URL, { method: "POST", body });
    if (!response.ok) return false;
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true;
  } catch (error) {
    console.error("turnstile verification failed:", error);
    return false;
  }
}
