import type { Miniflare } from "miniflare";
import { workerWithD1 } from "../../../tests/support/miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * In workerd with a real local D1 (Miniflare): on Workers each request's D1 session is its own
 * database handle, and a prepared query built for the first is reused by the next ones.
 */
const worker = `
import { drizzle } from "drizzle-orm/d1";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { callsOf, coalescingReads } from "../platform/d1-coalesce";
import { preparedQuery } from "./prepared";

const owners = sqliteTable("owners", { id: integer("id").primaryKey(), name: text("name").notNull() });
const pets = sqliteTable("pets", { id: integer("id").primaryKey(), ownerId: integer("owner_id").notNull(), name: text("name").notNull() });
const schema = { owners, pets };
let builds = 0;
const petsOf = preparedQuery((db) => {
  builds++;
  return db.select({ name: pets.name }).from(pets).where(eq(pets.ownerId, sql.placeholder("ownerId"))).orderBy(pets.id).prepare();
});
const ownerNamed = preparedQuery((db) => db.query.owners.findFirst({ where: eq(owners.name, sql.placeholder("name")) }).prepare());

export default {
  async fetch(request, env) {
    await env.DB.batch([
      env.DB.prepare("create table if not exists owners (id integer primary key, name text not null)"),
      env.DB.prepare("create table if not exists pets (id integer primary key, owner_id integer not null, name text not null)"),
      env.DB.prepare("insert or ignore into owners values (1, 'Ada'), (2, 'Grace')"),
      env.DB.prepare("insert or ignore into pets values (10, 1, 'Rex'), (11, 2, 'Tom'), (12, 2, 'Kit')"),
    ]);
    // three requests, each with its own session and handle
    const answers = [];
    for (const [ownerId, name] of [[1, "Grace"], [2, "Ada"], [3, "Nobody"]]) {
      const session = coalescingReads(env.DB.withSession("first-primary"));
      const db = drizzle(session, { schema });
      const [found, owner] = await Promise.all([petsOf(db).all({ ownerId }), ownerNamed(db).execute({ name })]);
      answers.push({ pets: found.map((p) => p.name), owner: owner?.id ?? null, calls: callsOf(session), same: petsOf(db) === petsOf(db) });
    }
    return Response.json({ answers, builds });
  },
};
`;

let mf: Miniflare;
beforeAll(async () => {
  mf = await workerWithD1(worker, __dirname, "prepared-worker.ts");
}, 60_000);
afterAll(() => mf?.dispose());

it("builds a prepared query once and runs it on each request's own D1 session", async () => {
  const { answers, builds } = (await (await mf.dispatchFetch("http://localhost/")).json()) as {
    answers: { pets: string[]; owner: number | null; calls: unknown; same: boolean }[];
    builds: number;
  };
  // one call each; once both reads have been seen, they go as one statement (d1-combine.ts)
  expect(answers).toEqual([
    { pets: ["Rex"], owner: 2, calls: expect.objectContaining({ calls: 1, statements: 2, writes: 0 }), same: true },
    { pets: ["Tom", "Kit"], owner: 1, calls: expect.objectContaining({ calls: 1, statements: 1, writes: 0 }), same: true },
    { pets: [], owner: null, calls: expect.objectContaining({ calls: 1, statements: 1, writes: 0 }), same: true },
  ]);
  expect(builds).toBe(1);
});
