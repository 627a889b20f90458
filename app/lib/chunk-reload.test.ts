import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnce, shouldReload } from "./chunk-reload";

function fakeWindow() {
  const store = new Map<string, string>();
  return {
    addEventListener: vi.fn(),
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage,
    location: { reload: vi.fn() },
  };
}

describe("chunk reload", () => {
  it("recognises failed chunk loads", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /build/routes/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("something else"))).toBe(false);
  });
  it("reloads at most once per 60 seconds", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReload(null, 1000)).toBe(true);
    const win = fakeWindow();
    expect(reloadOnce(win, 1_000)).toBe(true);
    expect(reloadOnce(win, 30_000)).toBe(false);
    expect(reloadOnce(win, 61_000)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });
});
