// `npm run start:edge`: the same app under `wrangler dev` (workerd) with local D1, R2 and KV.
// Migrates local D1 with wrangler; the Worker seeds the demo data on its first request
// because APP_ENV is "development" here.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { bin, cronIntervalMs, demoDataWanted, EDGE_VARS_FROM_ENV, isStale, keptSessionSecret, remixBuild, root, run, runLocalCron, serve, waitForHealthy } from "./lib.mjs";

const port = process.env.PORT || "8787";
const persistTo = path.resolve(root, process.env.WRANGLER_PERSIST_DIR || ".wrangler/state");
if (!process.argv.includes("--no-build") && isStale("build/edge/index.js")) {
  console.log("Building the app for Workers…");
  remixBuild("edge");
}
// wrangler dev bundles React's development build unless NODE_ENV says otherwise (wrangler deploy
// bundles the production one): run locally what is deployed, as `npm start` does on Node
const wranglerEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || "production", CI: "true", WRANGLER_SEND_METRICS: "false" };
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { env: wranglerEnv });

// like the embedded default, a local secret kept between runs, in the persist directory beside the
// D1 it seals keys in; a checkout's .data/edge-session-secret (where it was kept before) is adopted.
// SESSION_SECRET in the environment wins, and then nothing is written.
const secret = process.env.SESSION_SECRET || keptSessionSecret(persistTo, { adopt: path.join(root, ".data", "edge-session-secret") });

const vars = {
  APP_ENV: "development",
  SESSION_SECRET: secret,
  APP_URL: `http://127.0.0.1:${port}`,
  ...(demoDataWanted() ? { DEMO_DATA: "true" } : {}),
};
for (const key of EDGE_VARS_FROM_ENV) {
  if (process.env[key]) vars[key] = process.env[key];
}
const wranglerArgs = [
  "dev",
  "--port", port,
  // one inspector port per server port, so several wrangler dev servers can run side by side
  "--inspector-port", String(Number(port) + 10000),
  "--ip", "127.0.0.1",
  "--persist-to", persistTo,
  "--show-interactive-dev-session=false",
  // GET /__scheduled runs the cron handler locally; wrangler dev never runs it on its own (runLocalCron below)
  "--test-scheduled",
  ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
];
const watchdogMs = Number(process.env.EDGE_WATCHDOG_MS ?? 0);
if (!watchdogMs) serve(bin("wrangler"), wranglerArgs, wranglerEnv);
else watched(wranglerArgs, watchdogMs);
if (await waitForHealthy(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 120_000 })) {
  console.log(`✓ Secondary Marketplace (Workers) is ready at http://127.0.0.1:${port}`);
  // the cron trigger of wrangler.toml, which wrangler dev leaves to whoever calls /__scheduled
  const cronMs = cronIntervalMs(fs.readFileSync(path.join(root, "wrangler.toml"), "utf8"));
  if (cronMs) runLocalCron(`http://127.0.0.1:${port}`, cronMs);
  else console.error("✖ wrangler.toml's cron is not every N minutes: call /__scheduled to run housekeeping");
} else {
  console.error("✖ wrangler dev did not become healthy within two minutes");
}

/**
 * The browser tests' edge server (EDGE_WATCHDOG_MS set): wrangler dev started again, on the same
 * persisted state, when /healthz has gone unanswered for that long twice running. workerd
 * 1.20260426's isolate can spin for good in V8's incremental sweeping after an actor is constructed,
 * every request then waiting (docs/decisions/080): the tests under way fail and their retries find a
 * server. Each restart is written to stderr, which the test run shows. wrangler stays in this
 * script's process group, which Playwright kills whole at the end (a group of its own outlived the
 * script and held the run open on its output); a restart kills wrangler's process tree itself.
 */
function watched(args, limitMs) {
  let child;
  let restarting = false;
  const start = () => {
    const started = spawn(bin("wrangler"), args, { stdio: "inherit", cwd: root, env: { ...process.env, ...wranglerEnv } });
    child = started;
    // the one stopped for a restart goes quietly; the current one ending ends this script, as serve() does
    started.on("exit", (code, signal) => {
      if (started === child && !restarting) process.exit(code ?? (signal ? 0 : 1));
    });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (killTree(child.pid), process.exit(0)));
  start();
  let unanswered = 0;
  const health = `http://127.0.0.1:${port}/healthz`;
  const check = async () => {
    const answered = await fetch(health, { signal: AbortSignal.timeout(limitMs) }).then(
      () => true,
      () => false,
    );
    unanswered = answered ? 0 : unanswered + 1;
    if (unanswered >= 2) {
      console.error(`✖ wrangler dev left /healthz unanswered twice for ${limitMs / 1000} s: starting it again on the same state`);
      restarting = true;
      killTree(child.pid);
      await new Promise((r) => setTimeout(r, 1000));
      restarting = false;
      start();
      unanswered = 0;
      await waitForHealthy(health, { timeoutMs: 120_000 });
    }
    setTimeout(check, 5000);
  };
  // from the first answer on: start-up (migrations, the demo seed) is not a hang
  waitForHealthy(health, { timeoutMs: 180_000 }).then(() => setTimeout(check, 5000));
}

/** SIGKILL to a process and every process below it (wrangler runs workerd and esbuild), read from /proc. */
function killTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the parent is the second field after the command's closing parenthesis
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  for (const member of tree) {
    try {
      process.kill(member, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}
