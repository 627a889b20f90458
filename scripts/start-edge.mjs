// `npm run start:edge`: the same app under `wrangler dev` (workerd) with local D1, R2 and KV.
// Migrates local D1 with wrangler; the Worker seeds the demo data on its first request
// because APP_ENV is "development" here.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { bin, demoDataWanted, ensureDir, isStale, root, run, serve, waitForHealthy } from "./lib.mjs";

const port = process.env.PORT || "8787";
const persistTo = path.resolve(root, process.env.WRANGLER_PERSIST_DIR || ".wrangler/state");
if (!process.argv.includes("--no-build") && isStale("build/edge/index.js")) {
  console.log("Building the app for Workers…");
  run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production", REMIX_TARGET: "edge" } });
}
// wrangler dev bundles React's development build unless NODE_ENV says otherwise (wrangler deploy
// bundles the production one): run locally what is deployed, as `npm start` does on Node
const wranglerEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || "production", CI: "true", WRANGLER_SEND_METRICS: "false" };
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { env: wranglerEnv });

// like the embedded default, a local secret kept between runs
const secretFile = path.join(ensureDir(path.join(root, ".data")), "edge-session-secret");
if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
const secret = fs.readFileSync(secretFile, "utf8").trim();

const vars = {
  APP_ENV: "development",
  SESSION_SECRET: secret,
  APP_URL: `http://127.0.0.1:${port}`,
  ...(demoDataWanted() ? { DEMO_DATA: "true" } : {}),
};
for (const key of ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY", "TURNSTILE_VERIFY_URL", "MAIL_API_URL", "MAIL_API_KEY", "SMS_API_URL", "SMS_API_KEY", "MATCHMAKING_BOT_URL", "MATCHMAKING_BOT_API_KEY", "SMS_WEBHOOK_SECRET", "MAIL_WEBHOOK_SECRET", "APP_URL", "SANITY_PROJECT_ID", "SANITY_DATASET", "SANITY_API_TOKEN", "SANITY_WEBHOOK_SECRET", "SANITY_PREVIEW_SECRET", "SANITY_API_HOST", "GEOCODER_URL", "BEACON_RECORDS_PER_MINUTE"]) {
  if (process.env[key]) vars[key] = process.env[key];
}
serve(
  bin("wrangler"),
  [
    "dev",
    "--port", port,
    // one inspector port per server port, so several wrangler dev servers can run side by side
    "--inspector-port", String(Number(port) + 10000),
    "--ip", "127.0.0.1",
    "--persist-to", persistTo,
    "--show-interactive-dev-session=false",
    // GET /__scheduled runs the cron handler locally
    "--test-scheduled",
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ],
  wranglerEnv,
);
if (await waitForHealthy(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 120_000 })) {
  console.log(`✓ Secondary Marketplace (Workers) is ready at http://127.0.0.1:${port}`);
} else {
  console.error("✖ wrangler dev did not become healthy within two minutes");
}
