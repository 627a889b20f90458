import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
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

  it("is for a file another connection can open, not a database in memory", () => {
    expect(isSharedFile("file:/tmp/x.db")).toBe(true);
    expect(isSharedFile(":memory:")).toBe(false);
    expect(isSharedFile("file::memory:?cache=shared")).toBe(false);
    expect(isSharedFile("libsql://example.turso.io")).toBe(false);
  });
});
