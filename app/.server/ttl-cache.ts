/**
 * A small in-memory cache whose entries expire after `ttlMs`: what a hot path may
 * remember for a short while instead of asking the database each time (per process on
 * Node, per isolate on Workers). Bounded: when full it starts again empty, which costs
 * one read per key rather than memory without end.
 */
export function ttlCache<K, V>({ ttlMs, max = 10_000 }: { ttlMs: number; max?: number }) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K, now = Date.now()): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until > now) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V, now = Date.now()) {
      if (entries.size >= max && !entries.has(key)) entries.clear();
      entries.set(key, { value, until: now + ttlMs });
    },
    delete(key: K) {
      entries.delete(key);
    },
  };
}
