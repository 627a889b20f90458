import type { Database } from "./index";

/**
 * A query built once per database handle and then only executed (`sql.placeholder` for its
 * values): for the queries every request runs, whose building would otherwise cost more than
 * running them. A Node process has one handle; on Workers each request's D1 session is a handle.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db)));
    return query;
  };
}
