import { createClient } from "@sanity/client";
import { evaluate, parse } from "groq-js";
import type { SeedDocument } from "../../../cms/seed/documents";

export type Perspective = "published" | "drafts";

/** `fresh`: read past any CDN in front of the source (a document of the query's types was just published). */
export type FetchOptions = { fresh?: boolean };

/** Runs one GROQ query; the two implementations answer the same queries the same way. */
export interface ContentSource {
  readonly kind: "sanity" | "local";
  fetch(groq: string, params: Record<string, unknown>, perspective: Perspective, options?: FetchOptions): Promise<unknown>;
}

const isDraft = (doc: SeedDocument) => doc._id.startsWith("drafts.");

/**
 * The dataset as Sanity's perspectives show it: "published" hides drafts;
 * "drafts" shows each draft in place of its published document.
 */
export function viewOf(documents: readonly SeedDocument[], perspective: Perspective): SeedDocument[] {
  if (perspective === "published") return documents.filter((d) => !isDraft(d));
  const drafts = new Map(documents.filter(isDraft).map((d) => [d._id.slice("drafts.".length), d]));
  const published = documents.filter((d) => !isDraft(d));
  const seen = new Set(published.map((d) => d._id));
  return [
    ...published.map((d) => (drafts.has(d._id) ? { ...drafts.get(d._id)!, _id: d._id } : d)),
    ...[...drafts].filter(([id]) => !seen.has(id)).map(([id, d]) => ({ ...d, _id: id })),
  ];
}

/** groq-js over an in-memory dataset: the embedded default, on Node and on Workers. */
export function localContentSource(load: () => Promise<readonly SeedDocument[]> | readonly SeedDocument[]): ContentSource {
  const parsed = new Map<string, ReturnType<typeof parse>>();
  return {
    kind: "local",
    async fetch(groq, params, perspective) {
      let tree = parsed.get(groq);
      // parse without params: groq-js would bake their values into a cached tree
      if (!tree) parsed.set(groq, (tree = parse(groq)));
      const dataset = viewOf(await load(), perspective);
      return (await evaluate(tree, { dataset, params })).get();
    },
  };
}

export const SANITY_API_VERSION = "2025-02-19";

type SanityConfig = {
  projectId: string;
  dataset: string;
  token?: string;
  /** A custom API host (Sanity supports them); the default is Sanity's own. */
  apiHost?: string;
};

/**
 * Sanity's API: the CDN for published content; the API itself for published content just
 * changed (the webhook arrives before the CDN has the change, up to a minute before, and a
 * read from it then would keep the old text for another minute); with a read token, drafts.
 */
export function sanityContentSource(config: SanityConfig): ContentSource {
  const { published, live, drafts } = sanityClients(config);
  return {
    kind: "sanity",
    fetch(groq, params, perspective, options) {
      const client = perspective === "drafts" && drafts ? drafts : options?.fresh ? live : published;
      return client.fetch(groq, params);
    },
  };
}

/**
 * How long a read from Sanity may take, and how often a failed one is tried again: the client's own
 * defaults (five minutes, five retries) held every page, which all read the site settings, while Sanity
 * was down or slow (3.5 s a page when its host refused connections); the cache serves the last good copy.
 */
export const SANITY_TIMEOUT_MS = 3_000;
export const SANITY_MAX_RETRIES = 1;

export function sanityClients(config: SanityConfig) {
  const published = createClient({
    timeout: SANITY_TIMEOUT_MS,
    maxRetries: SANITY_MAX_RETRIES,
    projectId: config.projectId,
    dataset: config.dataset,
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
    apiVersion: SANITY_API_VERSION,
    useCdn: true,
    perspective: "published",
  });
  const live = published.withConfig({ useCdn: false });
  const drafts = config.token
    ? published.withConfig({ useCdn: false, token: config.token, perspective: "drafts" })
    : null;
  return { published, live, drafts };
}
