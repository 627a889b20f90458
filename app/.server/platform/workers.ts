import { createCookieSessionStorage } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/server-runtime";
import { drizzle } from "drizzle-orm/d1";
import { callsOf, coalescingReads, holdingWrites, isRefusedWrite, throughGate, type CallCount, type WriteGate } from "./d1-coalesce";
import { schema, type Database } from "../db";
import { localOrigin, parseEnv, type Env } from "../env";
import type { Platform, QueuedWrite } from "../services";
import { contentSourceFor } from "./shared";
import { sessionCookieOptions } from "../session-cookie";
import { ContentService } from "../content";
import { cacheApiSharedCache, ContentCache, kvContentVersions } from "../content/cache";
import { r2FileStore } from "../files/store";
import { encodeRow } from "./queue-codec";
import { boundAssets } from "./assets";

export type WorkerBindings = {
  DB: D1Database;
  FILES: R2Bucket;
  CACHE: KVNamespace;
  ASSETS: Fetcher;
  /** Rows written after the response (page sessions, looks): consumed in batches by worker/index.ts. */
  WRITES?: Queue<QueuedWrite>;
  /** Members whose saved-search digests are due, one a message: the cron queues them, worker/index.ts consumes them. */
  DIGESTS?: Queue<DigestMessage>;
  [key: string]: unknown;
};

/** A member whose digest is due, and when the cron took them up. */
export type DigestMessage = { userId: number; at: number };

/** Workers' shared cache; with the DOM library loaded too, TypeScript may pick the `caches` that has no `default`. */
const workersDefaultCache = () => (caches as unknown as { default: Cache }).default;

type Base = Omit<Platform, "waitUntil" | "writeLater" | "every" | "atStart" | "sessionDb" | "readsOverlap">;

/** One set of services per isolate and bindings object; waitUntil is per request. */
const booted = new WeakMap<object, Promise<Base>>();

async function boot(bindings: WorkerBindings): Promise<Base> {
  const parsed = parseEnv(bindings);
  if (!parsed.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is not set: run `wrangler secret put SESSION_SECRET`");
  }
  // start-edge passes APP_URL; a bare `wrangler dev` listens on 8787 by default
  const env: Env = { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET, APP_URL: parsed.APP_URL ?? localOrigin(8787) };
  const db = drizzle(bindings.DB, { schema }) as unknown as Database;
  return {
    boot: {},
    env,
    db,
    sessionStorage: createCookieSessionStorage({ cookie: sessionCookieOptions(env) }),
    content: new ContentService(
      contentSourceFor(env),
      // a webhook's change reaches every isolate and data centre through the content version in KV
      new ContentCache(
        60_000,
        typeof caches !== "undefined" ? cacheApiSharedCache(workersDefaultCache()) : undefined,
        undefined,
        bindings.CACHE ? kvContentVersions(bindings.CACHE) : undefined,
      ),
    ),
    files: r2FileStore(bindings.FILES),
    assets: boundAssets(bindings.ASSETS),
  };
}

/**
 * What worker/index.ts passes Remix: the bindings, the request's context, its D1 session
 * (d1-bookmark.ts) and, on a GET answered for a guessed member, what its writes wait for (decision 040).
 */
export type WorkerLoadContext = { env: WorkerBindings; ctx: ExecutionContext; d1?: D1DatabaseSession; writeGate?: WriteGate };

// one query builder per request's D1 session, however many loaders ask for services
const sessionDatabases = new WeakMap<D1DatabaseSession, { db: Database; coalesced: D1DatabaseSession }>();

function databaseOf(session: D1DatabaseSession) {
  let kept = sessionDatabases.get(session);
  if (!kept) {
    // a session has the prepare and batch the D1 driver calls; reads started together go as one call
    const coalesced = coalescingReads(session);
    kept = { db: drizzle(coalesced as unknown as D1Database, { schema }) as unknown as Database, coalesced };
    sessionDatabases.set(session, kept);
  }
  return kept;
}

// the same session with its writes held, one per gate (a request's run)
const heldDatabases = new WeakMap<WriteGate, Database>();

function heldDatabaseOf(session: D1DatabaseSession, gate: WriteGate) {
  let db = heldDatabases.get(gate);
  if (!db) {
    db = drizzle(holdingWrites(databaseOf(session).coalesced, gate) as unknown as D1Database, { schema }) as unknown as Database;
    heldDatabases.set(gate, db);
  }
  return db;
}

/** The D1 calls a request's session made (none when no loader asked for the database). */
export function d1CallsOf(session: D1DatabaseSession): CallCount {
  const kept = sessionDatabases.get(session);
  return (kept && callsOf(kept.coalesced)) ?? { calls: 0, statements: 0, writes: 0, rowsRead: 0 };
}

export function platformFor(context: AppLoadContext): Promise<Platform> {
  const cloudflare = context.cloudflare as WorkerLoadContext | undefined;
  if (!cloudflare) return Promise.reject(new Error("The Workers build needs context.cloudflare"));
  // every loader of a page asks (and getServices joins the app's services once per platform): one per request
  let platform = requestPlatforms.get(cloudflare);
  if (!platform) {
    platform = requestPlatform(cloudflare);
    requestPlatforms.set(cloudflare, platform);
  }
  return platform;
}

const requestPlatforms = new WeakMap<WorkerLoadContext, Promise<Platform>>();

async function requestPlatform(cloudflare: WorkerLoadContext): Promise<Platform> {
  let base = booted.get(cloudflare.env);
  if (!base) {
    base = boot(cloudflare.env);
    booted.set(cloudflare.env, base);
    base.catch(() => booted.delete(cloudflare.env));
  }
  const services = await base;
  return {
    ...services,
    // requests read through their session; the cron, the beacon and the queue's consumer use the binding
    db: cloudflare.d1 ? (cloudflare.writeGate ? heldDatabaseOf(cloudflare.d1, cloudflare.writeGate) : databaseOf(cloudflare.d1).db) : services.db,
    sessionDb: cloudflare.d1 ? databaseOf(cloudflare.d1).db : services.db,
    // every D1 read is a round trip; reads started in one turn go as one call (d1-coalesce.ts)
    readsOverlap: true,
    // work after the response of an answer made again (decision 040) fails as its writes are refused: not an error
    waitUntil: (p) => cloudflare.ctx.waitUntil(p.catch((error: unknown) => (isRefusedWrite(error) ? undefined : Promise.reject(error)))),
    // written after the response, in batches by the queue's consumer; a failed send or write is
    // logged (the rows were checked already)
    writeLater:
      <Row>(kind: QueuedWrite["kind"], write: (rows: Row[]) => Promise<void>) =>
      (row: Row) => {
        const queue = cloudflare.env.WRITES;
        const message = { kind, row: encodeRow(row) };
        // a send that fails is tried once more: the writers count a row once, so a double costs nothing
        const send = (): Promise<unknown> => (queue ? queue.send(message).catch(() => queue.send(message)) : write([row]));
        // a row taken for a guessed member goes once the guess holds, and not at all when it did not (decision 040)
        const sent = throughGate(cloudflare.writeGate, send);
        cloudflare.ctx.waitUntil(sent.catch((e) => (isRefusedWrite(e) ? undefined : console.error("write after response:", e))));
        return sent.then(
          () => true,
          () => false,
        );
      },
    // the cron trigger (edge-entries.server.ts) does the periodic work
    every: () => {},
    atStart: () => Promise.resolve(),
  };
}
