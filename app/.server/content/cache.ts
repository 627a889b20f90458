/**
 * A second level shared by the isolates of a data centre on Workers (the Cache API). `version` is the
 * content version the copy was read under (see ContentVersions); a copy of another version is not fresh.
 */
export interface SharedCache {
  get(key: string): Promise<{ value: unknown; storedAt: number; version?: string } | null>;
  put(key: string, value: unknown, storedAt: number, version?: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * The content version shared by every isolate and data centre (Workers KV): the webhook writes a new
 * one, and a copy read under another version is no longer fresh anywhere. Without it (Node: one
 * process) a purge reaches the one cache there is.
 */
export interface ContentVersions {
  get(): Promise<string | null>;
  put(version: string): Promise<void>;
}

/** How often an isolate reads the content version: a publish shows in every isolate this long after KV has it. */
export const VERSION_CHECK_MS = 10_000;

/**
 * How long after a change content is read past Sanity's CDN: the webhook comes as the document is
 * published, and the CDN may answer with the old one for up to a minute.
 */
export const CDN_CATCH_UP_MS = 90_000;

type Entry = { value: unknown; storedAt: number; types: readonly string[]; version: string };

/** At most this many results are kept in memory; the oldest go first. */
const MAX_ENTRIES = 500;

/**
 * After a read from the source failed, it is tried again only this much later: meanwhile the
 * last good copy is served at once, or (without one) the failure is answered at once. Every
 * page reads the site settings, and each one waited for the source's retries while Sanity was down.
 */
export const RETRY_AFTER_FAILURE_MS = 15_000;

/**
 * Content results, fresh for `ttlMs`. Older copies are kept as the last good
 * content: when the source cannot be reached, a stale copy is served instead.
 */
export class ContentCache {
  private memory = new Map<string, Entry>();
  /** Reads under way, by key: requests that miss together wait for one read of the source. */
  private loading = new Map<string, { promise: Promise<unknown>; types: readonly string[]; version: string }>();
  /** Keys whose last read failed, with when to try again and what the failure was. */
  private failed = new Map<string, { until: number; error: unknown; types: readonly string[] }>();
  /** Counts purges: a read that began before one must not store what the purge made stale. */
  private purges = 0;
  /** The content version as last read (undefined before the first read), when, and when it last changed. */
  private version: string | undefined;
  private versionCheckedAt = -Infinity;
  private versionChangedAt = -Infinity;
  private versionRead: Promise<string> | undefined;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly shared?: SharedCache,
    private readonly now = () => Date.now(),
    private readonly versions?: ContentVersions,
  ) {}

  /**
   * `load` is told to read past the CDN (`pastCdn`) when the content version changed lately: the
   * change may be any document, and the CDN may still hold it as it was.
   */
  async read(key: string, types: readonly string[], load: (pastCdn: boolean) => Promise<unknown>): Promise<unknown> {
    const version = await this.currentVersion();
    const fresh = (entry: { storedAt: number; version?: string }) =>
      this.now() - entry.storedAt < this.ttlMs && (entry.version ?? "") === version;
    const local = this.memory.get(key);
    if (local && fresh(local)) return local.value;
    const shared = await this.shared?.get(key).catch(() => null);
    if (shared && fresh(shared)) {
      this.remember(key, { ...shared, types, version });
      return shared.value;
    }
    const stale = local ?? (shared ? { ...shared, types } : undefined);
    const failed = this.failed.get(key);
    if (failed && this.now() < failed.until) {
      if (stale) return stale.value;
      throw failed.error;
    }
    try {
      const value = await this.loadOnce(key, types, version, () => load(this.now() < this.versionChangedAt + CDN_CATCH_UP_MS));
      this.failed.delete(key);
      return value;
    } catch (error) {
      this.failed.delete(key);
      this.failed.set(key, { until: this.now() + RETRY_AFTER_FAILURE_MS, error, types });
      if (this.failed.size > MAX_ENTRIES) this.failed.delete(this.failed.keys().next().value!);
      if (stale) {
        console.warn(`content: source failed, serving the copy from ${new Date(stale.storedAt).toISOString()}:`, error);
        return stale.value;
      }
      console.error("content: source failed and no copy is kept:", error);
      throw error;
    }
  }

  /**
   * The content version, read from `versions` at most every VERSION_CHECK_MS (requests meanwhile
   * take the one known); "" without a store, or before any webhook wrote one.
   */
  private currentVersion(): string | Promise<string> {
    if (!this.versions) return "";
    if (this.version !== undefined && this.now() - this.versionCheckedAt < VERSION_CHECK_MS) return this.version;
    if (!this.versionRead) {
      this.versionRead = this.readVersion().finally(() => (this.versionRead = undefined));
    }
    return this.versionRead;
  }

  private async readVersion(): Promise<string> {
    let stored: string | null;
    try {
      stored = await this.versions!.get();
    } catch (error) {
      // the copies kept are served as they are, and the version asked for again later
      console.warn("content: the content version could not be read:", error);
      this.versionCheckedAt = this.now();
      return (this.version ??= "");
    }
    this.versionCheckedAt = this.now();
    const version = stored ?? "";
    if (version !== this.version) {
      // a change seen here first is read past the CDN from now on; on an isolate's first read, from
      // when it was published (the version begins with that time)
      this.versionChangedAt = this.version === undefined ? publishedAt(version) : this.now();
      this.version = version;
    }
    return version;
  }

  private loadOnce(key: string, types: readonly string[], version: string, load: () => Promise<unknown>) {
    const under = this.loading.get(key);
    if (under && under.version === version) return under.promise;
    const purgesBefore = this.purges;
    const promise = (async () => {
      const value = await load();
      // a webhook came while the source was read (here, or anywhere: the version moved on): the
      // answer may be the old document, and is not kept
      if (this.purges !== purgesBefore || (this.version ?? "") !== version) return value;
      const storedAt = this.now();
      this.remember(key, { value, storedAt, types, version });
      await this.shared?.put(key, value, storedAt, version).catch(() => undefined);
      return value;
    })().finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { promise, types, version });
    return promise;
  }

  /**
   * Forgets what a changed document may affect: every result of its type, and the given shared keys.
   * With `versions`, writes a new content version, so that every other isolate and data centre
   * stops serving what it holds (each reads the version every VERSION_CHECK_MS); when that write
   * fails, the failure is thrown for the webhook to answer (Sanity sends it again).
   */
  async purge(type: string, sharedKeys: readonly string[] = []) {
    this.purges++;
    for (const [key, entry] of this.memory) if (entry.types.includes(type)) this.memory.delete(key);
    for (const [key, entry] of this.loading) if (entry.types.includes(type)) this.loading.delete(key);
    for (const [key, entry] of this.failed) if (entry.types.includes(type)) this.failed.delete(key);
    await Promise.all(sharedKeys.map((key) => this.shared?.delete(key).catch(() => undefined)));
    if (this.versions) {
      const version = `${this.now()}-${crypto.randomUUID().slice(0, 8)}`;
      this.version = version;
      this.versionCheckedAt = this.versionChangedAt = this.now();
      await this.versions.put(version);
    }
  }

  private remember(key: string, entry: Entry) {
    this.memory.delete(key);
    this.memory.set(key, entry);
    if (this.memory.size > MAX_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
  }
}

/** When a content version was written: it begins with the time in milliseconds. */
function publishedAt(version: string) {
  const at = Number(version.split("-")[0]);
  return Number.isFinite(at) && version ? at : -Infinity;
}

/** The key of the content version in the CACHE namespace. */
export const CONTENT_VERSION_KEY = "content-version";

/**
 * The content version in Workers KV. A write is seen at once in the data centre that made it and
 * within about a minute elsewhere (KV keeps what a data centre read for 60 s).
 */
export function kvContentVersions(kv: KVNamespace): ContentVersions {
  return {
    get: () => kv.get(CONTENT_VERSION_KEY),
    put: (version) => kv.put(CONTENT_VERSION_KEY, version),
  };
}

/** The Workers Cache API as a SharedCache; copies are kept a day to serve when Sanity is down. */
export function cacheApiSharedCache(cache: Cache): SharedCache {
  const url = (key: string) => `https://content-cache.internal/${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const hit = await cache.match(url(key));
      if (!hit) return null;
      return { value: await hit.json(), storedAt: Number(hit.headers.get("x-stored-at")), version: hit.headers.get("x-content-version") ?? "" };
    },
    async put(key, value, storedAt, version = "") {
      await cache.put(
        url(key),
        new Response(JSON.stringify(value), {
          headers: {
            "content-type": "application/json",
            "cache-control": "max-age=86400",
            "x-stored-at": String(storedAt),
            "x-content-version": version,
          },
        }),
      );
    },
    async delete(key) {
      await cache.delete(url(key));
    },
  };
}
