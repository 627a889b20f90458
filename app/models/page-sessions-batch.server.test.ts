import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { pageSessions } from "~/.server/db/schema";
import { storePageSessions, toRow } from "~/models/page-sessions.server";
import { BatchWriter } from "~/.server/platform/batch-writer";
import { pageSessionSchema, type PageSessionRecord } from "~/lib/analytics/page-session.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let userId = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = (await makeUser(t.db)).id;
});
afterAll(() => t.cleanup());

const record = (sessionId: string): PageSessionRecord =>
  pageSessionSchema().parse({
    sessionId,
    route: "/buyers/search",
    sessionStart: 1_790_000_000_000,
    sessionEnd: 1_790_000_004_000,
    totalDuration: 4000,
    activeTime: 3000,
    lastActiveTime: 1_790_000_003_000,
    isPageActive: false,
    userInteractions: { clicks: 0, keystrokes: 2, scrollEvents: 0, mouseMovements: 0, mouseLeaves: 0 },
    scrollDepthMax: 0,
    interactionTimepoints: [],
    pageType: "search-results",
    companyId: null,
    searchQuery: "solar",
    userAgent: "test",
    screenWidth: 1,
    screenHeight: 1,
    language: "en",
  });

describe("the Node batch writer", () => {
  it("holds rows until the interval or a full batch, then writes them once each", async () => {
    const writer = new BatchWriter((rows: ReturnType<typeof toRow>[]) => storePageSessions(t.db, rows), 60_000, 3);
    writer.add(toRow(record("batch-aaaaaaaa"), userId));
    writer.add(toRow(record("batch-bbbbbbbb"), userId));
    expect(writer.pending).toBe(2);
    expect(await t.db.$count(pageSessions)).toBe(0);
    // a resend of the same session in the next batch is not counted twice
    writer.add(toRow(record("batch-aaaaaaaa"), userId));
    await writer.flush();
    expect(await t.db.$count(pageSessions)).toBe(2);
  });

  it("writes a large batch in slices, and the requests that come in meanwhile are taken up between them", async () => {
    const happened: string[] = [];
    const writer = new BatchWriter(
      async (rows: ReturnType<typeof toRow>[]) => {
        happened.push(`wrote ${rows.length}`);
        await storePageSessions(t.db, rows);
      },
      60_000,
      1_000,
      50,
    );
    const before = await t.db.$count(pageSessions);
    for (let i = 0; i < 120; i++) writer.add(toRow(record(`slice-${String(i).padStart(8, "0")}`), userId));
    const flushed = writer.flush();
    // a request's callback, queued as the flush begins, runs before the flush ends, not after 120 rows
    setImmediate(() => happened.push("a request"));
    await flushed;
    expect(happened).toEqual(["wrote 50", "a request", "wrote 50", "wrote 20"]);
    expect(await t.db.$count(pageSessions)).toBe(before + 120);
    await t.db.delete(pageSessions).where(like(pageSessions.sessionId, "slice-%"));
  });

  it("writes what is left when the process stops normally", async () => {
    const writer = new BatchWriter((rows: ReturnType<typeof toRow>[]) => storePageSessions(t.db, rows), 60_000, 100);
    const listeners: Record<string, () => void> = {};
    const fakeProcess = {
      pid: 1,
      once: (event: string, fn: () => void) => (listeners[event] = fn),
      kill: () => true,
    } as unknown as NodeJS.Process;
    writer.flushOnExit(fakeProcess);
    writer.add(toRow(record("stop-cccccccc"), userId));
    listeners.SIGTERM!();
    await writer.flush();
    expect(await t.db.$count(pageSessions)).toBe(3);
  });

  it("raises the stop signal again only when every writer of the process has written", async () => {
    const slow = new BatchWriter(async (rows: ReturnType<typeof toRow>[]) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await storePageSessions(t.db, rows);
    }, 60_000, 100);
    const fast = new BatchWriter((rows: ReturnType<typeof toRow>[]) => storePageSessions(t.db, rows), 60_000, 100);
    const listeners: Record<string, (signal?: string) => void> = {};
    let stored = -1;
    let killed = 0;
    let resolveKilled: () => void = () => {};
    const done = new Promise<void>((resolve) => (resolveKilled = resolve));
    const fakeProcess = {
      pid: 1,
      once: (event: string, fn: () => void) => (listeners[event] = fn),
      kill: () => {
        killed++;
        void t.db.$count(pageSessions).then((n) => {
          stored = n;
          resolveKilled();
        });
        return true;
      },
    } as unknown as NodeJS.Process;
    const before = await t.db.$count(pageSessions);
    slow.flushOnExit(fakeProcess);
    fast.flushOnExit(fakeProcess);
    slow.add(toRow(record("stop-dddddddd"), userId));
    fast.add(toRow(record("stop-eeeeeeee"), userId));
    listeners.SIGTERM!("SIGTERM");
    await done;
    expect(killed).toBe(1);
    expect(stored).toBe(before + 2);
  });

  it("writes the other rows of a batch the database refuses one of, and gives that one up after a few tries", async () => {
    const before = await t.db.$count(pageSessions);
    const writer = new BatchWriter((rows: ReturnType<typeof toRow>[]) => storePageSessions(t.db, rows), 60_000, 100);
    writer.add(toRow(record("poison-dddddddd"), 999_999));
    writer.add(toRow(record("fine-eeeeeeee"), userId));
    await writer.flush();
    expect(await t.db.$count(pageSessions)).toBe(before + 1);
    // kept for the next flushes, then dropped: nothing is left to hold back later rows
    expect(writer.pending).toBe(1);
    for (let i = 0; i < 5; i++) await writer.flush();
    expect(writer.pending).toBe(0);
    expect(await t.db.$count(pageSessions)).toBe(before + 1);
  });
});
