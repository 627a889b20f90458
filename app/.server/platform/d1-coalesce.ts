import { learnColumns, neverCombine, planStatements, unpackCombined, type RowsAndColumns, type StatementAnswer as Sent } from "./d1-combine";

/**
 * On D1 every call is a round trip to the database, and it is what a Worker's page costs most: a
 * page's loaders start their reads together (the root's header and the page's own), and each went
 * on its own. Here the reads a request starts in the same turn of the event loop go to D1 as one
 * call, and each gets its own answer. Writes (those read for their rows too) go at once, after any
 * reads already waiting, so a read never overtakes a write started after it, and a write is never
 * sent again because a call it shared failed.
 *
 * D1's public batch() turns rows into objects keyed by column name, and Drizzle reads a select's
 * columns by position (a join selects two "id"s), so the call is D1's own: the session's
 * `_sendOrThrow`, the same one its batch() makes, with rows as arrays. Where a runtime lacks it,
 * each read goes on its own as before. Within the call, reads already seen go as one statement
 * (d1-combine.ts).
 */

type Internals = {
  _sendOrThrow?: (endpoint: string, sql: string[], params: unknown[][], format: "ROWS_AND_COLUMNS", span: { setAttribute(): void }) => Promise<Sent[]>;
};
type BoundInternals = { statement?: string; params?: unknown[] };
type Waiting = {
  bound: D1PreparedStatement & BoundInternals;
  as: "raw" | "all";
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * How many calls and statements a coalesced session sent, and how many of them could write (the
 * bookmark cookie moves on after a write): its test reads it, and the Worker's Server-Timing header
 * outside production.
 */
export type CallCount = { calls: number; statements: number; writes: number; rowsRead: number };
const counts = new WeakMap<object, CallCount>();
export const callsOf = (db: object): CallCount | undefined => counts.get(db);

const noSpan = { setAttribute() {} };

/**
 * The rows D1 says a statement read (Server-Timing outside production): under `wrangler dev` the local
 * D1 runs in the Worker's own thread, so a page's plan that walks a table costs the page there. A read
 * sent alone for its rows as arrays (`raw()`) comes back without D1's account, and is not counted.
 */
function tally(count: CallCount, meta: unknown) {
  const rowsRead = (meta as { rows_read?: unknown } | undefined)?.rows_read;
  if (typeof rowsRead === "number") count.rowsRead += rowsRead;
}

export function coalescingReads(session: D1DatabaseSession): D1DatabaseSession {
  const send = (session as unknown as Internals)._sendOrThrow?.bind(session);
  const count: CallCount = { calls: 0, statements: 0, writes: 0, rowsRead: 0 };
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const alone = (w: Waiting) => {
    count.calls++;
    count.statements++;
    (w.as === "raw" ? w.bound.raw() : w.bound.all().then((answer) => (tally(count, (answer as { meta?: unknown }).meta), answer))).then(w.resolve, w.reject);
  };

  function flush() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const reads = waiting;
    waiting = [];
    if (reads.length === 0) return;
    if (reads.length === 1 || !send) return reads.forEach(alone);
    const planned = planStatements(reads.map((w) => ({ statement: w.bound.statement!, params: w.bound.params ?? [] })));
    // a statement that failed is asked again alone, so that it fails with its own error; reads that
    // failed inside a combined statement go on their own from then on
    const retry = () => {
      for (const p of planned) if (p.columns) neverCombine(p.members.map((i) => reads[i]!.bound.statement!));
      reads.forEach(alone);
    };
    count.calls++;
    count.statements += planned.length;
    send(
      "/query",
      planned.map((p) => p.sql),
      planned.map((p) => p.params),
      "ROWS_AND_COLUMNS",
      noSpan,
    ).then((answers) => {
      if (answers.length !== planned.length || answers.some((a) => !a.success)) return retry();
      for (const a of answers) tally(count, a.meta);
      const each = new Array<Sent>(reads.length);
      try {
        planned.forEach((p, k) => {
          if (p.columns) unpackCombined(answers[k]!, p.columns).forEach((answer, j) => (each[p.members[j]!] = answer));
          else each[p.members[0]!] = answers[k]!;
        });
      } catch {
        return retry();
      }
      reads.forEach((w, i) => {
        learnColumns(w.bound.statement!, each[i]!);
        w.resolve(w.as === "raw" ? rawRows(each[i]!) : asObjects(each[i]!));
      });
    }, retry);
  }

  const read = (bound: D1PreparedStatement & BoundInternals, as: Waiting["as"]) => {
    // a write read for its rows (an insert's returning) goes at once, as run() does: in the turn's
    // call, a failure anywhere in it sent the write again alone, and a call applied but answered
    // with an error (a lost connection) wrote it twice. A statement whose text is not known may write.
    if (typeof bound.statement !== "string" || WRITE.test(bound.statement)) {
      flush();
      count.calls++;
      count.statements++;
      count.writes++;
      return as === "raw" ? bound.raw() : bound.all();
    }
    if (!send) return as === "raw" ? bound.raw() : bound.all();
    return new Promise((resolve, reject) => {
      waiting.push({ bound, as, resolve, reject });
      timer ??= setTimeout(flush, 0);
    });
  };

  const wrap = (bound: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(bound, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "raw") return (options?: { columnNames?: boolean }) => (options?.columnNames ? target.raw(options as never) : read(target, "raw"));
        if (key === "all") return () => read(target, "all");
        if (key === "run" || key === "first") {
          return (...args: unknown[]) => {
            flush();
            count.calls++;
            count.statements++;
            count.writes++;
            return (target[key] as (...a: unknown[]) => unknown)(...args);
          };
        }
        if (key === unwrapped) return target;
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  const coalescing = {
    prepare: (sql: string) => wrap(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      flush();
      count.calls++;
      count.statements += statements.length;
      count.writes++;
      return session.batch(statements.map((s) => (s as unknown as Record<symbol, D1PreparedStatement>)[unwrapped] ?? s));
    },
    getBookmark: () => session.getBookmark(),
  };
  counts.set(coalescing, count);
  return coalescing as unknown as D1DatabaseSession;
}

const unwrapped = Symbol("unwrapped statement");

function rawRows(answer: Sent): unknown[][] {
  const results = answer.results as RowsAndColumns | Record<string, unknown>[] | undefined;
  if (!results) return [];
  if (Array.isArray(results)) return results.map((row) => Object.values(row));
  return results.rows;
}

function asObjects(answer: Sent) {
  const results = answer.results as RowsAndColumns | Record<string, unknown>[] | undefined;
  if (!results) return { ...answer, results: [] };
  if (Array.isArray(results)) return { ...answer, results };
  const { columns, rows } = results;
  return { ...answer, results: rows.map((row) => Object.fromEntries(row.map((cell, i) => [columns[i], cell]))) };
}

/**
 * Whether a request's writes must wait, and for what: set while the request's answer rests on a
 * guess that a later read confirms (decision 040). Unset, writes go at once.
 */
export type WriteGate = { waitFor?: Promise<boolean> };

/** A write made while its request's guess was wrong: that answer is thrown away and made again. */
export class WriteRefused extends Error {
  constructor() {
    super("write refused: the request is answered again");
  }
}

/** A WriteRefused, as thrown or as the cause of the query builder's error. */
export function isRefusedWrite(error: unknown) {
  return error instanceof WriteRefused || (error instanceof Error && error.cause instanceof WriteRefused);
}

/** Runs a write now, or once `gate` opens; WriteRefused when what it waited for turned out false. */
export function throughGate<T>(gate: WriteGate | undefined, go: () => Promise<T>): Promise<T> {
  const waitFor = gate?.waitFor;
  if (!waitFor) return go();
  return waitFor.then((ok) => (ok ? go() : Promise.reject(new WriteRefused())));
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * The same session (its reads still go together), but a write waits while `gate` says so, and
 * fails with WriteRefused when what it waited for turned out false: nothing is written on the
 * strength of a guess that did not hold.
 */
export function holdingWrites(session: D1DatabaseSession, gate: WriteGate): D1DatabaseSession {
  const held = <T>(go: () => Promise<T>) => throughGate(gate, go);
  const isWrite = (bound: D1PreparedStatement) => WRITE.test((bound as BoundInternals).statement ?? "");
  const wrap = (bound: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(bound, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "run") return (...args: unknown[]) => held(() => (target.run as (...a: unknown[]) => Promise<unknown>)(...args));
        if ((key === "all" || key === "raw" || key === "first") && isWrite(target)) {
          return (...args: unknown[]) => held(() => (target[key] as (...a: unknown[]) => Promise<unknown>)(...args));
        }
        if (key === unwrapped) return (target as unknown as Record<symbol, D1PreparedStatement>)[unwrapped] ?? target;
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const holding = {
    prepare: (sql: string) => wrap(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => held(() => session.batch(statements)),
    getBookmark: () => session.getBookmark(),
  };
  return holding as unknown as D1DatabaseSession;
}
