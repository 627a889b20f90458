/** A second level shared by the isolates of a data centre on Workers (the Cache API). */
export interface SharedCache {
  get(key: string): Promise<{ value: unknown; storedAt: number } | null>;
  put(key: string, value: unknown, storedAt: number): Promise<void>;
  delete(key: string): Promise<void>;
}

type Entry = { value: unknown; storedAt: number; types: readonly string[] };

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
  private loading = new Map<string, { promise: Promise<unknown>; types: readonly string[] }>();
  /** Keys whose last read failed, with when to try again and what the failure was. */
  private failed = new Map<string, { until: number; error: unknown; types: readonly string[] }>();
  /** Counts purges: a read that began before one must not store what the purge made stale. */
  private purges = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly shared?: SharedCache,
    private readonly now = () => Date.now(),
  ) {}

  async read(key: string, types: readonly string[], load: () => Promise<unknown>): Promise<unknown> {
    const local = this.memory.get(key);
    if (local && this.now() - local.storedAt < this.ttlMs) return local.value;
    const shared = await this.shared?.get(key).catch(() => null);
    if (shared && this.now() - shared.storedAt < this.ttlMs) {
      this.remember(key, { ...shared, types });
      return shared.value;
    }
    const stale = local ?? (shared ? { ...shared, types } : undefined);
    const failed = this.failed.get(key);
    if (failed && this.now() < failed.until) {
      if (stale) return stale.value;
      throw failed.error;
    }
    try {
      const value = await this.loadOnce(key, types, load);
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

  private loadOnce(key: string, types: readonly string[], load: () => Promise<unknown>) {
    const under = this.loading.get(key);
    if (under) return under.promise;
    const purgesBefore = this.purges;
    const promise = (async () => {
      const value = await load();
      // a webhook came while the source was read: the answer may be the old document, and is not kept
      if (this.purges !== purgesBefore) return value;
      const storedAt = this.now();
      this.remember(key, { value, storedAt, types });
      await this.shared?.put(key, value, storedAt).catch(() => undefined);
      return value;
    })().finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { promise, types });
    return promise;
  }

  /** Forgets what a changed document may affect: every result of its type, and the given shared keys. */
  async purge(type: string, sharedKeys: readonly string[] = []) {
    this.purges++;
    for (const [key, entry] of this.memory) if (entry.types.includes(type)) this.memory.delete(key);
    for (const [key, entry] of this.loading) if (entry.types.includes(type)) this.loading.delete(key);
    for (const [key, entry] of this.failed) if (entry.types.includes(type)) this.failed.delete(key);
    await Promise.all(sharedKeys.map((key) => this.shared?.delete(key).catch(() => undefined)));
  }

  private remember(key: string, entry: Entry) {
    this.memory.delete(key);
    this.memory.set(key, entry);
    if (this.memory.size > MAX_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
  }
}

/** The Workers Cache API as a SharedCache; copies are kept a day to serve when Sanity is down. */
export function cacheApiSharedCache(cache: Cache): SharedCache {
  const url = (key: string) => `https://content-cache.internal/${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const hit = await cache.match(url(key));
      if (!hit) return null;
      return { value: await hit.json(), storedAt: Number(hit.headers.get("x-stored-at")) };
    },
    async put(key, value, storedAt) {
      await cache.put(
        url(key),
        new Response(JSON.stringify(value), {
          headers: { "content-type": "application/json", "cache-control": "max-age=86400", "x-stored-at": String(storedAt) },
        }),
      );
    },
    async delete(key) {
      await cache.delete(url(key));
    },
  };
}
