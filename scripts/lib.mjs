// Helpers shared by the start and build scripts (plain Node, no build step).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(" ")} exited with ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/**
 * The app's settings `npm run start:edge` hands from its environment to the Worker as `--var`s (wrangler dev
 * sees no other): every one app/.server/env.ts reads but those the script sets itself (APP_ENV, SESSION_SECRET,
 * DEMO_DATA) and the Node-only CONTENT_DATASET_PATH. One left out is silently the default under wrangler dev.
 */
export const EDGE_VARS_FROM_ENV = ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY", "TURNSTILE_VERIFY_URL", "MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM", "SMS_API_URL", "SMS_API_KEY", "MATCHMAKING_BOT_URL", "MATCHMAKING_BOT_API_KEY", "SMS_WEBHOOK_SECRET", "MAIL_WEBHOOK_SECRET", "APP_URL", "SANITY_PROJECT_ID", "SANITY_DATASET", "SANITY_API_TOKEN", "SANITY_WEBHOOK_SECRET", "SANITY_PREVIEW_SECRET", "SANITY_API_HOST", "GEOCODER_URL", "BEACON_RECORDS_PER_MINUTE", "JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR", "OUTBOX_DRAIN_MAX"];

/** True when `output` is missing or older than any source the build reads. */
export function isStale(output) {
  const out = path.join(root, output);
  if (!fs.existsSync(out) || !fs.existsSync(path.join(root, "public/build"))) return true;
  const built = fs.statSync(out).mtimeMs;
  const sources = ["app", "remix.config.js", "package.json", "postcss.config.js", "cms/seed"]
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  return sources.some((p) => newestMtime(p) > built);
}

/**
 * `remix build` of one target ("node" or "edge"), written into a fresh directory (remix.config.js reads
 * REMIX_BUILD_STAGING) and moved into place when it is whole. Built in place, `remix build` emptied
 * public/build and wrote it anew, and wrote over build/edge/index.js: a `wrangler dev` serving this
 * checkout that was reloading meanwhile (it lists public/, then reads each file it listed) stopped for
 * good with ENOENT. Moved into place, the change is two renames of the client files' folder, then one
 * rename per server file (so a new server never refers to client files not there yet), all within the
 * 100 ms wrangler waits after a change before it reloads.
 * @param {"node" | "edge"} target
 */
export function remixBuild(target) {
  const staging = path.join(root, "build", ".staging", target);
  fs.rmSync(staging, { recursive: true, force: true });
  const env = { ...process.env, NODE_ENV: "production", REMIX_BUILD_STAGING: staging, ...(target === "edge" ? { REMIX_TARGET: "edge" } : {}) };
  if (target !== "edge") delete env.REMIX_TARGET;
  run(bin("remix"), ["build"], { env });
  putBuildInPlace(root, staging, target);
  fs.rmSync(path.dirname(staging), { recursive: true, force: true });
}

/**
 * A whole build of `target` in `staging` moved into the checkout at `dir` (remixBuild's last step).
 * @param {string} dir
 * @param {string} staging
 * @param {"node" | "edge"} target
 */
export function putBuildInPlace(dir, staging, target) {
  const assets = path.join(dir, "public", "build");
  const replaced = path.join(staging, "replaced-public-build");
  if (fs.existsSync(assets)) fs.renameSync(assets, replaced);
  fs.renameSync(path.join(staging, "public", "build"), assets);
  const serverDir = target === "edge" ? path.join("build", "edge") : "build";
  ensureDir(path.join(dir, serverDir));
  for (const entry of fs.readdirSync(path.join(staging, serverDir), { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(staging, serverDir, entry.name);
    // the server build names its assetsBuildDirectory (server/index.mjs serves the client files from it),
    // and the metafiles their outputs: the places they are moved to, not the fresh directory
    if (/\.(js|json)$/.test(entry.name)) {
      const text = fs.readFileSync(file, "utf8");
      fs.writeFileSync(file, text.replaceAll(`${staging}/`, "").replaceAll(`${path.relative(dir, staging)}/`, ""));
    }
    fs.renameSync(file, path.join(dir, serverDir, entry.name));
  }
  fs.rmSync(staging, { recursive: true, force: true });
}

/** Starts a long-running child, forwards signals, and exits with it. */
export function serve(command, args, env) {
  const child = spawn(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

/** Polls a URL until it answers 200, so start-up work (migrations, seed) is done before traffic. */
export async function waitForHealthy(url, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

export function ensureDir(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A local server's generated session secret, kept in `dir` beside the state whose two-factor keys and
 * e-mail tokens are sealed under it: a secret kept elsewhere (`.data/` of one checkout) and state that
 * outlived it (a new worktree or clone on the same persist directory, a removed `.data/`) signed
 * everyone out and left every sealed key unreadable. `adopt`: an older file whose secret sealed this
 * state before it was kept here, copied (not moved: other state of the same checkout may have been
 * sealed under it too) when `dir` has none yet. Written only if no file is there, in one step ("wx"):
 * of two starts at once, the second reads the first's.
 * @param {string} dir
 * @param {{ adopt?: string }} [options]
 */
export function keptSessionSecret(dir, { adopt } = {}) {
  const file = path.join(ensureDir(dir), "session-secret");
  if (!fs.existsSync(file)) {
    const older = adopt && fs.existsSync(adopt) ? fs.readFileSync(adopt, "utf8").trim() : "";
    try {
      fs.writeFileSync(file, older || crypto.randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * Demo accounts come only from the start scripts in development: never when the
 * operator's NODE_ENV or APP_ENV says production.
 * @param {Record<string, string | undefined>} env
 */
export function demoDataWanted(env = process.env) {
  return env.NODE_ENV !== "production" && env.APP_ENV !== "production";
}

/**
 * The period of wrangler.toml's cron trigger when it is "* * * * *" or "*\/N * * * *"; null for any
 * other schedule (or none), which the start script does not imitate.
 * @param {string} toml
 */
export function cronIntervalMs(toml) {
  const schedule = /^\s*crons\s*=\s*\[\s*"([^"]*)"/m.exec(toml)?.[1]?.trim();
  const every = schedule && /^(\*|\*\/(\d+)) \* \* \* \*$/.exec(schedule);
  if (!every) return null;
  const minutes = every[2] ? Number(every[2]) : 1;
  return minutes > 0 && minutes <= 60 ? minutes * 60_000 : null;
}

/**
 * `wrangler dev` runs no cron trigger of its own: `--test-scheduled` only opens GET /__scheduled.
 * This calls it on the clock's marks of `everyMs` (:00, :05, … for every five minutes), as the
 * deployed trigger runs, so a local server's housekeeping (the outbox past one drain, saved-search
 * digests, half-drained imports, pruning) happens at all. The next mark is awaited after a run ends.
 * Returns a function that stops it.
 * @param {string} origin
 * @param {number} everyMs
 * @param {{ fetch?: typeof fetch, now?: () => number, log?: (message: string) => void }} [deps]
 */
export function runLocalCron(origin, everyMs, { fetch = globalThis.fetch, now = Date.now, log = console.error } = {}) {
  let timer;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(tick, everyMs - (now() % everyMs));
    // the script ends with wrangler, not with this timer
    timer.unref?.();
  };
  const tick = async () => {
    try {
      const response = await fetch(`${origin}/__scheduled`);
      if (!response.ok) log(`✖ the cron's run (GET /__scheduled) answered ${response.status}`);
    } catch (error) {
      log(`✖ the cron's run (GET /__scheduled) failed: ${error instanceof Error ? error.message : error}`);
    }
    next();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
