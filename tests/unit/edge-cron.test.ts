import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cronIntervalMs, runLocalCron } from "../../scripts/lib.mjs";

describe("the cron trigger under wrangler dev (npm run start:edge)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes its period from wrangler.toml's trigger", () => {
    const toml = fs.readFileSync(path.resolve(__dirname, "../../wrangler.toml"), "utf8");
    expect(cronIntervalMs(toml)).toBe(5 * 60_000);
    expect(cronIntervalMs('[triggers]\ncrons = ["* * * * *"]')).toBe(60_000);
    // a schedule of another shape, or none, is not imitated
    expect(cronIntervalMs('[triggers]\ncrons = ["0 3 * * *"]')).toBeNull();
    expect(cronIntervalMs("name = 'x'")).toBeNull();
  });

  it("calls /__scheduled on each of the clock's marks, as the deployed trigger runs, and goes on after a failed run", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 7, 13, 0) });
    const calls: Array<{ url: string; at: string }> = [];
    let fail = true;
    const fetch = vi.fn(async (url: string) => {
      calls.push({ url, at: new Date().toISOString() });
      if (fail) {
        fail = false;
        throw new Error("connection refused");
      }
      return new Response("Ran scheduled event");
    });
    const log = vi.fn();
    const stop = runLocalCron("http://127.0.0.1:8787", 5 * 60_000, { fetch: fetch as unknown as typeof globalThis.fetch, log });
    await vi.advanceTimersByTimeAsync(2 * 60_000 - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    stop();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(calls).toEqual([
      { url: "http://127.0.0.1:8787/__scheduled", at: "2026-12-07T07:15:00.000Z" },
      { url: "http://127.0.0.1:8787/__scheduled", at: "2026-12-07T07:20:00.000Z" },
      { url: "http://127.0.0.1:8787/__scheduled", at: "2026-12-07T07:25:00.000Z" },
    ]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toContain("connection refused");
  });
});
