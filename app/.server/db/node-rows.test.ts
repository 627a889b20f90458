import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The Node database client's rows (patches/@libsql+client+*.patch builds them from one constructor
 * per statement, patches/drizzle-orm+*.patch reads their values directly): each way the app and
 * drizzle read a row gives what the unpatched client gave.
 */
const client = createClient({ url: ":memory:" });
const notes = sqliteTable("notes", { id: integer("id").primaryKey(), title: text("title"), size: integer("size") });
const db = drizzle(client);

beforeAll(async () => {
  await client.batch(["create table notes (id integer primary key, title text, size integer)", "insert into notes values (1, 'one', 10), (2, null, 20)"]);
});
afterAll(() => client.close());

describe("a row of the Node database client", () => {
  it("reads by column name, by index and by length, and its own keys are its columns", async () => {
    const { rows } = await client.execute("select id, title, size from notes order by id");
    const [first, second] = rows;
    expect([first!.id, first!.title, first!.size]).toEqual([1, "one", 10]);
    expect([first![0], first![1], first![2], first!.length]).toEqual([1, "one", 10, 3]);
    expect(Array.from(second!)).toEqual([2, null, 20]);
    expect(Object.keys(first!)).toEqual(["id", "title", "size"]);
    expect(JSON.stringify(first)).toBe('{"id":1,"title":"one","size":10}');
  });

  it("keeps the first of two columns of one name by name, and both by index", async () => {
    const [row] = (await client.execute("select 1 as n, 2 as n")).rows;
    expect(row!.n).toBe(1);
    expect(Array.from(row!)).toEqual([1, 2]);
    expect(Object.keys(row!)).toEqual(["n"]);
  });

  it("reads columns named like an index or `length` as before", async () => {
    const [row] = (await client.execute('select 7 as "0", 8 as length, 9 as other')).rows;
    expect(Array.from(row!)).toEqual([7, 8, 9]);
    expect(row!.other).toBe(9);
    expect(row!.length).toBe(3);
  });

  it("gives drizzle the same records, from its builders and from raw SQL", async () => {
    expect(await db.select().from(notes).orderBy(notes.id)).toEqual([
      { id: 1, title: "one", size: 10 },
      { id: 2, title: null, size: 20 },
    ]);
    expect(await db.select({ size: notes.size }).from(notes).where(sql`${notes.id} = 2`).get()).toEqual({ size: 20 });
    expect(await db.all(sql`select id, title from notes where id = 1`)).toEqual([{ id: 1, title: "one" }]);
    // drizzle hands raw values on as the client's rows, read by index
    expect((await db.values(sql`select id, size from notes order by id`)).map((row) => Array.from(row))).toEqual([
      [1, 10],
      [2, 20],
    ]);
  });
});
