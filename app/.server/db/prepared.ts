import type { Database } from "./index";

/**
 * A query built once per database handle and then only executed (`sql.placeholder` for its
 * values): for the queries every request runs, whose building would otherwise cost more than
 * running them. A Node process has one handle; on Workers each request's D1 session is a handle.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  return oncePerDatabase(build);
}

/** Whatever is built from a database handle, built once per handle (a query, the writers after a response). */
export function oncePerDatabase<Built>(build: (db: Database) => Built): (db: Database) => Built {
  const byDatabase = new WeakMap<Database, Built>();
  return (db) => {
    let built = byDatabase.get(db);
    if (!built) byDatabase.set(db, (built = build(db)));
    return built;
  };
}
