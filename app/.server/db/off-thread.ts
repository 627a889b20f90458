import type { Database } from "./index";

const writers = new WeakMap<Database, Database>();

/**
 * Registers `writer`, a handle whose statements run on a thread of their own (the Node server's
 * write thread, decision 106), as where `db`'s long writes go. Workers register none: D1 runs a
 * statement away from the Worker, which awaits it.
 */
export function registerOffThreadWriter(db: Database, writer: Database) {
  writers.set(db, writer);
}

/**
 * The handle a long write on `db` should be run through: its thread's where it has one, else `db`
 * itself (Workers, a transaction's handle, a test's database). On Node a libsql statement holds the
 * server's one thread until it ends; on the write thread the request still waits for it, the others
 * do not. Its statements must be safe to run twice (the thread's fallback may repeat a batch).
 */
export function longWriterOf(db: Database): Database {
  return writers.get(db) ?? db;
}
