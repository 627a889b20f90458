import { describe, expect, it } from "vitest";
import { ttlCache } from "./ttl-cache";

describe("ttlCache", () => {
  it("remembers a value (null included) until its time is up, and starts again empty when full", () => {
    const cache = ttlCache<string, number | null>({ ttlMs: 1_000, max: 2 });
    cache.set("a", 1, 0);
    cache.set("none", null, 0);
    expect(cache.get("a", 999)).toBe(1);
    expect(cache.get("none", 999)).toBeNull();
    expect(cache.get("a", 1_000)).toBeUndefined();
    cache.set("b", 2, 0);
    cache.set("c", 3, 0);
    expect(cache.get("b", 10)).toBeUndefined();
    expect(cache.get("c", 10)).toBe(3);
    cache.delete("c");
    expect(cache.get("c", 10)).toBeUndefined();
  });
});
