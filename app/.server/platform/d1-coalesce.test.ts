import type { Miniflare } from "miniflare";
import { workerWithD1 } from "../../../tests/support/miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Run in workerd with a real local D1 (Miniflare), since what is tested is D1's own wire format:
 * a Worker built from this entry reads through a coalescing session and answers what it got.
 */
const worker = `
import { drizzle } from "drizzle-orm/d1";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === "/held") return held(env);
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
    return Response.json({ joined, counted, objects, together, named, missing, after, bookmark: session.getBookmark() });
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
    expect(answer.together).toEqual({ calls: 1, statements: 3 });
    // a failed call does not say which statement failed: each is asked again alone
    expect(answer.named.value).toEqual([{ name: "Ada" }]);
    expect(answer.missing.error).toMatch(/no such table: no_such_table/);
    // a write and the read after it: the read sees the write
    expect(answer.after).toEqual({ count: 2 });
    expect(answer.bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
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
