import type { Database } from "./index";
import { clientOf } from "./client-of";

/**
 * A query built once and then only executed (`sql.placeholder` for its values): for the queries
 * every request runs, whose building would otherwise cost more than running them. A Node process
 * has one database handle. On Workers each request's D1 session is a handle: the query built for
 * the first is reused, with only its statement prepared again on the request's session.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  let first: Query | undefined;
  return oncePerDatabase((db) => (first === undefined ? (first = build(db)) : (reboundTo(first, db) ?? build(db))));
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

type D1Prepared = { stmt: unknown; query: { sql: string } };

/**
 * Drizzle's D1 prepared query keeps its SQL, its result mapping and a statement prepared on one
 * session; everything but the statement serves any session. Null for any other driver's query
 * (libsql's holds its client), which is then built again.
 */
function reboundTo<Query>(built: Query, db: Database): Query | null {
  const driver = clientOf(db);
  const query = built as Partial<D1Prepared>;
  if (driver?.kind !== "d1" || !query.stmt || typeof query.query?.sql !== "string") return null;
  return Object.assign(Object.create(Object.getPrototypeOf(built) as object) as object, built, { stmt: driver.client.prepare(query.query.sql) }) as Query;
}
