import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { decodeRow, encodeRow } from "~/.server/platform/queue-codec";
import type { QueuedWrite } from "~/.server/services";
import { writeQueued } from "~/services.server";
import { addRateLimitHits, hitRateLimit, rateLimitWindow } from "./rate-limits.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const WINDOW = 60_000;
const MINUTE = 29_833_400 * WINDOW;
const stored = (key: string, now = MINUTE) => rateLimitWindow(t.db, key, WINDOW, now).then((w) => w.count);

describe("a limit counted at once", () => {
  it("allows up to its limit in a window, starts the next window afresh, and is not reset by a late hit", async () => {
    const limit = { limit: 2, windowMs: WINDOW };
    const hit = (now: number) => hitRateLimit(t.db, "now:a", limit, now);
    expect((await hit(MINUTE)).allowed).toBe(true);
    expect((await hit(MINUTE + 1_000)).allowed).toBe(true);
    const third = await hit(MINUTE + 45_000);
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 15 });
    const next = MINUTE + WINDOW;
    expect((await hit(next)).allowed).toBe(true);
    // a hit stamped in the window before (another process's clock) leaves the new window's count
    await hit(next - 1);
    expect(await stored("now:a", next)).toBe(1);
  });
});

describe("hits counted first and stored later", () => {
  it("add up per key and window, in one write of many keys", async () => {
    await addRateLimitHits(t.db, [
      { key: "later:a", windowStart: MINUTE, hits: 1 },
      { key: "later:b", windowStart: MINUTE, hits: 4 },
      { key: "later:a", windowStart: MINUTE, hits: 10 },
    ]);
    expect(await stored("later:a")).toBe(11);
    expect(await stored("later:b")).toBe(4);
    // on top of what a limit counted at once
    await hitRateLimit(t.db, "later:b", { limit: 100, windowMs: WINDOW }, MINUTE + 5_000);
    await addRateLimitHits(t.db, [{ key: "later:b", windowStart: MINUTE, hits: 10 }]);
    expect(await stored("later:b")).toBe(15);
  });

  it("start a key's new window afresh, and drop hits for a window already passed", async () => {
    const next = MINUTE + WINDOW;
    await addRateLimitHits(t.db, [
      { key: "later:c", windowStart: MINUTE, hits: 7 },
      { key: "later:c", windowStart: next, hits: 2 },
    ]);
    expect(await stored("later:c", next)).toBe(2);
    await addRateLimitHits(t.db, [{ key: "later:c", windowStart: MINUTE, hits: 50 }]);
    expect(await stored("later:c", next)).toBe(2);
    expect(await stored("later:c", MINUTE)).toBe(0);
    // the same, the later window first in one batch
    await addRateLimitHits(t.db, [
      { key: "later:d", windowStart: next, hits: 2 },
      { key: "later:d", windowStart: MINUTE, hits: 7 },
    ]);
    expect(await stored("later:d", next)).toBe(2);
  });

  it("come through the Workers queue like the other rows", async () => {
    const sent: QueuedWrite[] = [
      { kind: "rate-limit-hits", row: { key: "later:queued", windowStart: MINUTE, hits: 1 } },
      { kind: "rate-limit-hits", row: { key: "later:queued", windowStart: MINUTE, hits: 10 } },
    ];
    const batch = sent.map(({ kind, row }) => ({ kind, row: decodeRow(JSON.parse(JSON.stringify(encodeRow(row)))) }));
    expect(await writeQueued(t.db, batch)).toEqual([]);
    expect(await stored("later:queued")).toBe(11);
  });
});
