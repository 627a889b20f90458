import type { Miniflare } from "miniflare";
import { workerWithD1 } from "../../../tests/support/miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Run in workerd with a real local D1 (Miniflare), since what is tested is D1's own wire format:
 * a Worker built from this entry reads through a coalescing session and answers what it got.
 */
const worker = `
import { drizzle } from "drizzle-orm/d1";
import { desc, eq, sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { callsOf, coalescingReads, holdingWrites, WriteRefused } from "./d1-coalesce";

const owners = sqliteTable("owners", { id: integer("id").primaryKey(), name: text("name").notNull() });
const pets = sqliteTable("pets", { id: integer("id").primaryKey(), ownerId: integer("owner_id").notNull(), name: text("name").notNull() });

const petCount = async (db, ownerId) => (await db.select({ count: sql\`count(*)\` }).from(pets).where(eq(pets.ownerId, ownerId)))[0].count;

// a write held behind a guess: it waits while the guess is open, goes when it held, is refused when it did not
async function held(env) {
  await env.DB.prepare("create table if not exists pets (id integer primary key, owner_id integer not null, name text not null)").run();
  const session = coalescingReads(env.DB.withSession("first-primary"));
  const db = drizzle(session);
  let settle;
  const gate = { waitFor: new Promise((resolve) => (settle = resolve)) };
  const heldDb = drizzle(holdingWrites(session, gate));
  const before = { ...callsOf(session) };
  let done = false;
  const write = heldDb.insert(pets).values({ id: 30, ownerId: 3, name: "Kit" }).then(() => (done = true));
  // a read through the held view and one through the session go together; the write is not among them
  const [whileOpen, alsoRead] = await Promise.all([petCount(heldDb, 3), petCount(db, 3)]);
  const together = { calls: callsOf(session).calls - before.calls, statements: callsOf(session).statements - before.statements };
  const waited = !done;
  settle(true);
  await write;
  const afterHeld = await petCount(db, 3);
  const refusedGate = { waitFor: Promise.resolve(false) };
  const refusedDb = drizzle(holdingWrites(session, refusedGate));
  const refused = await refusedDb.insert(pets).values({ id: 31, ownerId: 3, name: "Tab" }).then(
    () => "written",
    (error) => (error instanceof WriteRefused || error.cause instanceof WriteRefused ? "refused" : String(error)),
  );
  const afterRefused = await petCount(db, 3);
  const open = await drizzle(holdingWrites(session, {})).insert(pets).values({ id: 32, ownerId: 4, name: "Bo" }).then(() => petCount(db, 4));
  return Response.json({ whileOpen, alsoRead, together, waited, afterHeld, refused, afterRefused, open });
}

// reads seen before go to D1 as one statement, and each gets back what it would have alone
async function combined(env) {
  await env.DB.batch([
    env.DB.prepare("create table if not exists readings (id integer primary key, label text, value real, detail text, raw blob)"),
    env.DB.prepare("insert or ignore into readings values (1, 'a', 0.1 + 0.2, '{\\"k\\":1}', x'00ff'), (2, 'b', 123456789.123456789, null, null), (3, 'c', 5, '[1]', null)"),
  ]);
  const readings = sqliteTable("readings", { id: integer("id").primaryKey(), label: text("label"), value: real("value"), detail: text("detail", { mode: "json" }) });
  const pageOf = (session) => {
    const db = drizzle(session);
    return Promise.all([
      db.select().from(readings).orderBy(desc(readings.id)),
      db.select({ id: readings.id, label: readings.label }).from(readings).where(eq(readings.label, "b")),
      db.all(sql\`select count(*) as n, sum(value) as total from readings where id > \${1}\`),
      // 40 columns: wider than a function's 32 arguments
      db.all(sql.raw(\`select \${Array.from({ length: 40 }, (_, i) => \`\${i} as k\${i}\`).join(", ")}\`)),
      // one long text (a JSON document, say): goes on its own
      db.all(sql\`select \${"x".repeat(3000)} as long\`),
      // 200 values: goes on its own too
      db.all(sql.raw(\`select value as v from json_each('[\${Array.from({ length: 200 }, (_, i) => i).join(",")}]')\`)),
      // a desk list's 12 rows of 8 columns (96 values, each small): combined with the others
      db.all(sql.raw(\`select value as a, value + 1 as b, value + 2 as c, 'x' || value as d, value * 2 as e, null as f, value as g, 'y' as h from json_each('[\${Array.from({ length: 12 }, (_, i) => i).join(",")}]')\`)),
    ]);
  };
  const visits = [];
  for (let i = 0; i < 3; i++) {
    const session = coalescingReads(env.DB.withSession("first-primary"));
    const answers = await pageOf(session);
    visits.push({ answers, calls: { ...callsOf(session) } });
  }
  // a blob cannot go inside JSON: the combined statement fails once, each read is asked again alone,
  // and after that the blob's read goes on its own
  const blobVisits = [];
  for (let i = 0; i < 3; i++) {
    const session = coalescingReads(env.DB.withSession("first-primary"));
    const db = drizzle(session);
    const [raw, label] = await Promise.all([db.all(sql\`select raw from readings where id = \${1}\`), db.all(sql\`select label from readings where id = \${3}\`)]);
    blobVisits.push({ raw: Array.from(new Uint8Array(raw[0].raw)), label: label[0].label, calls: { ...callsOf(session) } });
  }
  return Response.json({ visits, blobVisits });
}

// a write with returning (Drizzle reads its rows with raw()) started with a read, on a session whose
// call is applied but answers an error (D1's "Network connection lost" after the commit)
async function lost(env) {
  await env.DB.prepare("create table if not exists notes (id integer primary key, body text not null)").run();
  const real = env.DB.withSession("first-primary");
  const flaky = {
    prepare: (query) => real.prepare(query),
    batch: (statements) => real.batch(statements),
    getBookmark: () => real.getBookmark(),
    _sendOrThrow: async (...args) => {
      await real._sendOrThrow(...args);
      throw new Error("D1_ERROR: Network connection lost.");
    },
  };
  const notes = sqliteTable("notes", { id: integer("id").primaryKey(), body: text("body").notNull() });
  const db = drizzle(coalescingReads(flaky));
  const settle = (p) => p.then(() => "ok", (error) => String(error.cause?.message ?? error.message));
  const [written, read] = await Promise.all([settle(db.insert(notes).values({ body: "once" }).returning()), settle(db.select().from(pets))]);
  const [{ n }] = await env.DB.prepare("select count(*) as n from notes where body = 'once'").all().then((r) => r.results);
  return Response.json({ written, read, n });
}

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === "/held") return held(env);
    if (new URL(request.url).pathname === "/lost") return lost(env);
    if (new URL(request.url).pathname === "/combined") return combined(env);
    await env.DB.batch([
      env.DB.prepare("create table if not exists owners (id integer primary key, name text not null)"),
      env.DB.prepare("create table if not exists pets (id integer primary key, owner_id integer not null, name text not null)"),
      env.DB.prepare("insert or ignore into owners values (1, 'Ada'), (2, 'Grace')"),
      env.DB.prepare("insert or ignore into pets values (10, 1, 'Rex'), (11, 2, 'Tom')"),
    ]);
    const session = coalescingReads(env.DB.withSession("first-primary"));
    const db = drizzle(session);
    const settle = (p) => p.then((value) => ({ value }), (error) => ({ error: String(error.cause?.message ?? error.message) }));
    const [joined, counted, objects] = await Promise.all([
      settle(db.select({ owner: owners, pet: pets }).from(pets).innerJoin(owners, eq(owners.id, pets.ownerId)).orderBy(pets.id)),
      settle(db.select({ count: sql\`count(*)\` }).from(pets)),
      settle(db.all(sql\`select name from owners where id = \${2}\`)),
    ]);
    const together = { ...callsOf(session) };
    const [named, missing] = await Promise.all([
      settle(db.select({ name: owners.name }).from(owners).where(eq(owners.id, 1))),
      settle(db.all(sql\`select name from no_such_table\`)),
    ]);
    await db.insert(pets).values({ id: 12, ownerId: 1, name: "Fido" }).onConflictDoNothing();
    const [after] = await db.select({ count: sql\`count(*)\` }).from(pets).where(eq(pets.ownerId, 1));
    return Response.json({ joined, counted, objects, together, named, missing, after, wrote: callsOf(session).writes, bookmark: session.getBookmark() });
  },
};
`;

let mf: Miniflare;
beforeAll(async () => {
  mf = await workerWithD1(worker, __dirname, "coalesce-worker.ts");
}, 60_000);
afterAll(() => mf?.dispose());

describe("coalesced D1 reads", () => {
  it("sends the reads started together as one call, each with its own rows or error", async () => {
    type Settled = { value?: unknown; error?: string };
    const answer = (await (await mf.dispatchFetch("http://localhost/")).json()) as Record<"joined" | "counted" | "objects" | "named" | "missing", Settled> & {
      together: unknown;
      wrote: number;
      after: unknown;
      bookmark: string;
    };
    // a join's two "id" columns both arrive: rows stay arrays until Drizzle maps them
    expect(answer.joined.value).toEqual([
      { owner: { id: 1, name: "Ada" }, pet: { id: 10, ownerId: 1, name: "Rex" } },
      { owner: { id: 2, name: "Grace" }, pet: { id: 11, ownerId: 2, name: "Tom" } },
    ]);
    expect(answer.counted.value).toEqual([{ count: 2 }]);
    expect(answer.objects.value).toEqual([{ name: "Grace" }]);
    // and D1's count of the rows they read: the join's two pets and their owners, the count's two pets, one owner
    expect(answer.together).toEqual({ calls: 1, statements: 3, writes: 0, rowsRead: expect.any(Number) });
    expect((answer.together as { rowsRead: number }).rowsRead).toBeGreaterThanOrEqual(5);
    // a failed call does not say which statement failed: each is asked again alone
    expect(answer.named.value).toEqual([{ name: "Ada" }]);
    expect(answer.missing.error).toMatch(/no such table: no_such_table/);
    // a write and the read after it: the read sees the write
    expect(answer.after).toEqual({ count: 2 });
    // the one write is counted (the bookmark cookie moves on after a write)
    expect(answer.wrote).toBe(1);
    expect(answer.bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
  });

  it("sends reads it has seen before as one statement, each answered as it would be alone", async () => {
    type Visit = { answers: unknown[]; calls: { calls: number; statements: number } };
    const text = await (await mf.dispatchFetch("http://localhost/combined")).text();
    if (!text.startsWith("{")) throw new Error(text);
    const { visits, blobVisits } = JSON.parse(text) as {
      visits: Visit[];
      blobVisits: Array<{ raw: number[]; label: string; calls: { calls: number; statements: number } }>;
    };
    const [first, second, third] = visits;
    // the first visit learns each read's columns; after it, five go as one (a dozen rows of a desk's list
    // among them) and the two large ones on their own
    expect(first!.calls).toMatchObject({ calls: 1, statements: 7, writes: 0 });
    expect(second!.calls).toMatchObject({ calls: 1, statements: 3, writes: 0 });
    expect(third!.calls).toMatchObject({ calls: 1, statements: 3, writes: 0 });
    expect(second!.answers).toEqual(first!.answers);
    expect(third!.answers).toEqual(first!.answers);
    const [rows, named, totals, wide, long, many, dozen] = second!.answers as [unknown[], unknown[], unknown[], Record<string, number>[], Array<{ long: string }>, unknown[], unknown[]];
    // in the read's order, reals exact, JSON text read as JSON, nulls kept
    expect(rows).toEqual([
      { id: 3, label: "c", value: 5, detail: [1] },
      { id: 2, label: "b", value: 123456789.12345679, detail: null },
      { id: 1, label: "a", value: 0.1 + 0.2, detail: { k: 1 } },
    ]);
    expect(named).toEqual([{ id: 2, label: "b" }]);
    expect(totals).toEqual([{ n: 2, total: 123456789.12345679 + 5 }]);
    expect(Object.keys(wide[0]!)).toHaveLength(40);
    expect(wide[0]!.k39).toBe(39);
    expect(long[0]!.long).toHaveLength(3000);
    expect(many).toHaveLength(200);
    expect(dozen).toHaveLength(12);
    expect(dozen[11]).toEqual({ a: 11, b: 12, c: 13, d: "x11", e: 22, f: null, g: 11, h: "y" });
    // the blob: right every time; combined once (and refused), alone after that
    expect(blobVisits.map((v) => [v.raw, v.label])).toEqual([
      [[0, 255], "c"],
      [[0, 255], "c"],
      [[0, 255], "c"],
    ]);
    expect(blobVisits.map(({ calls: { calls, statements, writes } }) => ({ calls, statements, writes }))).toEqual([
      { calls: 1, statements: 2, writes: 0 },
      { calls: 3, statements: 3, writes: 0 },
      { calls: 1, statements: 2, writes: 0 },
    ]);
  });

  it("never sends a write with the turn's reads, so a failed call is not a write made twice", async () => {
    const answer = (await (await mf.dispatchFetch("http://localhost/lost")).json()) as Record<string, unknown>;
    // the insert went alone (no combined call to fail), and once
    expect(answer.written).toBe("ok");
    expect(answer.n).toBe(1);
  });

  it("holds a guessed request's writes until the guess is settled, and refuses them when it did not hold", async () => {
    const answer = (await (await mf.dispatchFetch("http://localhost/held")).json()) as Record<string, unknown>;
    // reads are never held: both went in one call, before the write
    expect(answer.whileOpen).toBe(0);
    expect(answer.alsoRead).toBe(0);
    expect(answer.together).toEqual({ calls: 1, statements: 2 });
    expect(answer.waited).toBe(true);
    // the guess held: the write went
    expect(answer.afterHeld).toBe(1);
    // it did not: nothing written, and the writer is told why
    expect(answer.refused).toBe("refused");
    expect(answer.afterRefused).toBe(1);
    // no guess open: a write goes at once
    expect(answer.open).toBe(1);
  });
});
