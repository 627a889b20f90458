import fs from "node:fs";
import { defineConfig, type Project } from "@playwright/test";
import {
  E2E_DATASET, E2E_DIR, E2E_MAIL_WEBHOOK_SECRET, E2E_PREVIEW_SECRET, E2E_SMS_WEBHOOK_SECRET, E2E_WEBHOOK_SECRET, EDGE_PORT, EDGE_URL, MAIL_PROVIDER_PORT, MAIL_PROVIDER_URL, NODE_PORT, NODE_URL,
} from "./tests/support/urls";

/**
 * Every browser flow runs with JavaScript on and with it off, against the Node server
 * (libsql file) and against `wrangler dev` (workerd, local D1): pairwise, not all four ways
 * (docs/decisions/051). The spec files of `PAIR_B` run on node-nojs and edge-js, all others
 * on node-js and edge-nojs, so each flow meets both servers and both ways of a browser, and
 * each project runs about half the flows. Checks of HTTP answers (whole files in
 * `EVERY_SERVER`, single tests tagged `@http`) run with JavaScript on both servers.
 */
const shared = {
  MAIL_API_URL: `${MAIL_PROVIDER_URL}/send`,
  MAIL_API_KEY: "e2e-provider-key",
  SMS_API_URL: `${MAIL_PROVIDER_URL}/sms`,
  SMS_WEBHOOK_SECRET: E2E_SMS_WEBHOOK_SECRET,
  MAIL_WEBHOOK_SECRET: E2E_MAIL_WEBHOOK_SECRET,
  SANITY_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
  SANITY_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
  // the tests create some 60 accounts a server run, all from 127.0.0.1 (20 an hour when unset)
  JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR: "100000",
};

// the main process starts the servers on fresh data; workers only read this file
if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DIR, { recursive: true });
  // the Node server reads its content from a copy of the seed that tests may change
  fs.copyFileSync("cms/seed/production.ndjson", E2E_DATASET);
}

// Debian's headless shell (decision 052): Playwright's own choice for headless Chromium, the same Blink
// without the full browser's UI processes; about a third less time per test on these 2-core machines
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/** Flows run on node-nojs and edge-js; every other spec file's on node-js and edge-nojs (balanced by their run times). */
const PAIR_B = [
  "accounts", "admin-dashboard", "affiliates", "bulk-sms", "content", "deal-flow", "email-links", "error-boundaries", "funnel",
  "marketing", "phone", "real-estate-analytics", "responsiveness", "saved-searches", "seo", "shell", "uploads",
];
/** Spec files that run in every project (their tests skip where they say why: HTTP checks, the axe crawl). */
const EVERY_SERVER = ["access", "accessibility", "analytics", "api", "buyer-identity", "campaigns-api", "fuzz", "security"];

const files = (names: string[]) => new RegExp(`(?:^|[\\s/])(?:${names.join("|")})\\.spec\\.ts\\b`);
/** A test of a PAIR_B file that is not tagged `@http` (grep matches the file name, titles and tags). */
const pairBFlow = new RegExp(`${files(PAIR_B).source}(?!.*@http\\b)`);
const pairA = { grepInvert: pairBFlow };
const pairB = { grep: [files(PAIR_B), files(EVERY_SERVER), /@http\b/] };

const projects: Project[] = [
  { name: "node-js", ...pairA, use: { ...chromium, baseURL: NODE_URL, javaScriptEnabled: true } },
  { name: "node-nojs", ...pairB, use: { ...chromium, baseURL: NODE_URL, javaScriptEnabled: false } },
  { name: "edge-js", ...pairB, use: { ...chromium, baseURL: EDGE_URL, javaScriptEnabled: true } },
  { name: "edge-nojs", ...pairA, use: { ...chromium, baseURL: EDGE_URL, javaScriptEnabled: false } },
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // twice on CI: a wedged workerd (decision 080) is found and restarted about a minute after it stops
  // answering, so the tests under way fail and their first retry can still meet the restart
  retries: process.env.CI ? 2 : 0,
  // a run whose server has gone wrong for good stops with its first failures instead of retrying
  // every test for hours past CI's limit (a run of 12-05 hit the 90 minutes, its report lost)
  maxFailures: process.env.CI ? 30 : 0,
  globalTimeout: process.env.CI ? 50 * 60_000 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // a trace only where a test is run again after failing (CI retries): recording one for every
  // test doubled the browser's work (decision 053); `--trace on` records them all
  use: { trace: "on-first-retry", actionTimeout: 15_000 },
  projects,
  webServer: [
    {
      command: "node tests/support/mail-provider.mjs",
      url: `${MAIL_PROVIDER_URL}/healthz`,
      env: { PORT: String(MAIL_PROVIDER_PORT) },
      reuseExistingServer: false,
    },
    {
      command: "node scripts/start.mjs --no-build",
      url: `${NODE_URL}/healthz`,
      env: { ...shared, CONTENT_DATASET_PATH: E2E_DATASET, PORT: String(NODE_PORT), DATA_DIR: `${E2E_DIR}/node`, DATABASE_URL: `file:${E2E_DIR}/node/e2e.db` },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/start-edge.mjs --no-build",
      url: `${EDGE_URL}/healthz`,
      // a wedged workerd is started again (decision 080)
      env: { ...shared, PORT: String(EDGE_PORT), WRANGLER_PERSIST_DIR: `${E2E_DIR}/edge`, EDGE_WATCHDOG_MS: "30000" },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
