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

/** The embedded default keeps a generated secret so sessions survive restarts. */
function embeddedSessionSecret(dir: string) {
  const file = path.join(dir, "session-secret");
  // "wx": of two servers starting at once on one data directory, the second reads the first's secret
  try {
    fs.writeFileSync(file, randomToken(48), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function boot(): Promise<Platform> {
  const parsed = parseEnv(process.env);
  const dir = dataDirectory();
  const env: Env = {
    ...parsed,
    SESSION_SECRET: parsed.SESSION_SECRET ?? embeddedSessionSecret(dir),
    // production refuses to start without APP_URL (env.ts); development links to this server
    APP_URL: parsed.APP_URL ?? localOrigin(process.env.PORT || 3000),
  };
  const url = process.env.DATABASE_URL || `file:${path.join(dir, "marketplace.db")}`;
  const client = await openNodeDatabase(url);
  const db = drizzle(client, { schema }) as unknown as Database;
  const offThreadInserts = isSharedFile(url) ? (drizzle(new WriteThreadClient(url, client) as unknown as Client, { schema }) as unknown as Database) : undefined;
  if (offThreadInserts) registerOffThreadWriter(db, offThreadInserts);

  const pending = new Set<Promise<unknown>>();
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
