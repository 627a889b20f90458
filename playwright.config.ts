import fs from "node:fs";
import { defineConfig, type Project } from "@playwright/test";
import {
  E2E_DATASET, E2E_DIR, E2E_MAIL_WEBHOOK_SECRET, E2E_PREVIEW_SECRET, E2E_SMS_WEBHOOK_SECRET, E2E_WEBHOOK_SECRET, EDGE_PORT, EDGE_URL, MAIL_PROVIDER_PORT, MAIL_PROVIDER_URL, NODE_PORT, NODE_URL,
} from "./tests/support/urls";

/**
 * Every browser flow runs four ways: JavaScript on and off, against the Node
 * server (remix-serve, libsql file) and against `wrangler dev` (workerd, local D1).
 */
const shared = {
  MAIL_API_URL: `${MAIL_PROVIDER_URL}/send`,
  MAIL_API_KEY: "e2e-provider-key",
  SMS_API_URL: `${MAIL_PROVIDER_URL}/sms`,
  SMS_WEBHOOK_SECRET: E2E_SMS_WEBHOOK_SECRET,
  MAIL_WEBHOOK_SECRET: E2E_MAIL_WEBHOOK_SECRET,
  SANITY_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
  SANITY_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
};

// the main process starts the servers on fresh data; workers only read this file
if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DIR, { recursive: true });
  // the Node server reads its content from a copy of the seed that tests may change
  fs.copyFileSync("cms/seed/production.ndjson", E2E_DATASET);
}

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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

const servers = { node: NODE_URL, edge: EDGE_URL };
const projects: Project[] = Object.entries(servers).flatMap(([server, baseURL]) => [
  { name: `${server}-js`, use: { ...chromium, baseURL, javaScriptEnabled: true } },
  { name: `${server}-nojs`, use: { ...chromium, baseURL, javaScriptEnabled: false } },
]);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { trace: "retain-on-failure", actionTimeout: 15_000 },
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
      env: { ...shared, PORT: String(EDGE_PORT), WRANGLER_PERSIST_DIR: `${E2E_DIR}/edge` },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
