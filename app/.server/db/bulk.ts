import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./index";
import { insertStatement, ON_CONFLICT_DO_NOTHING, type Statement } from "./insert-statement";
import { runBatch } from "./raw-batch";

/** D1 allows 100 bound parameters a statement; multi-row inserts are cut to fit. */
const MAX_PARAMETERS = 99;

type Row = Record<string, unknown>;
type Built = { toSQL(): { sql: string; params: unknown[] } };

/** Inserts many rows in one atomic batch of statements that each fit D1's limit. */
export async function insertMany<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: Array<T["$inferInsert"]>,
  { ignoreConflicts = false } = {},
) {
  if (!rows.length) return;
  const conflict = ignoreConflicts ? ON_CONFLICT_DO_NOTHING : "";
  await writeInSlices(db, table, rows, conflict, (slice) => {
    const insert = db.insert(table).values(slice as T["$inferInsert"][]);
    return ignoreConflicts ? insert.onConflictDoNothing() : insert;
  });
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
  const set = Object.fromEntries(update.map((key) => [key, sql.raw(`excluded."${all[key]!.name}"`)])) as Record<string, SQL>;
  const upsert = (slice: Row[]) => db.insert(table).values(slice as T["$inferInsert"][]).onConflictDoUpdate({ target, set });
  await writeInSlices(db, table, rows, conflictClauseOf(table, rows[0]!, upsert), upsert);
}

/**
 * The rows in slices of at most 99 bound values (drizzle binds every column of the table in a
 * multi-row insert, given or not), run as one batch. Each slice is built from the table's columns
 * (insert-statement.ts) and ends with `conflict`; should a slice need drizzle's builder, or the
 * handle have no client of its own, the whole batch is built and run by drizzle as before.
 */
async function writeInSlices(db: Database, table: SQLiteTable, rows: Row[], conflict: string | null, viaDrizzle: (slice: Row[]) => Built) {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length));
  const slices: Row[][] = [];
  for (let i = 0; i < rows.length; i += size) slices.push(rows.slice(i, i + size));
  if (conflict !== null) {
    const statements: Statement[] = [];
    for (const slice of slices) {
      const statement = insertStatement(table, slice, conflict);
      if (!statement) break;
      statements.push(statement);
    }
    const ran = statements.length === slices.length ? runBatch(db, statements) : null;
    if (ran) return void (await ran);
  }
  await db.batch(slices.map(viaDrizzle) as unknown as Parameters<typeof db.batch>[0]);
}

/**
 * The conflict clause drizzle writes after an insert's values: what its statement of one row has
 * past the same statement built here, when that clause binds nothing (an upsert's `excluded`
 * columns bind nothing). Null when the two do not agree, and drizzle then builds every slice.
 */
function conflictClauseOf(table: SQLiteTable, row: Row, viaDrizzle: (slice: Row[]) => Built): string | null {
  const lean = insertStatement(table, [row]);
  const drizzled = viaDrizzle([row]).toSQL();
  if (!lean || !drizzled.sql.startsWith(lean.sql) || drizzled.params.length !== lean.params.length) return null;
  return drizzled.sql.slice(lean.sql.length);
}
