import { createClient } from "@libsql/client";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { integer, sqliteTable, text, union } from "drizzle-orm/sqlite-core";
import { beforeAll, expect, it } from "vitest";

/*
 * patches/drizzle-orm+*.patch (decision 045): D1's SQLite (3.47) reads a LIMIT that is a bare
 * parameter while it plans a statement, and from then on plans it again every time that parameter
 * is bound, so a statement kept for reuse was prepared anew on every run. A page's limit is written
 * into the SQL as a number, and a placeholder's as an expression worked out when the statement runs.
 */
const listings = sqliteTable("listings", { id: integer("id").primaryKey(), name: text("name").notNull() });
const client = createClient({ url: ":memory:" });
const db = drizzle(client);

beforeAll(async () => {
  await client.execute("create table listings (id integer primary key, name text not null)");
  await client.execute("insert into listings values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e')");
});

it("writes a whole-number limit into the SQL, and binds the offset", async () => {
  const page = db.select({ id: listings.id }).from(listings).orderBy(asc(listings.id)).limit(2).offset(2);
  expect(page.toSQL()).toEqual({ sql: 'select "id" from "listings" order by "listings"."id" asc limit 2 offset ?', params: [2] });
  expect(await page).toEqual([{ id: 3 }, { id: 4 }]);
});

it("sends a placeholder limit as an expression, with the same rows", async () => {
  const prepared = db
    .select({ id: listings.id })
    .from(listings)
    .orderBy(asc(listings.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();
  expect(prepared.getQuery().sql).toBe('select "id" from "listings" order by "listings"."id" asc limit (? + 0) offset ?');
  expect(await prepared.all({ limit: 2, offset: 1 })).toEqual([{ id: 2 }, { id: 3 }]);
  expect(await prepared.all({ limit: 1, offset: 4 })).toEqual([{ id: 5 }]);
});

it("writes a compound select's limit the same way", async () => {
  const both = union(db.select({ id: listings.id }).from(listings), db.select({ id: listings.id }).from(listings)).orderBy(asc(listings.id)).limit(3);
  expect(both.toSQL().sql).toMatch(/ limit 3$/);
  expect(await both).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
});

it("leaves a negative or absent limit out", () => {
  expect(db.select({ id: listings.id }).from(listings).limit(-1).toSQL().sql).toBe('select "id" from "listings"');
  expect(db.select({ id: listings.id }).from(listings).toSQL().sql).toBe('select "id" from "listings"');
});
