import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_DOCUMENTS, type SeedDocument } from "../../../cms/seed/documents";
import { ContentCache, RETRY_AFTER_FAILURE_MS, VERSION_CHECK_MS, type ContentVersions, type SharedCache } from "./cache";
import { CDN_CATCH_UP_MS, ContentService } from "./index";
import { QUERIES } from "./queries";
import { localContentSource, SANITY_TIMEOUT_MS, sanityClients, sanityContentSource, type ContentSource } from "./sources";

const seeded = () => new ContentService(localContentSource(() => SEED_DOCUMENTS));

describe("constant lists from the seed (spec §9)", () => {
  it("has the 21 industries with their icons, cart by default", async () => {
    const industries = await seeded().options("industries");
    expect(industries.map((i) => i.label)).toEqual([
      "Real Estate", "Aviation", "Retail", "Capital Goods", "Services", "Healthcare", "Energy", "Consumer Products",
      "Utilities", "Technology", "Basic Materials", "Transportation", "Insurance", "Aerospace & Defense", "Agriculture",
      "Alternative Assets", "Intellectual Property", "Private Equity", "Venture Capital", "No Preferred Industry", "Other",
    ]);
    expect(industries.every((i) => i.icon)).toBe(true);
    expect(industries.find((i) => i.label === "Other")!.icon).toBe("cart");
  });

  it("has every other list with the exact labels", async () => {
    const lists = await seeded().constantLists();
    const labels = (key: string) => lists[key]!.items.map((i) => i.label);
    expect(labels("transactionScales")).toEqual([
      "<$1m", "$1-$5m", "$5-$10m", "$10-$25m", "$25-$50m", "$50-$100m", "$100-$300m", "$300-$500m", "Above $500m",
    ]);
    expect(labels("customerCountBands")).toEqual([
      "up to $5m", "5-10m", "10-25m", "25-50m", "50-100m", "100-300m", "300-500m", "Above $500m",
    ]);
    expect(labels("locations")).toEqual(["Northeast", "Southeast", "Midwest", "West", "Southwest", "Nationwide"]);
    expect(labels("loanStatus")).toEqual(["Performing", "Non-Performing"]);
    expect(labels("syndication")).toEqual(["Yes", "No"]);
    expect(labels("investorTypes")).toEqual(["Accredited Investor", "Qualified Institutional Buyer (QIB)", "Retail Investor"]);
    expect(labels("investmentTypes")).toEqual(["Debt (loans)", "Equity", "Credit (lending)", "Assets", "Other"]);
    expect(labels("propertyTypes")).toHaveLength(11);
    expect(labels("businessDescriptions")).toHaveLength(13);
    expect(labels("transactionTypes")).toContain("Other (please specify)");
    expect(labels("usStates")).toHaveLength(51);
  });
});

describe("pages and jobs", () => {
  it("finds pages by slug and lists only open, published jobs", async () => {
    const content = seeded();
    expect((await content.page("terms"))!.title).toBe("Terms of use");
    expect(await content.page("no-such-page")).toBeNull();
    const jobs = await content.openJobs();
    expect(jobs.map((j) => j.slug)).toEqual(["credit-analyst", "full-stack-engineer", "buyer-coverage-associate"]);
    expect((await content.job("marketing-intern"))!.status).toBe("closed");
    expect(await content.job("head-of-compliance")).toBeNull();
  });

  it("shows drafts in preview only", async () => {
    const content = seeded();
    const preview = await content.openJobs({ preview: true });
    expect(preview.map((j) => j.slug)).toContain("head-of-compliance");
    expect((await content.job("head-of-compliance", { preview: true }))!.title).toBe("Head of Compliance");
  });

  it("logs a malformed document and renders the rest", async () => {
    const broken: SeedDocument = { _id: "jobPosting-broken", _type: "jobPosting", status: "open", slug: { current: "broken" } };
    const content = new ContentService(localContentSource(() => [...SEED_DOCUMENTS, broken]));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const jobs = await content.openJobs();
    expect(jobs).toHaveLength(3);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("malformed jobPosting jobPosting-broken"));
    log.mockRestore();
  });
});

describe("caching", () => {
  function flakySource() {
    let fail = false;
    let calls = 0;
    const inner = localContentSource(() => SEED_DOCUMENTS);
    const source: ContentSource = {
      kind: "local",
      async fetch(...args) {
        calls++;
        if (fail) throw new Error("Sanity is unreachable");
        return inner.fetch(...args);
      },
    };
    return { source, fail: (on: boolean) => (fail = on), calls: () => calls };
  }

  it("serves from cache within the TTL, the last good copy when the source fails, and refetches after a purge", async () => {
    let now = 1_000_000;
    const flaky = flakySource();
    const content = new ContentService(flaky.source, new ContentCache(60_000, undefined, () => now));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await content.page("privacy"))!.title).toBe("Privacy policy");
    await content.page("privacy");
    expect(flaky.calls()).toBe(1);

    now += 120_000;
    flaky.fail(true);
    expect((await content.page("privacy"))!.title).toBe("Privacy policy");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();

    flaky.fail(false);
    const keys = await content.purge({ _type: "page", slug: "privacy" });
    // the page's own query, and the sitemap that lists it
    expect(keys).toEqual(['pageBySlug:{"slug":"privacy"}', "sitemap:{}"]);
    await content.page("privacy");
    expect(flaky.calls()).toBe(3);
  });

  it("purges a page moved to another slug at its old address too", async () => {
    const flaky = flakySource();
    const content = new ContentService(flaky.source);
    await content.page("privacy");
    expect(flaky.calls()).toBe(1);
    // the page was at /privacy and is now at /privacy-policy: the copy at the old slug goes
    expect(await content.purge({ _type: "page", slug: "privacy-policy", previousSlug: "privacy" })).toEqual([
      'pageBySlug:{"slug":"privacy-policy"}',
      'pageBySlug:{"slug":"privacy"}',
      "sitemap:{}",
    ]);
    await content.page("privacy");
    expect(flaky.calls()).toBe(2);
    // the same slug before and after: once
    expect(await content.purge({ _type: "page", slug: "privacy", previousSlug: "privacy" })).toEqual(['pageBySlug:{"slug":"privacy"}', "sitemap:{}"]);
  });

  it("reads what a webhook named past Sanity's CDN for a while, since the CDN may still hold the old copy", async () => {
    let now = 1_000_000;
    const inner = localContentSource(() => SEED_DOCUMENTS);
    const reads: Array<{ groq: string; fresh: boolean }> = [];
    const source: ContentSource = {
      kind: "sanity",
      fetch(groq, params, perspective, options) {
        reads.push({ groq, fresh: Boolean(options?.fresh) });
        return inner.fetch(groq, params, perspective);
      },
    };
    const content = new ContentService(source, new ContentCache(60_000, undefined, () => now), () => now);
    const freshRead = (groq: string) => reads.filter((r) => r.groq === groq).at(-1)?.fresh;
    await content.page("privacy");
    expect(freshRead(QUERIES.pageBySlug.groq)).toBe(false);

    await content.purge({ _type: "page", slug: "privacy" });
    await content.page("privacy");
    await content.sitemap();
    await content.openJobs();
    expect(freshRead(QUERIES.pageBySlug.groq)).toBe(true);
    expect(freshRead(QUERIES.sitemap.groq)).toBe(true);
    // another type was not changed: the CDN serves it
    expect(freshRead(QUERIES.openJobs.groq)).toBe(false);

    // once the CDN has caught up, it serves the page again
    now += CDN_CATCH_UP_MS + 1;
    await content.page("privacy");
    expect(freshRead(QUERIES.pageBySlug.groq)).toBe(false);
  });

  it("after a failed read serves the last good copy at once, and asks the source again only after a while", async () => {
    let now = 1_000_000;
    const flaky = flakySource();
    const content = new ContentService(flaky.source, new ContentCache(60_000, undefined, () => now));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await content.siteSettings();
    now += 120_000;
    flaky.fail(true);
    expect((await content.siteSettings())!.contactEmail).toBeTruthy();
    expect(flaky.calls()).toBe(2);
    // every page reads the settings: the next ones do not wait for the source again
    for (let i = 0; i < 5; i++) expect((await content.siteSettings())!.contactEmail).toBeTruthy();
    expect(flaky.calls()).toBe(2);
    now += RETRY_AFTER_FAILURE_MS;
    flaky.fail(false);
    await content.siteSettings();
    expect(flaky.calls()).toBe(3);
    warn.mockRestore();
  });

  it("answers 503 for content it cannot read and has no copy of, without asking the source on every request", async () => {
    let now = 1_000_000;
    const flaky = flakySource();
    flaky.fail(true);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const content = new ContentService(flaky.source, new ContentCache(60_000, undefined, () => now));
    const failure = await content.page("terms").catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(503);
    expect((failure as Response).headers.get("Retry-After")).toBe("60");
    await expect(content.openJobs()).rejects.toMatchObject({ status: 503 });
    await expect(content.page("terms")).rejects.toMatchObject({ status: 503 });
    expect(flaky.calls()).toBe(2);
    now += RETRY_AFTER_FAILURE_MS;
    flaky.fail(false);
    expect((await content.page("terms"))!.title).toBeTruthy();
    log.mockRestore();
  });

  it("reads the source once for requests that miss the cache together", async () => {
    const flaky = flakySource();
    const content = new ContentService(flaky.source);
    await Promise.all(Array.from({ length: 8 }, () => content.page("privacy")));
    expect(flaky.calls()).toBe(1);
  });

  it("does not keep what a read begun before a webhook brought back: it may be the old document", async () => {
    const inner = localContentSource(() => SEED_DOCUMENTS);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let began!: () => void;
    const reading = new Promise<void>((resolve) => (began = resolve));
    const source: ContentSource = {
      kind: "local",
      async fetch(...args) {
        const call = ++calls;
        if (call === 1) {
          began();
          await held;
        }
        // the document as the source had it when asked: before the change, then after it
        return { ...((await inner.fetch(...args)) as object), title: call === 1 ? "Before" : "After" };
      },
    };
    const content = new ContentService(source);
    const before = content.page("privacy");
    await reading;
    await content.purge({ _type: "page", slug: "privacy" });
    // a request after the webhook does not take the answer of the read begun before it
    const after = content.page("privacy");
    release();
    expect((await after)!.title).toBe("After");
    await before;
    // nor is that answer kept when it comes last
    expect((await content.page("privacy"))!.title).toBe("After");
  });

  it("still serves the seed's constants to the forms when the source fails with nothing cached", async () => {
    const flaky = flakySource();
    flaky.fail(true);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const content = new ContentService(flaky.source);
    expect((await content.options("loanStatus")).map((o) => o.label)).toEqual(["Performing", "Non-Performing"]);
    log.mockRestore();
  });
});

describe("a change published on Workers, where each isolate keeps its own copies", () => {
  /** One KV namespace all isolates read; `reads` counts what they asked it. */
  function kv() {
    let stored: string | null = null;
    let reads = 0;
    const versions: ContentVersions = {
      get: async () => (reads++, stored),
      put: async (version) => void (stored = version),
    };
    return { versions, reads: () => reads };
  }
  /** A data centre's Cache API. */
  function cacheApi(): SharedCache {
    const kept = new Map<string, { value: unknown; storedAt: number; version?: string }>();
    return {
      get: async (key) => kept.get(key) ?? null,
      put: async (key, value, storedAt, version) => void kept.set(key, { value, storedAt, version }),
      delete: async (key) => void kept.delete(key),
    };
  }

  it("shows everywhere within VERSION_CHECK_MS of the webhook, read past Sanity's CDN", async () => {
    let now = 1_000_000;
    let title = "Before";
    const inner = localContentSource(() => SEED_DOCUMENTS);
    const reads: boolean[] = [];
    const source: ContentSource = {
      kind: "sanity",
      async fetch(groq, params, perspective, options) {
        reads.push(Boolean(options?.fresh));
        return { ...((await inner.fetch(groq, params, perspective)) as object), title };
      },
    };
    const shared = kv();
    const clock = () => now;
    // a and b: two isolates of one data centre; c: an isolate of another
    const here = cacheApi();
    const a = new ContentService(source, new ContentCache(60_000, here, clock, shared.versions), clock);
    const b = new ContentService(source, new ContentCache(60_000, here, clock, shared.versions), clock);
    const c = new ContentService(source, new ContentCache(60_000, cacheApi(), clock, shared.versions), clock);
    for (const isolate of [a, b, c]) expect((await isolate.page("privacy"))!.title).toBe("Before");
    // the version is read once per isolate for all the reads of VERSION_CHECK_MS
    await Promise.all([a, b, c].map((isolate) => isolate.siteSettings()));
    expect(shared.reads()).toBe(3);

    // published: Sanity's webhook reaches isolate a
    title = "After";
    now += 1_000;
    await a.purge({ _type: "page", slug: "privacy" });
    expect((await a.page("privacy"))!.title).toBe("After");
    // the others still serve their copy until they read the version again
    expect((await b.page("privacy"))!.title).toBe("Before");
    now += VERSION_CHECK_MS;
    reads.length = 0;
    // b takes the copy a read after the change from their data centre's Cache API
    expect((await b.page("privacy"))!.title).toBe("After");
    expect(reads).toEqual([]);
    expect((await c.page("privacy"))!.title).toBe("After");
    // what did not change is read again too (the version says only that something did), past the CDN
    expect((await c.siteSettings())!.contactEmail).toBeTruthy();
    expect(reads).toEqual([true, true]);

    // and kept again as the fresh copy: no more reads of the source within the TTL
    now += 5_000;
    await Promise.all([b.page("privacy"), c.page("privacy"), c.siteSettings()]);
    expect(reads).toHaveLength(2);
  });

  it("a new isolate reads a change made lately past the CDN, and not a data centre's copy of the old version", async () => {
    let now = 1_000_000;
    const reads: boolean[] = [];
    const inner = localContentSource(() => SEED_DOCUMENTS);
    const source: ContentSource = {
      kind: "sanity",
      fetch(groq, params, perspective, options) {
        reads.push(Boolean(options?.fresh));
        return inner.fetch(groq, params, perspective);
      },
    };
    const shared = kv();
    const clock = () => now;
    const elsewhere = cacheApi();
    const old = new ContentService(source, new ContentCache(60_000, elsewhere, clock, shared.versions), clock);
    await old.page("privacy");
    const receiver = new ContentService(source, new ContentCache(60_000, cacheApi(), clock, shared.versions), clock);
    await receiver.purge({ _type: "page", slug: "privacy" });
    // an isolate starts in the data centre whose Cache API holds the copy from before the change
    now += 1_000;
    const started = new ContentService(source, new ContentCache(60_000, elsewhere, clock, shared.versions), clock);
    reads.length = 0;
    await started.page("privacy");
    expect(reads).toEqual([true]);
  });

  it("keeps the last good copy when the source fails after a change", async () => {
    let now = 1_000_000;
    let fail = false;
    const inner = localContentSource(() => SEED_DOCUMENTS);
    const source: ContentSource = {
      kind: "sanity",
      fetch(...args) {
        return fail ? Promise.reject(new Error("Sanity is unreachable")) : inner.fetch(...args);
      },
    };
    const shared = kv();
    const clock = () => now;
    const a = new ContentService(source, new ContentCache(60_000, cacheApi(), clock, shared.versions), clock);
    const b = new ContentService(source, new ContentCache(60_000, cacheApi(), clock, shared.versions), clock);
    await b.page("privacy");
    await a.purge({ _type: "page", slug: "privacy" });
    now += VERSION_CHECK_MS;
    fail = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await b.page("privacy"))!.title).toBe("Privacy policy");
    warn.mockRestore();
  });
});

describe("Sanity's API", () => {
  // Sanity's Query API cannot be reached from here: stood in for at its HTTP boundary
  let server: http.Server;
  let host: string;
  const requests: Array<{ url: string; auth?: string }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push({ url: req.url!, auth: req.headers.authorization });
      const result = req.url!.includes("perspective=drafts") ? { title: "Draft" } : { title: "Published" };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ms: 1, query: "", result }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("gives up a read after a few seconds and tries it again once, so that a page never waits minutes for Sanity", async () => {
    const clients = sanityClients({ projectId: "abc123", dataset: "production" });
    expect(clients.published.config()).toMatchObject({ timeout: SANITY_TIMEOUT_MS, maxRetries: 1 });
    expect(clients.live.config()).toMatchObject({ timeout: SANITY_TIMEOUT_MS, maxRetries: 1 });
    let asked = 0;
    const down = http.createServer((_req, res) => {
      asked++;
      res.writeHead(503, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => down.listen(0, "127.0.0.1", r));
    const source = sanityContentSource({ projectId: "abc123", dataset: "production", apiHost: `http://127.0.0.1:${(down.address() as AddressInfo).port}` });
    await expect(source.fetch(QUERIES.siteSettings.groq, {}, "published")).rejects.toThrow();
    down.close();
    // the client's default was six tries over about three seconds
    expect(asked).toBe(2);
  });

  it("reads published content from the CDN, and past it when asked for fresh content", () => {
    const clients = sanityClients({ projectId: "abc123", dataset: "production", token: "read-token" });
    expect(clients.published.config()).toMatchObject({ useCdn: true, perspective: "published" });
    expect(clients.live.config()).toMatchObject({ useCdn: false, perspective: "published" });
    expect(clients.live.config().token).toBeUndefined();
  });

  it("receives the same GROQ queries, published without a token and drafts with the read token", async () => {
    const source = sanityContentSource({ projectId: "abc123", dataset: "production", token: "read-token", apiHost: host });
    expect(await source.fetch(QUERIES.pageBySlug.groq, { slug: "terms" }, "published")).toEqual({ title: "Published" });
    expect(await source.fetch(QUERIES.pageBySlug.groq, { slug: "terms" }, "drafts")).toEqual({ title: "Draft" });
    const [published, drafts] = requests;
    const query = new URL(published!.url, host);
    expect(query.pathname).toMatch(/\/data\/query\/production$/);
    expect(query.searchParams.get("query")).toBe(QUERIES.pageBySlug.groq);
    expect(query.searchParams.get("$slug")).toBe('"terms"');
    expect(published!.auth).toBeUndefined();
    expect(drafts!.auth).toBe("Bearer read-token");
  });
});
