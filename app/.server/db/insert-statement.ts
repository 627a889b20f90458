import { entityKind, getTableColumns, is, SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";

/** A statement as drizzle's `toSQL()` gives it. */
export type Statement = { sql: string; params: unknown[] };

/** What drizzle appends to an insert for `.onConflictDoNothing()`. */
export const ON_CONFLICT_DO_NOTHING = " on conflict do nothing";

/** A column left undefined: an SQL default written in the text, a default value bound, a function's value, or null. */
type Absent = { text: string } | { bind: unknown } | { make: () => unknown };
type Slot = { key: string; column: SQLiteColumn; absent: Absent };
type Shape = { head: string; slots: Slot[] };

const dialect = new SQLiteSyncDialect();
const shapes = new WeakMap<SQLiteTable, Shape | null>();

/**
 * A multi-row insert of `rows` into `table` with exactly the text and bound values drizzle's
 * `db.insert(table).values(rows)` makes (followed by `conflict`, a clause without values), built
 * from the table's columns worked out once: drizzle's builder made the same text again for every
 * slice of every flush, on the request's thread. Null for what only drizzle's builder handles (an
 * SQL value, a placeholder, an SQL default with values), which the caller then leaves to it.
 */
export function insertStatement(table: SQLiteTable, rows: ReadonlyArray<Record<string, unknown>>, conflict = ""): Statement | null {
  const shape = shapeOf(table);
  if (!shape || !rows.length) return null;
  const params: unknown[] = [];
  let text = shape.head;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    text += r ? ", (" : "(";
    for (let s = 0; s < shape.slots.length; s++) {
      const { key, column, absent } = shape.slots[s]!;
      if (s) text += ", ";
      const given = row[key];
      if (given === undefined) {
        if ("text" in absent) {
          text += absent.text;
          continue;
        }
        const value = "bind" in absent ? absent.bind : bound(column, absent.make());
        if (value === UNBUILT) return null;
        params.push(value);
      } else {
        const value = bound(column, given);
        if (value === UNBUILT) return null;
        params.push(value);
      }
      text += "?";
    }
    text += ")";
  }
  return { sql: text + conflict, params };
}

const UNBUILT = Symbol("left to drizzle");

/** A value as drizzle binds it (a Param of the column), or UNBUILT for one that becomes SQL. */
function bound(column: SQLiteColumn, value: unknown): unknown {
  if (value === null) return null;
  if (isDrizzleObject(value)) return UNBUILT;
  const mapped = column.mapToDriverValue(value);
  return isDrizzleObject(mapped) ? UNBUILT : mapped;
}

/** An SQL, a Param, a Placeholder ...: drizzle's classes say what they are; a row's plain values (dates, JSON) do not. */
function isDrizzleObject(value: unknown) {
  if (typeof value !== "object" || value === null) return false;
  const maker = (value as { constructor?: unknown }).constructor;
  return typeof maker === "function" && entityKind in maker;
}

function shapeOf(table: SQLiteTable): Shape | null {
  let shape = shapes.get(table);
  if (shape === undefined) shapes.set(table, (shape = buildShape(table)));
  return shape;
}

/** The insertable columns in drizzle's order, and what drizzle's buildInsertQuery puts for each when a row leaves it out. */
function buildShape(table: SQLiteTable): Shape | null {
  const slots: Slot[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>)) {
    // a generated column (drizzle's own test, typed as internal)
    if ((column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert()) continue;
    let absent: Absent;
    if (column.default !== null && column.default !== undefined) {
      if (is(column.default, SQL)) {
        const rendered = dialect.sqlToQuery(column.default);
        if (rendered.params.length) return null;
        absent = { text: rendered.sql };
      } else {
        const value = bound(column, column.default);
        if (value === UNBUILT) return null;
        absent = { bind: value };
      }
    } else if (column.defaultFn !== undefined) {
      absent = { make: column.defaultFn };
    } else if (column.onUpdateFn !== undefined) {
      absent = { make: column.onUpdateFn };
    } else {
      absent = { text: "null" };
    }
    slots.push({ key, column, absent });
  }
  // the columns' own names: drizzle's, as the app's handles have no `casing` option (its test compares every table)
  const names = slots.map(({ column }) => sql.identifier(column.name));
  const head = dialect.sqlToQuery(sql`insert into ${table} ${names} values `);
  return head.params.length ? null : { head: head.sql, slots };
}
