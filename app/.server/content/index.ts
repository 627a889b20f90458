import type { z } from "zod";
import { SEED_DOCUMENTS } from "../../../cms/seed/documents";
import { contentUnavailable } from "../http";
import { CDN_CATCH_UP_MS, ContentCache } from "./cache";
import { QUERIES, type ContentQuery } from "./queries";
import { localContentSource, type ContentSource, type Perspective } from "./sources";
import {
  constantListSchema,
  jobSchema,
  jobSummarySchema,
  pageSchema,
  siteSettingsSchema,
  sitemapSchema,
  type ConstantList,
  type Job,
  type JobSummary,
  type Page,
  type SiteSettings,
  type SitemapContent,
} from "./types";

export type ContentOptions = { preview?: boolean };
export type ConstantLists = Record<string, ConstantList>;

const seedSource = localContentSource(() => SEED_DOCUMENTS);

export { CDN_CATCH_UP_MS };

/** Queries, caching and checking of content; the source is Sanity or the local dataset. */
export class ContentService {
  /** Per document type, until when its queries are read fresh (after a webhook said it changed). */
  private readonly freshUntil = new Map<string, number>();

  constructor(
    readonly source: ContentSource,
    readonly cache = new ContentCache(),
    private readonly now = () => Date.now(),
  ) {}

  /**
   * A query's result. When the source fails and no copy is kept, a 503 response is thrown: the page
   * that cannot be shown without its content says so (a page that can, catches it).
   */
  private async run(query: ContentQuery, params: Record<string, unknown>, options: ContentOptions) {
    try {
      return await this.read(query, params, options);
    } catch (error) {
      // a published read's failure is logged by the cache, once per try
      if (options.preview) console.error("content: drafts unavailable:", error);
      throw contentUnavailable();
    }
  }

  private read(query: ContentQuery, params: Record<string, unknown>, options: ContentOptions) {
    const perspective: Perspective = options.preview ? "drafts" : "published";
    // drafts are never cached: an editor wants to see the change they just made
    if (perspective === "drafts") return this.source.fetch(query.groq, params, perspective);
    // past the CDN: a type this webhook named, or (on Workers) anything after a change elsewhere
    return this.cache.read(cacheKey(query, params), query.types, (pastCdn) => {
      const fresh = pastCdn || query.types.some((type) => (this.freshUntil.get(type) ?? 0) > this.now());
      return this.source.fetch(query.groq, params, perspective, fresh ? { fresh } : undefined);
    });
  }

  async siteSettings(options: ContentOptions = {}): Promise<SiteSettings | null> {
    return checked(siteSettingsSchema(), await this.run(QUERIES.siteSettings, {}, options), "siteSettings");
  }

  async page(slug: string, options: ContentOptions = {}): Promise<Page | null> {
    return checked(pageSchema(), await this.run(QUERIES.pageBySlug, { slug }, options), `page ${slug}`);
  }

  async openJobs(options: ContentOptions = {}): Promise<JobSummary[]> {
    const rows = await this.run(QUERIES.openJobs, {}, options);
    return checkedList(jobSummarySchema(), rows, "jobPosting");
  }

  async job(slug: string, options: ContentOptions = {}): Promise<Job | null> {
    return checked(jobSchema(), await this.run(QUERIES.jobBySlug, { slug }, options), `jobPosting ${slug}`);
  }

  /** The published pages and open jobs a sitemap lists. */
  async sitemap(options: ContentOptions = {}): Promise<SitemapContent> {
    return checked(sitemapSchema(), await this.run(QUERIES.sitemap, {}, options), "sitemap") ?? { pages: [], jobs: [] };
  }

  /**
   * Every dropdown list, by key. When the source fails and nothing is cached, the
   * seed's lists still serve the forms.
   */
  async constantLists(options: ContentOptions = {}): Promise<ConstantLists> {
    let rows: unknown;
    try {
      rows = await this.run(QUERIES.constantLists, {}, options);
    } catch (error) {
      console.error("content: constant lists unavailable, using the seed's:", error);
      rows = await seedSource.fetch(QUERIES.constantLists.groq, {}, "published");
    }
    const lists = checkedList(constantListSchema(), rows, "constantList");
    return Object.fromEntries(lists.map((list) => [list.key, list]));
  }

  /** The options of one list; an empty list when it is missing (and logged). */
  async options(key: string, options: ContentOptions = {}) {
    const list = (await this.constantLists(options))[key];
    if (!list) console.error(`content: no constant list "${key}"`);
    return list?.items ?? [];
  }

  /**
   * What a webhook for a changed document makes stale: under its slug, and under the slug it had
   * before the change (a page moved to another address is otherwise served at the old one until
   * its copy expires). Its types are then read past Sanity's CDN for a while (CDN_CATCH_UP_MS).
   */
  async purge(document: { _type: string; slug?: string | null; previousSlug?: string | null }) {
    const affected = Object.values(QUERIES).filter((q) => (q.types as readonly string[]).includes(document._type));
    const slugs = [...new Set([document.slug, document.previousSlug].filter((s): s is string => Boolean(s)))];
    const keys = affected.flatMap((q) => (q.groq.includes("$slug") ? slugs.map((slug) => cacheKey(q, { slug })) : [cacheKey(q, {})]));
    this.freshUntil.set(document._type, this.now() + CDN_CATCH_UP_MS);
    await this.cache.purge(document._type, keys);
    return keys;
  }
}

export function cacheKey(query: ContentQuery, params: Record<string, unknown>) {
  return `${query.name}:${JSON.stringify(params)}`;
}

function describe(error: z.ZodError) {
  return error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`).join("; ");
}

// the cache hands back the same object until it loads the content again, so a document is
// checked once per load rather than on every request that shows it (every page shows the settings)
const checkedBefore = new WeakMap<object, Map<z.ZodType<unknown>, unknown>>();

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T | null {
  if (value === null || value === undefined) return null;
  const before = typeof value === "object" ? checkedBefore.get(value) : undefined;
  if (before?.has(schema)) return before.get(schema) as T | null;
  const result = schema.safeParse(value);
  const outcome = result.success ? result.data : null;
  if (!result.success) console.error(`content: malformed ${what} is left out: ${describe(result.error)}`);
  if (typeof value === "object") {
    if (before) before.set(schema, outcome);
    else checkedBefore.set(value, new Map([[schema, outcome]]));
  }
  return outcome;
}

/** Checks each document on its own: a malformed one is logged and left out, the rest render. */
function checkedList<T>(schema: z.ZodType<T>, value: unknown, what: string): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const id = (item as { _id?: string; key?: string })?._id ?? (item as { key?: string })?.key ?? "?";
    const one = checked(schema, item, `${what} ${id}`);
    return one === null ? [] : [one];
  });
}
