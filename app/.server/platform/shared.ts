import type { Env } from "../env";
import { SEED_DOCUMENTS } from "../../../cms/seed/documents";
import { localContentSource, sanityContentSource, type ContentSource } from "../content/sources";

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
