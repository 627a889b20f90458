import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type Client } from "@libsql/client";
import { PAGE_CACHE_PAGES, openNodeDatabase } from "./open-node";
import { WriteThreadClient } from "./write-thread";

let dir: string;
let client: Client;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "open-node-"));
  client = await openNodeDatabase(`file:${path.join(dir, "app.db")}`, path.resolve(__dirname, "../../../migrations"));
});
afterEach(() => {
  client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process (a script, a test fixture) holds the write lock for `ms`. */
function holdWriteLock(file: string, ms: number) {
  const script = `
    const { createClient } = require("@libsql/client");
    const c = createClient({ url: ${JSON.stringify(`file:${file}`)} });
    (async () => {
      const tx = await c.transaction("write");
      await tx.execute("update users set last_failed_signin_at = 1 where id = -1");
      process.stdout.write("locked\\n");
      setTimeout(async () => { await tx.commit(); c.close(); }, ${ms});
    })();`;
  const child = spawn(process.execPath, ["-e", script], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`lock holder exited (${code}) before locking`)));
  });
  const done = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { locked, done };
}

describe("the Node server's database", () => {
  it("waits for another process's write instead of failing, on every connection of its pool", async () => {
    const holder = holdWriteLock(path.join(dir, "app.db"), 300);
    await holder.locked;
    // overlapping statements make libsql open more connections than the first
    const writes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        client.execute({ sql: "insert into rate_limits (key, window_start, count) values (?, 0, 1)", args: [`k${i}`] }),
      ),
    );
    await holder.done;
    expect(writes.filter((w) => w.status === "rejected")).toEqual([]);
    const { rows } = await client.execute("select count(*) as n from rate_limits where key like 'k%'");
    expect(rows[0]!.n).toBe(6);
  });

  it("enforces foreign keys on every connection", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.execute("PRAGMA foreign_keys")));
    expect(answers.map((a) => a.rows[0]!.foreign_keys)).toEqual([1, 1, 1, 1]);
  });

  it("gives every connection of its pool the larger page cache, and keeps it when opened again", async () => {
    // overlapping reads, as a page's readers are, each borrow a connection of their own
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.execute("PRAGMA cache_size")));
    expect(answers.map((a) => a.rows[0]!.cache_size)).toEqual(Array(4).fill(PAGE_CACHE_PAGES));
    client.close();
    client = await openNodeDatabase(`file:${path.join(dir, "app.db")}`, path.resolve(__dirname, "../../../migrations"));
    const again = await Promise.all(Array.from({ length: 3 }, () => client.execute("PRAGMA cache_size")));
    expect(again.map((a) => a.rows[0]!.cache_size)).toEqual(Array(3).fill(PAGE_CACHE_PAGES));
  });
  it("keeps writing after a write that waited past the busy timeout", async () => {
    const file = `file:${path.join(dir, "app.db")}`;
    // the server's client as it is, with a wait short enough for a test, and one connection, so that
    // the second write below waits for the first's to be given back
    const impatient = createClient({ url: file, timeout: 100, concurrency: 1 });
    const other = createClient({ url: file });
    try {
      const held = await other.transaction("write");
      await held.execute("insert into rate_limits (key, window_start, count) values ('held', 0, 1)");
      const refused = await Promise.allSettled([
        impatient.execute("insert into rate_limits (key, window_start, count) values ('refused', 0, 1) on conflict (key) do update set count = count + 1 returning count"),
        impatient.execute("delete from rate_limits where window_start < 0"),
      ]);
      expect(refused.map((r) => r.status === "rejected" && (r.reason as { code?: string }).code)).toEqual(["SQLITE_BUSY", "SQLITE_BUSY"]);
      await held.commit();
      // a read, a write elsewhere, then writes of other statements than the refused one (which
      // running again would have reset): before the fix each failed with SQLITE_BUSY_SNAPSHOT, for good
      for (let i = 0; i < 3; i++) {
        await impatient.execute("select count(*) from rate_limits");
        await other.execute({ sql: "insert into rate_limits (key, window_start, count) values (?, 0, 1)", args: [`other${i}`] });
        await impatient.execute({ sql: "update rate_limits set count = count + 1 where key = ?", args: ["held"] });
        await impatient.batch([{ sql: "insert into rate_limits (key, window_start, count) values (?, 0, 1)", args: [`batch${i}`] }], "write");
      }
      const { rows } = await impatient.execute("select key, count from rate_limits where key in ('refused', 'held', 'batch2') order by key");
      expect(rows.map((r) => [r.key, r.count])).toEqual([["batch2", 1], ["held", 4]]);
    } finally {
      impatient.close();
      other.close();
    }
  });
  // a connection given up after SQLITE_BUSY is never freed by libsql 0.5.29 (any connection a
  // statement was prepared on is not, closed and collected or not): its file handles, its page cache
  // and the snapshot its refused statement started stay, so that the WAL can no longer be checkpointed
  it.skipIf(!fs.existsSync("/proc/self/fd"))("keeps its connections and the WAL's checkpoints through writes refused as busy", async () => {
    const file = path.join(dir, "app.db");
    const handles = () =>
      fs.readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
        } catch {
          return false;
        }
      }).length;
    const impatient = createClient({ url: `file:${file}`, timeout: 10, concurrency: 2 });
    const other = createClient({ url: `file:${file}` });
    try {
      // both connections of the pool open, each with the file and its WAL
      const read = "select count(*) from rate_limits";
      await Promise.all([impatient.execute(read), impatient.execute(read), other.execute(read)]);
      const before = handles();
      const held = await other.transaction("write");
      await held.execute("insert into rate_limits (key, window_start, count) values ('held', 0, 1)");
      const refused: unknown[] = [];
      for (let i = 0; i < 10; i++) {
        const insert = { sql: "insert into rate_limits (key, window_start, count) values (?, 0, 1)", args: [`refused${i}`] };
        await impatient.execute(insert).catch((e: { code?: string }) => refused.push(e.code));
        await impatient.batch(["select count(*) from rate_limits", insert]).catch((e: { code?: string }) => refused.push(e.code));
      }
      await held.commit();
      expect(refused).toEqual(Array(20).fill("SQLITE_BUSY"));
      await impatient.batch(["select count(*) from rate_limits", "insert into rate_limits (key, window_start, count) values ('after', 0, 1)"]);
      expect(handles()).toBe(before);
      const { rows } = await other.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      expect(rows[0]!.busy).toBe(0);
    } finally {
      impatient.close();
      other.close();
    }
  });
  it("writes a batch that reads first while its write thread writes", async () => {
    const thread = new WriteThreadClient(`file:${path.join(dir, "app.db")}`);
    const insert = (key: string) => ({ sql: "insert into rate_limits (key, window_start, count) values (?, 0, 1)", args: [key] });
    await thread.batch([insert("thread started")]);
    // 200 writes handed to the thread at once, which it makes one after another on its own, however
    // busy this thread is, while the batches below run here (with a pause, so that neither side
    // starves the other of the lock)
    let threadDone = false;
    const threadWriting = Promise.all(Array.from({ length: 200 }, (_, i) => thread.batch([insert(`thread${i}`)]))).finally(() => (threadDone = true));
    const outcomes: string[] = [];
    while (!threadDone) {
      // a batch whose snapshot (its first read) may be older than the thread's last write
      const batch = client.batch(["select count(*) from rate_limits", insert(`batch${outcomes.length}`)]);
      outcomes.push(await batch.then(() => "written", (e: { extendedCode?: string }) => String(e.extendedCode)));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await threadWriting;
    await thread.close();
    expect(outcomes.filter((o) => o !== "written")).toEqual([]);
    const { rows } = await client.execute("select count(*) as n from rate_limits where key like 'batch%'");
    expect(rows[0]!.n).toBe(outcomes.length);
  });
});
