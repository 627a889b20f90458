import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column IN (values)` bound as one JSON parameter that SQLite unpacks with json_each.
 * D1 binds at most 100 parameters a statement, so a page of ids, a customer's members or
 * a project's buyers must never be one parameter each; SQLite still uses the column's index.
 * An empty list matches nothing.
 */
export function inList(column: SQLWrapper, values: ReadonlyArray<number | string>): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
