import fs from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { createCookieSessionStorage } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/server-runtime";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../db";
import { applyMigrations } from "../db/migrate-node";
import { ConfigurationError, localOrigin, parseEnv, wantsDemoData, type Env } from "../env";
import type { Services } from "../services";
import { randomToken } from "../crypto";
import { DEMO_WARNING, hasDemoAccounts, seedDemoDataIfEmpty } from "../seed";
import { runMaintenance } from "~/models/maintenance.server";
import { contentSourceFor, sessionCookieOptions } from "./shared";
import { ContentCache } from "../content/cache";
import { ContentService } from "../content";
import { localContentSource } from "../content/sources";
import { parseNdjson } from "../content/ndjson";
import { diskFileStore } from "../files/disk";
import { SessionBatchWriter } from "../analytics/writer";

let booting: Promise<Services> | undefined;

/** Built once per process, on first use: remix-serve passes no load context. */
export function servicesFor(_context: AppLoadContext): Promise<Services> {
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
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomToken(48), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

async function boot(): Promise<Services> {
  const parsed = parseEnv(process.env);
  const dir = dataDirectory();
  const env: Env = {
    ...parsed,
    SESSION_SECRET: parsed.SESSION_SECRET ?? embeddedSessionSecret(dir),
    // production refuses to start without APP_URL (env.ts); development links to this server
    APP_URL: parsed.APP_URL ?? localOrigin(process.env.PORT || 3000),
  };
  const client = createClient({
    url: process.env.DATABASE_URL || `file:${path.join(dir, "marketplace.db")}`,
  });
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA busy_timeout = 5000");
  await client.execute("PRAGMA foreign_keys = ON");
  await applyMigrations(client);
  const db = drizzle(client, { schema }) as unknown as Database;
  if (wantsDemoData(env)) await seedDemoDataIfEmpty(db, env.SESSION_SECRET);
  if (await hasDemoAccounts(db)) console.warn(DEMO_WARNING);

  const pending = new Set<Promise<unknown>>();
  const pageSessionWriter = new SessionBatchWriter(db);
  pageSessionWriter.flushOnExit(process);
  const services: Services = {
    env,
    db,
    sessionStorage: createCookieSessionStorage({ cookie: sessionCookieOptions(env) }),
    content: new ContentService(
      contentSourceFor(env, env.CONTENT_DATASET_PATH ? localDatasetFile(env.CONTENT_DATASET_PATH) : undefined),
      new ContentCache(),
    ),
    files: diskFileStore(path.join(dir, "files")),
    recordPageSession: (row) => pageSessionWriter.add(row),
    waitUntil(promise) {
      const tracked = promise.catch((error) => console.error(error)).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };
  startOutboxTimer(services);
  return services;
}

/** A dataset file read on each cache miss, so edits to it show after a webhook or the TTL. */
function localDatasetFile(file: string) {
  return localContentSource(() => parseNdjson(fs.readFileSync(file, "utf8")));
}

/** What the cron trigger does on Workers: outbox retries and pruning of spent sessions and tokens. */
function startOutboxTimer(services: Services) {
  const timer = setInterval(() => {
    runMaintenance(services.db, services.env).catch((error) => console.error("maintenance:", error));
  }, 60_000);
  timer.unref();
}
