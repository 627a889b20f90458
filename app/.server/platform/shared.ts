import type { SessionIdStorageStrategy } from "@remix-run/server-runtime";
import { isProduction, type Env } from "../env";
import { SEED_DOCUMENTS } from "../../../cms/seed/documents";
import { localContentSource, sanityContentSource, type ContentSource } from "../content/sources";

/** Absolute lifetime of a session; the idle timeout is enforced in the sessions table. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export function sessionCookieOptions(env: Env): SessionIdStorageStrategy["cookie"] {
  return {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(env),
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}

/** Sanity when a project is configured; otherwise groq-js over the local dataset (by default the bundled seed). */
export function contentSourceFor(env: Env, local?: ContentSource): ContentSource {
  if (env.SANITY_PROJECT_ID && env.SANITY_DATASET) {
    return sanityContentSource({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      token: env.SANITY_API_TOKEN,
      apiHost: env.SANITY_API_HOST,
    });
  }
  return local ?? localContentSource(() => SEED_DOCUMENTS);
}
