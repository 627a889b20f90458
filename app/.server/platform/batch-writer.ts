/**
 * The Node server's batch writer (page sessions use it): rows answered with 202 wait here at most
 * `intervalMs` (or until `maxRows` are in) and go in one insert; a normal stop
 * (SIGTERM, SIGINT, exit of the event loop) writes what is left first.
 */
export class BatchWriter<Row> {
  private rows: Row[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private write: (rows: Row[]) => Promise<void>,
    private intervalMs = 1000,
    private maxRows = 200,
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
      if (!batch.length) return;
      try {
        await this.write(batch);
        if (this.failures.size) for (const row of batch) this.failures.delete(row);
      } catch (error) {
        // one row the database refuses must not hold back the others: each is tried alone, and one
        // that still fails is kept for the next flushes, then given up (a poison row would block forever)
        console.error("batch write failed, writing its rows one at a time", error);
        for (const row of batch) {
          await this.write([row]).then(
            () => this.failures.delete(row),
            (e) => this.keepOrDrop(row, e),
          );
        }
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
      const stop = (signal: NodeJS.Signals) => {
        void flushAll().finally(() => proc.kill(proc.pid, signal));
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) proc.once(signal, stop);
      proc.once("beforeExit", () => void flushAll());
    }
    writers.add(this as BatchWriter<unknown>);
  }
}

const MAX_ATTEMPTS = 5;

const exitWriters = new WeakMap<NodeJS.Process, Set<BatchWriter<unknown>>>();
