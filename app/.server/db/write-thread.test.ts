import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it, vi } from "vitest";
import { isSharedFile, WriteThreadClient } from "./write-thread";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-thread-"));
const url = `file:${path.join(dir, "db.sqlite")}`;
const main = createClient({ url });
await main.execute("pragma journal_mode = wal");
await main.execute("create table looks (id integer primary key, who text not null)");
const thread = new WriteThreadClient(url);
afterAll(async () => {
  await thread.close();
  main.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async () => Number((await main.execute("select count(*) as n from looks")).rows[0]!.n);

describe("the write thread", () => {
  it("writes a batch the request's connection then reads", async () => {
    await thread.batch([{ sql: "insert into looks (id, who) values (?, ?), (?, ?)", args: [1, "a", 2, "b"] }, "insert into looks (id, who) values (3, 'c')"]);
    expect(await count()).toBe(3);
  });

  it("refuses a batch the database refuses, with its message and code, and writes none of it", async () => {
    const refused = thread.batch([
      { sql: "insert into looks (id, who) values (?, ?)", args: [10, "d"] },
      { sql: "insert into looks (id, who) values (?, ?)", args: [11, null] },
    ]);
    await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/NOT NULL constraint failed: looks.who/), code: expect.stringMatching(/CONSTRAINT/) });
    expect(await count()).toBe(3);
  });

  it("leaves the request's thread free while it writes", async () => {
    // a batch long enough to take several turns of the event loop on the thread
    const statements = Array.from({ length: 400 }, (_, i) => ({ sql: "insert into looks (who) values (?), (?), (?), (?), (?)", args: Array(5).fill(`row ${i}`) }));
    let turns = 0;
    let writing = true;
    const spin = () => {
      if (!writing) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    await thread.batch(statements);
    writing = false;
    expect(await count()).toBe(3 + 2_000);
    // on the request's thread the write would end before the first turn
    expect(turns).toBeGreaterThan(1);
  });

  it("lets go of the file when closed (a test's database is removed after), and refuses a batch after", async () => {
    const other = new WriteThreadClient(url);
    await other.batch(["insert into looks (who) values ('closing')"]);
    await other.close();
    await expect(other.batch(["insert into looks (who) values ('late')"])).rejects.toThrow("the write thread is closed");
    expect(Number((await main.execute("select count(*) as n from looks where who in ('closing', 'late')")).rows[0]!.n)).toBe(1);
  });

  it("writes through the request's connection once the thread fails, this batch and every later one, and says so once", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    const fallback = { calls: 0, batch: (...args: Parameters<typeof main.batch>) => (fallback.calls++, main.batch(...args)) };
    // a thread that cannot start: the module it requires is not there
    const broken = new WriteThreadClient(url, fallback, path.join(dir, "no-such-libsql.js"));
    try {
      await broken.batch([{ sql: "insert into looks (who) values (?), (?)", args: ["fell back", "fell back"] }]);
      await broken.batch(["insert into looks (who) values ('fell back')"]);
      expect(Number((await main.execute("select count(*) as n from looks where who = 'fell back'")).rows[0]!.n)).toBe(3);
      expect(fallback.calls).toBe(2);
      expect(said).toHaveBeenCalledTimes(1);
      expect(String(said.mock.calls[0]![0])).toMatch(/write thread failed/);
    } finally {
      said.mockRestore();
      await broken.close();
    }
  });

  it("refuses a batch the database refuses without writing it again through the request's connection", async () => {
    const fallback = { calls: 0, batch: (...args: Parameters<typeof main.batch>) => (fallback.calls++, main.batch(...args)) };
    const working = new WriteThreadClient(url, fallback);
    try {
      // id 1 is taken
      await expect(working.batch([{ sql: "insert into looks (id, who) values (?, ?)", args: [1, "taken"] }])).rejects.toMatchObject({ code: expect.stringMatching(/CONSTRAINT/) });
      await working.batch(["insert into looks (who) values ('on the thread')"]);
      expect(fallback.calls).toBe(0);
      expect(Number((await main.execute("select count(*) as n from looks where who in ('taken', 'on the thread')")).rows[0]!.n)).toBe(1);
    } finally {
      await working.close();
    }
  });

  it("is for a file another connection can open, not a database in memory", () => {
    expect(isSharedFile("file:/tmp/x.db")).toBe(true);
    expect(isSharedFile(":memory:")).toBe(false);
    expect(isSharedFile("file::memory:?cache=shared")).toBe(false);
    expect(isSharedFile("libsql://example.turso.io")).toBe(false);
  });
});
