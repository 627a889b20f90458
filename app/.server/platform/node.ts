import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/server-runtime";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../db";
import { openNodeDatabase } from "../db/open-node";
import { isSharedFile, WriteThreadClient } from "../db/write-thread";
import { registerOffThreadWriter } from "../db/off-thread";
import type { Client } from "@libsql/client";
import { ConfigurationError, localOrigin, parseEnv, type Env } from "../env";
import type { Platform, WriteKind } from "../services";
import { randomToken } from "../crypto";
import { contentSourceFor } from "./shared";
import { sessionCookieOptions } from "../session-cookie";
import { ContentCache } from "../content/cache";
import { ContentService } from "../content";
import { localContentSource } from "../content/sources";
import { parseNdjson } from "../content/ndjson";
import { diskFileStore } from "../files/disk";
import { BatchWriter } from "./batch-writer";
import { diskAssets } from "./assets";
import { oneRunAtATime } from "./one-run-at-a-time";
import { waitBeforeStop } from "./stopping";

let booting: Promise<Platform> | undefined;

/** Built once per process, on first use: the Node server passes no load context. */
export function platformFor(_context: AppLoadContext): Promise<Platform> {
  booting ??= boot().catch((error) => {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(1);
    }
    booting = undefined;
    throw error;
  });
  return booting;
}

function dataDirectory() {
  const dir = path.resolve(process.env.DATA_DIR ?? ".data");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The file of a local libsql database (`file:` URLs, relative to the working directory as libsql reads them); null for another. */
export function databaseFileOf(url: string) {
  if (!isSharedFile(url)) return null;
  const location = url.slice("file:".length).split("?")[0]!;
  // file:///abs or file://host/abs: the path after the authority
  return path.resolve(decodeURIComponent(location.startsWith("//") ? location.replace(/^\/\/[^/]*/, "") : location));
}

/**
 * The embedded default keeps a generated secret so sessions survive restarts, beside the database
 * whose two-factor keys and e-mail tokens are sealed under it: kept in DATA_DIR alone, a DATABASE_URL
 * elsewhere outlived it (another worktree's DATA_DIR, a removed .data/) and every key stopped opening.
 * DATA_DIR's file, where the secret was kept before, is adopted by a database directory that has none;
 * a database that is no local file keeps its secret in DATA_DIR.
 */
export function embeddedSessionSecret(dataDir: string, databaseUrl: string) {
  const databaseFile = databaseFileOf(databaseUrl);
  const dir = databaseFile ? path.dirname(databaseFile) : dataDir;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "session-secret");
  const older = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    const adopted = file !== older && fs.existsSync(older) ? fs.readFileSync(older, "utf8").trim() : "";
    // "wx": of two servers starting at once on one database, the second reads the first's secret
    try {
      fs.writeFileSync(file, adopted || randomToken(48), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function boot(): Promise<Platform> {
  const parsed = parseEnv(process.env);
  const dir = dataDirectory();
  const url = process.env.DATABASE_URL || `file:${path.join(dir, "marketplace.db")}`;
  const env: Env = {
    ...parsed,
    SESSION_SECRET: parsed.SESSION_SECRET ?? embeddedSessionSecret(dir, url),
    // production refuses to start without APP_URL (env.ts); development links to this server
    APP_URL: parsed.APP_URL ?? localOrigin(process.env.PORT || 3000),
  };
  const client = await openNodeDatabase(url);
  const db = drizzle(client, { schema }) as unknown as Database;
  const offThreadInserts = isSharedFile(url) ? (drizzle(new WriteThreadClient(url, client) as unknown as Client, { schema }) as unknown as Database) : undefined;
  if (offThreadInserts) registerOffThreadWriter(db, offThreadInserts);

  const pending = new Set<Promise<unknown>>();
  // a stop lets the work left to run after an answer (an import's next chunks) reach its next step and hand over
  waitBeforeStop(async () => {
    while (pending.size) await Promise.all(pending);
  });
  // one writer per write function, for the life of the process
  const writers = new Map<unknown, BatchWriter<unknown>>();
  return {
    env,
    db,
    sessionDb: db,
    // a local file: each statement runs to its end before the next starts
    readsOverlap: false,
    sessionStorage: createCookieSessionStorage({ cookie: sessionCookieOptions(env) }),
    content: new ContentService(
      contentSourceFor(env, env.CONTENT_DATASET_PATH ? localDatasetFile(env.CONTENT_DATASET_PATH) : undefined),
      new ContentCache(),
    ),
    files: diskFileStore(path.join(dir, "files")),
    assets: diskAssets((file) => fs.promises.readFile(file, "utf8")),
    waitUntil(promise) {
      const tracked = promise.catch((error) => console.error(error)).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    boot: {},
    offThreadInserts,
    writeLater<Row>(_kind: WriteKind, write: (rows: Row[]) => Promise<void>) {
      let writer = writers.get(write) as BatchWriter<Row> | undefined;
      if (!writer) {
        writer = new BatchWriter(write);
        writer.flushOnExit(process);
        writers.set(write, writer as BatchWriter<unknown>);
      }
      const batch = writer;
      return (row: Row) => (batch.add(row), Promise.resolve(true));
    },
    atStart(task) {
      const run = task().then(
        () => undefined,
        (error: unknown) => console.error("at start:", error),
      );
      const tracked = run.finally(() => pending.delete(tracked));
      pending.add(tracked);
      return run;
    },
    every(ms, task) {
      const run = oneRunAtATime(task);
      const timer = setInterval(() => run().catch((error) => console.error(error)), ms);
      timer.unref();
    },
  };
}

/** A dataset file read on each cache miss, so edits to it show after a webhook or the TTL. */
function localDatasetFile(file: string) {
  return localContentSource(() => parseNdjson(fs.readFileSync(file, "utf8")));
}
