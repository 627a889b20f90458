import type { SessionStorage } from "@remix-run/server-runtime";
import type { Database } from "./db";
import type { ContentService } from "./content";
import type { Env } from "./env";
import type { FileStore } from "./files/store";
import type { pageSessions } from "./db/schema";

export type PageSessionRow = typeof pageSessions.$inferInsert;
/** The writes that wait for a batch: the name a queued row travels under. */
export type WriteKind = "page-sessions" | "looks" | "rate-limit-hits" | "data-room-views" | "session-touches";
/** A row on its way to the writer of its kind (the Workers queue's message). */
export type QueuedWrite = { kind: WriteKind; row: unknown };
/** A member's look at projects: search results shown (impressions) or a teaser opened (a view). */
export type LookRow = { kind: "impression" | "view"; userId: number; projectIds: number[]; at: number };
/** A buyer opened a project's data room: a row of the seller's audit log, stored after the response. */
export type DataRoomViewRow = { projectId: number; userId: number; ipAddress: string; at: number };
/** A member's session was used at `at`: its last-seen time, which the idle timeout runs from, moves on. */
export type SessionTouchRow = { sessionId: string; at: number };
/** Hits on a rate limit's key, counted in memory first (the beacon's budget) and stored later. */
export type RateLimitHitsRow = { key: string; windowStart: number; hits: number };
import type { Notification } from "~/lib/notification";
export type { NotificationType } from "~/lib/notification";

export type SessionData = {
  sessionId: string;
  /** Draft preview of CMS content, for this browser. */
  preview: boolean;
  /** The password was right; the second-factor code is still to come (never a session). */
  pendingSignin: { userId: number; redirectTo: string; expiresAt: number };
};
export type FlashData = { notification: Notification };

/**
 * Reads a file of public/ by its path (`/geo/us-states.json`): from disk on Node, through the
 * ASSETS binding on Workers, so that large data stays out of the Worker's bundle (decision 033).
 */
export interface AssetReader {
  text(path: `/${string}`): Promise<string>;
}

/**
 * What the server it runs on gives the app: built from the Workers bindings or from
 * process.env on Node (app/.server/platform). app/services.server.ts adds the app's own.
 */
export interface Platform {
  env: Env;
  db: Database;
  /**
   * The database as the session look-up uses it. On a Worker's GET answered for a guessed member,
   * `db` holds its writes until the look-up confirms the guess (decision 040); this one never does,
   * so the look-up's own writes (the session's last use, its end) cannot wait on themselves.
   */
  sessionDb: Database;
  /**
   * Whether reads started together cost less than the same reads one after another: on D1 they go
   * as one call; Node's local file answers each to its end before the next, so there a page checks
   * who may see a record before it reads what only they may (granted-reads.ts).
   */
  readsOverlap: boolean;
  sessionStorage: SessionStorage<SessionData, FlashData>;
  /** Pages, job postings, site settings and the dropdown lists: Sanity or the local dataset. */
  content: ContentService;
  /** Data room files, signed NDAs and LOIs. */
  files: FileStore;
  /** Files the app ships in public/ that the server reads too (the ZIP table, the states' outlines). */
  assets: AssetReader;
  /** Keep work going after the response (Workers' waitUntil; a tracked promise on Node). */
  waitUntil(promise: Promise<unknown>): void;
  /** The same object for every request served by one boot (a process on Node, an isolate's bindings on Workers). */
  boot: object;
  /**
   * Rows written after the response: batched per process on Node (flushed before a normal exit);
   * on Workers sent to the WRITES queue, whose consumer writes them in batches under the same
   * `kind` (one write through waitUntil when the queue is not bound). Each row's promise says
   * whether it went on its way (false: refused with a guessed answer, or its send failed).
   */
  writeLater<Row>(kind: WriteKind, write: (rows: Row[]) => Promise<void>): (row: Row) => Promise<boolean>;
  /**
   * On Node, a handle to the same file whose writes run on a thread of their own (WriteThreadClient), for page
   * sessions: batches of inserts only, nothing read back. Absent on Workers (the queue's consumer writes them)
   * and for a database in memory.
   */
  offThreadInserts?: Database;
  /** Runs `task` every `ms` on Node; on Workers the cron trigger calls it instead. */
  every(ms: number, task: () => Promise<unknown>): void;
  /**
   * Runs `task` once as the Node server starts, not waiting for it (a failure is logged): what the process before
   * it left half done. Its promise settles when the task has. On Workers nothing: an isolate's start is no restart.
   */
  atStart(task: () => Promise<unknown>): Promise<void>;
}

/** Everything server code needs: the platform, and the app's own writers. */
export interface Services extends Platform {
  /** Stores a page session after the response: batched on Node, through waitUntil on Workers. */
  recordPageSession(row: PageSessionRow): void;
  /** Counts a look after the response, through the same writer (a GET writes nothing itself). */
  recordLook(row: LookRow): void;
  /** Adds hits to a rate limit's stored count after the response, through the same writer. */
  recordRateLimitHits(row: RateLimitHitsRow): void;
  /** Puts an opening of the data room in its audit log after the response, through the same writer. */
  recordDataRoomView(row: DataRoomViewRow): void;
  /** Moves a session's last-seen time on after the response, through the same writer (a GET writes nothing itself). */
  recordSessionTouch(row: SessionTouchRow): void;
}
