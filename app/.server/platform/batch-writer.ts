import { nextTurn } from "./next-turn";
import { stopGently } from "./stopping";

/**
 * The Node server's batch writer (page sessions use it): rows answered with 202 wait here at most
 * `intervalMs` (or until `maxRows` are in) and are written `sliceRows` at a time; a normal stop
 * (SIGTERM, SIGINT, exit of the event loop) writes what is left first.
 *
 * A write to the local SQLite file holds the event loop until it ends (200 page sessions: about
 * 9 ms, each request that arrives meanwhile waits that long); in slices with a turn of the loop
 * between them, requests wait at most a slice's write (50 rows: about 2.5 ms) for a few
 * microseconds a row more.
 */
export class BatchWriter<Row> {
  private rows: Row[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private write: (rows: Row[]) => Promise<void>,
    private intervalMs = 1000,
    private maxRows = 200,
    private sliceRows = 50,
  ) {}

  add(row: Row) {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  get pending() {
    return this.rows.length;
  }

  /** Writes what is queued; writes never overlap, so a batch is never lost to a race. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.flushing = this.flushing.then(async () => {
      for (let start = 0; start < batch.length; start += this.sliceRows) {
        if (start > 0) await nextTurn();
        const slice = batch.slice(start, start + this.sliceRows);
        // a refused row is kept for the next flushes, then given up: it would block its kind forever
        const refused = await writeIsolating(this.write, slice);
        const kept = new Set(refused.map(({ row }) => row));
        if (this.failures.size) for (const row of slice) if (!kept.has(row)) this.failures.delete(row);
        for (const { row, error } of refused) this.keepOrDrop(row, error);
      }
    });
    return this.flushing;
  }

  private failures = new Map<Row, number>();

  private keepOrDrop(row: Row, error: unknown) {
    const failures = (this.failures.get(row) ?? 0) + 1;
    if (failures >= MAX_ATTEMPTS) {
      this.failures.delete(row);
      console.error(`batch write: a row refused ${failures} times is dropped`, error);
      return;
    }
    console.error(`batch write: a row refused (try ${failures} of ${MAX_ATTEMPTS})`, error);
    this.failures.set(row, failures);
    this.rows.unshift(row);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /**
   * Flushes before the process stops normally. The writers of one process (page sessions, looks)
   * share one set of handlers: the signal is raised again only after every writer has flushed.
   */
  flushOnExit(proc: NodeJS.Process) {
    let writers = exitWriters.get(proc);
    if (!writers) {
      const all = new Set<BatchWriter<unknown>>();
      writers = all;
      exitWriters.set(proc, all);
      const flushAll = () => Promise.all([...all].map((writer) => writer.flush()));
      // the work under way hands over first (its leases given back, its answers sent): raised at once, the signal
      // cut an import's request and its chunks off mid-way, and the next process waited out their leases
      const stop = (signal: NodeJS.Signals) => {
        void stopGently()
          .then(flushAll)
          .finally(() => proc.kill(proc.pid, signal));
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) proc.once(signal, stop);
      proc.once("beforeExit", () => void flushAll());
    }
    writers.add(this as BatchWriter<unknown>);
  }
}

const MAX_ATTEMPTS = 5;

/**
 * Writes rows in one call and, when that fails, one at a time, so that a row the database refuses
 * holds back only itself. Answers the rows not written, with why.
 */
export async function writeIsolating<Row>(write: (rows: Row[]) => Promise<void>, rows: Row[]): Promise<Array<{ row: Row; error: unknown }>> {
  try {
    await write(rows);
    return [];
  } catch (error) {
    if (rows.length === 1) return [{ row: rows[0]!, error }];
    const refused: Array<{ row: Row; error: unknown }> = [];
    for (const row of rows) await write([row]).catch((e: unknown) => refused.push({ row, error: e }));
    return refused;
  }
}

const exitWriters = new WeakMap<NodeJS.Process, Set<BatchWriter<unknown>>>();
