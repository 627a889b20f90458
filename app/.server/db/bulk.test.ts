import { asc, getTableColumns, is, sql } from "drizzle-orm";
import { SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { drizzle } from "drizzle-orm/libsql";
import type { Client } from "@libsql/client";
import { insertMany, upsertMany } from "./bulk";
import { schema as appSchema, type Database } from "./index";
import { WriteThreadClient } from "./write-thread";
import { insertStatement, ON_CONFLICT_DO_NOTHING } from "./insert-statement";
import * as schema from "./schema";
import { customers, documentEvents, outbox, pageSessions, projects, sicCodes } from "./schema";
import { generateCustomer, generateProject, random } from "~/seed/demo-market";
import { makeUser } from "~/seed/factories";

type Table = SQLiteTable;
type Row = Record<string, unknown>;

const tables = Object.entries(schema).filter((entry): entry is [string, Table] => is(entry[1], SQLiteTable));

/** A value of the column's kind, the `i`th of its kind. */
function valueFor(column: SQLiteColumn, i: number): unknown {
  const enumValues = (column as { enumValues?: string[] }).enumValues;
  switch (column.columnType) {
    case "SQLiteInteger":
      return 1000 + i;
    case "SQLiteReal":
      return 0.1 + i;
    case "SQLiteBoolean":
      return i % 2 === 0;
    case "SQLiteTimestamp":
      return new Date(1_790_000_000_000 + i * 1000);
    case "SQLiteTextJson":
      return { kind: "json", i, list: [1, "two", null], nested: { quote: `it's "quoted"` } };
    case "SQLiteText":
      return enumValues?.length ? enumValues[i % enumValues.length] : `O'Brien "${i}"`;
    default:
      throw new Error(`no sample for ${column.columnType}`);
  }
}

const hasDefault = (column: SQLiteColumn) => column.default !== undefined || column.defaultFn !== undefined || column.onUpdateFn !== undefined;

/** Row shapes: every column given; only what has no default; nulls where allowed; undefined given outright. */
function rowsFor(table: Table): Row[] {
  const columns = Object.entries(getTableColumns(table));
  const all = (i: number) => Object.fromEntries(columns.map(([key, c]) => [key, valueFor(c, i)]));
  const required = (i: number) => Object.fromEntries(columns.filter(([, c]) => c.notNull && !hasDefault(c)).map(([key, c]) => [key, valueFor(c, i)]));
  const nulls = (i: number) => Object.fromEntries(columns.map(([key, c]) => [key, c.notNull ? (hasDefault(c) ? undefined : valueFor(c, i)) : null]));
  return [all(0), required(1), nulls(2), all(3), required(4)];
}

describe("an insert built without drizzle's query builder", () => {
  // a default made by a function (an updatedAt of `new Date()`) reads the clock: both builds see the same instant
  beforeAll(() => void vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-06T10:00:00.000Z") }));
  afterAll(() => void vi.useRealTimers());

  const t = { db: null as unknown as Awaited<ReturnType<typeof createTestDatabase>>["db"] };
  let cleanup = () => {};
  beforeAll(async () => {
    const made = await createTestDatabase();
    t.db = made.db;
    cleanup = made.cleanup;
  });
  afterAll(() => cleanup());

  it.each(tables)("%s: the same text and values as drizzle's, for each shape of row and together", (_, table) => {
    const rows = rowsFor(table);
    for (const some of [...rows.map((row) => [row]), rows]) {
      expect(insertStatement(table, some)).toEqual(t.db.insert(table).values(some).toSQL());
      expect(insertStatement(table, some, ON_CONFLICT_DO_NOTHING)).toEqual(t.db.insert(table).values(some).onConflictDoNothing().toSQL());
    }
  });

  it("leaves to drizzle what it does not build: an SQL value, a placeholder", () => {
    const row = { sessionId: "s", userId: 1, route: "/", pageType: "other", sessionStart: new Date(0), sessionEnd: new Date(0), totalDuration: 0, activeTime: 0, scrollDepthMax: 0, record: {} };
    expect(insertStatement(pageSessions, [{ ...row, route: sql`lower('X')` } as never])).toBeNull();
    expect(insertStatement(pageSessions, [{ ...row, route: sql.placeholder("route") } as never])).toBeNull();
    expect(insertStatement(pageSessions, [row as never])).not.toBeNull();
  });
});

describe("insertMany and upsertMany", () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let byDrizzle: Awaited<ReturnType<typeof createTestDatabase>>;
  let userId = 0;
  let sellerId = 0;
  beforeAll(async () => {
    [t, byDrizzle] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    // the same members in both, by the same ids
    for (const db of [t.db, byDrizzle.db]) {
      userId = (await makeUser(db, { email: "viewer@example.test" })).id;
      sellerId = (await makeUser(db, { email: "seller@example.test", roles: ["ROLE_SELLER"] })).id;
    }
  });
  afterAll(() => {
    t.cleanup();
    byDrizzle.cleanup();
  });
  afterEach(() => vi.restoreAllMocks());

  /** The statements the database received while `write` ran. */
  async function received(write: () => Promise<unknown>) {
    const sent: Array<{ sql: string; args: unknown[] }> = [];
    const batch = t.client.batch.bind(t.client);
    t.client.batch = ((statements: Array<{ sql: string; args: unknown[] }>, ...rest: unknown[]) => {
      sent.push(...statements.map(({ sql, args }) => ({ sql, args })));
      return (batch as (...a: unknown[]) => unknown)(statements, ...rest);
    }) as typeof t.client.batch;
    try {
      await write();
    } finally {
      t.client.batch = batch;
    }
    return sent;
  }

  /** What drizzle's builder makes of the same rows, in the same slices. */
  const drizzleSlices = (statements: Array<{ toSQL(): { sql: string; params: unknown[] } }>) =>
    statements.map((s) => s.toSQL()).map(({ sql, params }) => ({ sql, args: params }));

  const pageSession = (i: number) => ({
    sessionId: `lean-${i}`,
    userId,
    route: `/buyers/search?q=${i}`,
    pageType: "search-results" as const,
    projectId: i % 3 === 0 ? null : i,
    sessionStart: new Date(1_790_000_000_000 + i),
    sessionEnd: new Date(1_790_000_004_000 + i),
    totalDuration: 4000,
    activeTime: 3000 + i,
    scrollDepthMax: i / 10,
    record: { searchQuery: `solar ${i}`, userInteractions: { clicks: i, keystrokes: 2 }, interactionTimepoints: [[1, "click"]], isPageActive: i % 2 === 0 },
    // the time it was received: the database's default when not given
    receivedAt: i % 2 ? new Date(1_790_000_009_000 + i) : undefined,
  });

  /** Every row of `table` in both databases, in insertion order. */
  async function bothRead(table: Table) {
    const read = (db: typeof t.db) => db.select().from(table).orderBy(asc(sql`rowid`));
    return Promise.all([read(t.db), read(byDrizzle.db)]);
  }

  it("sends a flush of page sessions as drizzle would, in slices, without its query builder, and the rows read back alike", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => pageSession(i));
    const insert = vi.spyOn(t.db, "insert");
    const sent = await received(() => insertMany(t.db, pageSessions, rows, { ignoreConflicts: true }));
    expect(insert).not.toHaveBeenCalled();
    const size = Math.floor(99 / Object.keys(getTableColumns(pageSessions)).length);
    const slices = Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
    expect(sent.length).toBeGreaterThan(1);
    expect(sent).toEqual(drizzleSlices(slices.map((slice) => t.db.insert(pageSessions).values(slice).onConflictDoNothing())));
    await byDrizzle.db.batch(slices.map((slice) => byDrizzle.db.insert(pageSessions).values(slice).onConflictDoNothing()) as never);

    const [lean, drizzled] = await bothRead(pageSessions);
    expect(lean).toHaveLength(30);
    // the database's own time of receipt differs between the two writes; it is now-ish in both
    const receipt = (rows: typeof lean) => rows.map((r, i) => (i % 2 ? r.receivedAt : Math.abs(+r.receivedAt - Date.now()) < 60_000));
    expect(receipt(lean)).toEqual(receipt(drizzled));
    const rest = (rows: typeof lean) => rows.map(({ receivedAt: _, ...r }) => r);
    expect(rest(lean)).toEqual(rest(drizzled));
    expect(lean[1]).toMatchObject({ projectId: 1, record: rows[1]!.record, receivedAt: rows[1]!.receivedAt, scrollDepthMax: 0.1 });

    // a resent session is ignored
    await insertMany(t.db, pageSessions, [{ ...pageSession(1), route: "/again" }], { ignoreConflicts: true });
    expect((await bothRead(pageSessions))[0][1]!.route).toBe(rows[1]!.route);
  });

  it("writes page sessions through the write thread's client (decision 106) as built, without drizzle's builder", async () => {
    const thread = new WriteThreadClient(t.url);
    try {
      const offThread = drizzle(thread as unknown as Client, { schema: appSchema }) as unknown as Database;
      const insert = vi.spyOn(offThread, "insert");
      const rows = Array.from({ length: 20 }, (_, i) => ({ ...pageSession(i), sessionId: `thread-${i}` }));
      await insertMany(offThread, pageSessions, rows, { ignoreConflicts: true });
      expect(insert).not.toHaveBeenCalled();
      const written = await t.db.select().from(pageSessions).where(sql`${pageSessions.sessionId} like 'thread-%'`).orderBy(asc(sql`rowid`));
      expect(written.map(({ receivedAt: _, ...r }) => r)).toEqual(rows.map(({ receivedAt: _, ...r }) => r));
      expect(written.filter((_, i) => i % 2).map((r) => r.receivedAt)).toEqual(rows.filter((_, i) => i % 2).map((r) => r.receivedAt));
    } finally {
      await thread.close();
    }
  });

  it("writes projects, customers, document events and outbox messages as drizzle does", async () => {
    const r = random(11);
    const now = Date.UTC(2026, 10, 1);
    const made = Array.from({ length: 12 }, (_, i) => generateProject(r, i, sellerId, now)).map(({ loans: _l, ...p }) => p);
    const people = Array.from({ length: 25 }, (_, i) => generateCustomer(r, i, now)).map((c, i) => ({ ...c, enabled: i % 3 !== 0, locked: i % 5 === 0 }));
    const messages = Array.from({ length: 20 }, (_, i) => ({
      channel: "email" as const,
      recipient: `r${i}@example.test`,
      subject: i % 2 ? `Subject ${i}` : undefined,
      body: `Hello ${i}`,
      headers: i % 3 ? { "List-Unsubscribe": `<https://example.test/u/${i}>` } : null,
      campaignId: 7,
      customerId: i,
      createdAt: new Date(now + i),
      nextAttemptAt: new Date(now + i),
    }));
    for (const [table, rows, options] of [
      [projects, made, {}],
      [customers, people, {}],
      [outbox, messages, { ignoreConflicts: true }],
    ] as Array<[Table, Row[], { ignoreConflicts?: boolean }]>) {
      const sent = await received(() => insertMany(t.db, table, rows as never, options));
      const size = Math.floor(99 / Object.keys(getTableColumns(table)).length);
      const slices = Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
      const build = (db: typeof t.db) => slices.map((slice) => (options.ignoreConflicts ? db.insert(table).values(slice).onConflictDoNothing() : db.insert(table).values(slice)));
      // a default of the database's clock stays in the text; every other value is bound
      expect(sent).toEqual(drizzleSlices(build(t.db)));
      await byDrizzle.db.batch(build(byDrizzle.db) as never);
      const [lean, drizzled] = await bothRead(table);
      expect(lean).toHaveLength(rows.length);
      const timeless = (rows: Row[]) => rows.map(({ createdAt: _c, updatedAt: _u, ...row }) => row);
      expect(timeless(lean)).toEqual(timeless(drizzled));
    }

    const [room] = await t.db.select({ id: projects.id }).from(projects).limit(1);
    const views = Array.from({ length: 15 }, (_, i) => ({ projectId: room!.id, documentId: null, documentName: "Data room", userId, action: "view" as const, ipAddress: `10.0.0.${i}`, createdAt: new Date(now + i) }));
    await insertMany(t.db, documentEvents, views, { ignoreConflicts: true });
    await byDrizzle.db.batch([byDrizzle.db.insert(documentEvents).values(views).onConflictDoNothing()] as never);
    // the same opening delivered twice is stored once
    await insertMany(t.db, documentEvents, views.slice(0, 3), { ignoreConflicts: true });
    const [lean, drizzled] = await bothRead(documentEvents);
    expect(lean).toHaveLength(15);
    expect(lean).toEqual(drizzled);
  });

  it("upserts as drizzle does: new rows written, known ones given the file's values", async () => {
    const at = new Date(Date.UTC(2026, 11, 1));
    const codes = Array.from({ length: 40 }, (_, i) => ({ code: `Z${String(i).padStart(3, "0")}`, title: `Title ${i}`, division: "A", updatedAt: at }));
    await upsertMany(t.db, sicCodes, codes.slice(0, 10), { target: sicCodes.code, update: ["title", "division", "updatedAt"] });
    const again = codes.map((c, i) => (i < 10 ? { ...c, title: `Renamed ${i}`, division: "B" } : c));
    const set = { title: sql.raw(`excluded."title"`), division: sql.raw(`excluded."division"`), updatedAt: sql.raw(`excluded."updated_at"`) };
    const insert = vi.spyOn(t.db, "insert");
    const sent = await received(() => upsertMany(t.db, sicCodes, again, { target: sicCodes.code, update: ["title", "division", "updatedAt"] }));
    // the conflict clause is read once off drizzle's statement of one row; no slice is built by drizzle
    expect(insert).toHaveBeenCalledTimes(1);
    insert.mockRestore();
    const size = Math.floor(99 / Object.keys(getTableColumns(sicCodes)).length);
    const slices = Array.from({ length: Math.ceil(again.length / size) }, (_, k) => again.slice(k * size, (k + 1) * size));
    expect(sent).toEqual(drizzleSlices(slices.map((slice) => t.db.insert(sicCodes).values(slice).onConflictDoUpdate({ target: sicCodes.code, set }))));
    const written = await t.db.select().from(sicCodes).where(sql`${sicCodes.code} like 'Z%'`).orderBy(sicCodes.code);
    expect(written).toEqual(again);
  });
});
