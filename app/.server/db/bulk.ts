import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./index";

/** D1 allows 100 bound parameters a statement; multi-row inserts are cut to fit. */
const MAX_PARAMETERS = 99;

/** Inserts many rows in one atomic batch of statements that each fit D1's limit. */
export async function insertMany<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: Array<T["$inferInsert"]>,
  { ignoreConflicts = false } = {},
) {
  if (!rows.length) return;
  // drizzle binds every column of the table in a multi-row insert, given or not
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const statements = [];
  for (let i = 0; i < rows.length; i += size) {
    const insert = db.insert(table).values(rows.slice(i, i + size));
    statements.push(ignoreConflicts ? insert.onConflictDoNothing() : insert);
  }
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

/**
 * Inserts many rows, each replacing the row with the same key (the `update` columns
 * take the file's values), in one atomic batch of statements that fit D1's limit.
 */
export async function upsertMany<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: Array<T["$inferInsert"]>,
  { target, update }: { target: SQLiteColumn | SQLiteColumn[]; update: Array<keyof T["$inferInsert"] & string> },
) {
  if (!rows.length) return;
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(all).length));
  const set = Object.fromEntries(update.map((key) => [key, sql.raw(`excluded."${all[key]!.name}"`)])) as Record<string, SQL>;
  const statements = [];
  for (let i = 0; i < rows.length; i += size) {
    statements.push(db.insert(table).values(rows.slice(i, i + size)).onConflictDoUpdate({ target, set }));
  }
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}
