import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Client, InStatement, ResultSet } from "@libsql/client";
import { BUSY_TIMEOUT_MS } from "./open-node";

/**
 * The thread's side: its own connection to the file, each message a batch of statements in one
 * transaction, answered with nothing but whether it was written. CommonJS, evaluated as given,
 * so that the server's bundle needs no second entry.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createClient } = require(workerData.libsql);
const client = createClient({ url: workerData.url, timeout: workerData.timeout });
parentPort.on("message", async ({ id, statements }) => {
  try {
    await client.batch(statements, "write");
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

type Reply = { id: number; error?: { message: string; code?: string } };

/**
 * A libsql client for the rows the Node server writes after answering (page sessions), whose writes
 * run on a thread of their own with its own connection: on the request's thread a batch of 200
 * held the event loop about 9 ms, and each request arriving meanwhile waited (the Workers' queue
 * consumer is likewise apart from the requests). Writes only: `batch` of inserts or upserts, each
 * batch one transaction, as libsql's own; nothing is read back. The thread keeps the process alive
 * only while a batch is on its way, so a normal stop still writes what the batch writer holds.
 *
 * Should the thread itself fail (it cannot start, or it stops), its batches and every later one are
 * written through `fallback`, the request's own connection: slower for the requests, but nothing is
 * lost. A batch the thread had written just before it stopped is then written again, so the batches
 * given to it must be idempotent (the page sessions' inserts ignore a session already written). A
 * batch the database refuses is refused as before, not tried again.
 */
export class WriteThreadClient {
  private worker: Worker | null = null;
  private closed = false;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  /** Set once the thread has failed: from then on batches go to the fallback. */
  private failed = false;

  /** `libsql`: the module the thread requires (the server's own by default). */
  constructor(
    private readonly url: string,
    private readonly fallback?: Pick<Client, "batch">,
    private readonly libsql = createRequire(import.meta.url).resolve("@libsql/client"),
  ) {}

  async batch(statements: InStatement[]): Promise<ResultSet[]> {
    if (this.closed) throw new Error("the write thread is closed");
    if (this.failed && this.fallback) return this.fallback.batch(statements, "write");
    try {
      await this.onThread(statements);
    } catch (error) {
      if (!(error instanceof ThreadFailure) || !this.fallback || this.closed) throw error;
      if (!this.failed) {
        this.failed = true;
        console.error("the page sessions' write thread failed; writing on the request's thread from now on:", error.cause ?? error);
        void this.worker?.terminate();
      }
      return this.fallback.batch(statements, "write");
    }
    return statements.map(() => ({ columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) }));
  }

  private onThread(statements: InStatement[]) {
    const id = this.nextId++;
    const plain = statements.map((s) => (typeof s === "string" ? { sql: s, args: [] } : s));
    return new Promise<void>((resolve, reject) => {
      const worker = this.thread();
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, statements: plain });
    });
  }

  async execute(statement: InStatement): Promise<ResultSet> {
    return (await this.batch([statement]))[0]!;
  }

  /** Stops the thread and its connection (a test's database is removed after); a batch on its way is refused. */
  async close() {
    this.closed = true;
    await this.worker?.terminate();
  }

  /** Started at the first batch: a process that writes none (a script, most tests) starts no thread. */
  private thread() {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { url: this.url, libsql: this.libsql, timeout: BUSY_TIMEOUT_MS } });
    worker.on("message", ({ id, error }: Reply) => {
      const call = this.waiting.get(id);
      if (!call) return;
      this.waiting.delete(id);
      if (!this.waiting.size) worker.unref();
      if (error) call.reject(Object.assign(new Error(error.message), { code: error.code }));
      else call.resolve();
    });
    worker.on("error", (error) => this.failAll(new ThreadFailure("the write thread failed", error)));
    worker.on("exit", (code) => {
      this.failAll(new ThreadFailure(`the write thread stopped (${code})`));
      if (this.worker === worker) this.worker = null;
    });
    return (this.worker = worker);
  }

  private failAll(error: Error) {
    for (const call of this.waiting.values()) call.reject(error);
    this.waiting.clear();
  }
}

/** The thread failed, not the database: the batch may be written elsewhere. */
class ThreadFailure extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** Whether a database URL is a file another connection can open (not one in memory). */
export const isSharedFile = (url: string) => url.startsWith("file:") && !url.includes(":memory:") && !url.includes("mode=memory");
