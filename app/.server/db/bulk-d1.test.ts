import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerWithD1 } from "../../../tests/support/miniflare";

/*
 * Run in workerd with a real local D1 (Miniflare): the Queue's consumer writes its rows with
 * insertMany on D1, whose statements are run on the binding (or a request's session) as built.
 */
const worker = `
import { drizzle } from "drizzle-orm/d1";
import { asc, sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { insertMany, upsertMany } from "./bulk";
import { callsOf, coalescingReads, holdingWrites, isRefusedWrite } from "../platform/d1-coalesce";

// what the app's tables have: an SQL default and a function, a bound default, JSON, a boolean, nulls
const columns = () => ({
  id: text("id").primaryKey(),
  route: text("route").notNull(),
  projectId: integer("project_id"),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  score: real("score").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(false),
  record: text("record", { mode: "json" }).notNull(),
  tags: text("tags", { mode: "json" }).default(["none"]),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(sql\`(unixepoch('subsec') * 1000)\`).$defaultFn(() => new Date()),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date(1790000000000)),
});
const lean = sqliteTable("visits_lean", columns());
const drizzled = sqliteTable("visits_drizzle", columns());
const ddl = (name) =>
  \`create table if not exists \${name} (id text primary key, route text not null, project_id integer, started_at integer not null, score real not null,
    active integer not null default 0, record text not null, tags text default '["none"]', received_at integer not null default (unixepoch('subsec') * 1000), updated_at integer not null)\`;

const row = (i, prefix = "v") => ({
  id: prefix + i,
  route: "/page/" + i + "'s",
  projectId: i % 3 ? i : null,
  startedAt: new Date(1790000000000 + i),
  score: i / 4,
  active: i % 4 === 0 ? true : i % 4 === 1 ? false : undefined,
  record: { i, list: [1, "two", null], quote: 'say "hi"' },
  tags: i % 2 ? ["t" + i] : undefined,
  receivedAt: i % 5 === 0 ? undefined : new Date(1790000009000 + i),
});

const counting = (db) => {
  const built = { inserts: 0 };
  const insert = db.insert.bind(db);
  db.insert = (...args) => (built.inserts++, insert(...args));
  return { db, built };
};
const all = (db, table) => db.select().from(table).orderBy(asc(table.id));

export default {
  async fetch(request, env) {
    await env.DB.batch([env.DB.prepare(ddl("visits_lean")), env.DB.prepare(ddl("visits_drizzle"))]);
    const { db, built } = counting(drizzle(env.DB));
    const rows = Array.from({ length: 25 }, (_, i) => row(i));

    // on the binding, as the Queue's consumer writes: in slices of 9, one batch
    await insertMany(db, lean, rows, { ignoreConflicts: true });
    await insertMany(db, lean, rows.slice(0, 3).map((r) => ({ ...r, route: "again" })), { ignoreConflicts: true });
    const size = 9;
    const slices = Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
    const insertsBefore = built.inserts;
    await db.batch(slices.map((slice) => db.insert(drizzled).values(slice).onConflictDoNothing()));
    const byDrizzle = built.inserts - insertsBefore;
    const [leanRows, drizzledRows] = await Promise.all([all(db, lean), all(db, drizzled)]);
    const leanBuilds = insertsBefore;

    // through a request's session: one call, counted as a write, and its bookmark moves on
    const session = coalescingReads(env.DB.withSession("first-primary"));
    const bookmarkBefore = session.getBookmark();
    await insertMany(drizzle(session), lean, [row(0, "s"), row(1, "s")]);
    const sessionCalls = { ...callsOf(session) };
    const bookmark = session.getBookmark();

    // held behind a guess: written once it held, refused when it did not
    let settle;
    const gate = { waitFor: new Promise((resolve) => (settle = resolve)) };
    const heldWrite = insertMany(drizzle(holdingWrites(session, gate)), lean, [row(0, "h")]);
    const whileHeld = (await db.select().from(lean).where(sql\`id = 'h0'\`)).length;
    settle(true);
    await heldWrite;
    const afterHeld = (await db.select().from(lean).where(sql\`id = 'h0'\`)).length;
    const refused = await insertMany(drizzle(holdingWrites(session, { waitFor: Promise.resolve(false) })), lean, [row(0, "r")]).then(
      () => "written",
      (error) => (isRefusedWrite(error) ? "refused" : String(error)),
    );

    // an upsert: the known row takes the new route, the new one is written
    const upsertsBefore = built.inserts;
    await upsertMany(db, lean, [{ ...row(1), route: "renamed" }, row(1, "u")], { target: lean.id, update: ["route"] });
    const upsertBuilds = built.inserts - upsertsBefore;
    const upserted = await db.select().from(lean).where(sql\`id in ('v1', 'u1')\`).orderBy(asc(lean.id));

    return Response.json({ leanRows, drizzledRows, leanBuilds, byDrizzle, sessionCalls, bookmarkBefore, bookmark, whileHeld, afterHeld, refused, upsertBuilds, upserted });
  },
};
`;

let mf: Miniflare;
beforeAll(async () => {
  mf = await workerWithD1(worker, __dirname, "bulk-worker.ts");
}, 60_000);
afterAll(() => mf?.dispose());

type Visit = { id: string; route: string; receivedAt: string; [key: string]: unknown };

describe("insertMany on D1", () => {
  it("writes the rows drizzle would, without its builder, on the binding and on a request's session", async () => {
    const text = await (await mf.dispatchFetch("http://localhost/")).text();
    if (!text.startsWith("{")) throw new Error(text);
    const answer = JSON.parse(text) as {
      leanRows: Visit[];
      drizzledRows: Visit[];
      leanBuilds: number;
      byDrizzle: number;
      sessionCalls: { calls: number; statements: number; writes: number };
      bookmarkBefore: string | null;
      bookmark: string;
      whileHeld: number;
      afterHeld: number;
      refused: string;
      upsertBuilds: number;
      upserted: Visit[];
    };
    expect(answer.leanBuilds).toBe(0);
    expect(answer.byDrizzle).toBe(3);
    expect(answer.leanRows).toHaveLength(25);
    // the database's time of receipt differs between the two writes; every other value is the same
    const fromDatabase = (rows: Visit[]) => rows.map((r) => (Number(r.id.slice(1)) % 5 === 0 ? Math.abs(Date.parse(r.receivedAt) - Date.now()) < 60_000 : r.receivedAt));
    expect(fromDatabase(answer.leanRows)).toEqual(fromDatabase(answer.drizzledRows));
    const rest = (rows: Visit[]) => rows.map(({ receivedAt: _, ...r }) => r);
    expect(rest(answer.leanRows)).toEqual(rest(answer.drizzledRows));
    // a resent row is ignored
    expect(answer.leanRows.find((r) => r.id === "v0")!.route).toBe("/page/0's");
    expect(answer.leanRows.find((r) => r.id === "v2")).toMatchObject({ active: false, tags: ["none"], projectId: 2, record: { i: 2, list: [1, "two", null], quote: 'say "hi"' } });

    expect(answer.sessionCalls).toMatchObject({ calls: 1, statements: 1, writes: 1 });
    expect(answer.bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(answer.bookmark).not.toBe(answer.bookmarkBefore);
    expect([answer.whileHeld, answer.afterHeld, answer.refused]).toEqual([0, 1, "refused"]);

    // the upsert's conflict clause is read off one statement drizzle builds; the slices are not
    expect(answer.upsertBuilds).toBe(1);
    expect(answer.upserted.map((r) => [r.id, r.route])).toEqual([
      ["u1", "/page/1's"],
      ["v1", "renamed"],
    ]);
  });
});
