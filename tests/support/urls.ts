/**
 * Where the browser tests find the two servers and the stand-in e-mail provider.
 * E2E_PORT_OFFSET lets two checkouts run their browser tests side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const NODE_PORT = 3111 + offset;
export const EDGE_PORT = 8799 + offset;
export const MAIL_PROVIDER_PORT = 3199 + offset;
export const NODE_URL = `http://localhost:${NODE_PORT}`;
export const EDGE_URL = `http://127.0.0.1:${EDGE_PORT}`;
export const MAIL_PROVIDER_URL = `http://127.0.0.1:${MAIL_PROVIDER_PORT}`;
/** Fresh data for each run: both servers' databases, files and the content dataset. */
export const E2E_DIR = `/tmp/marketplace-e2e${offset ? `-${offset}` : ""}`;

/** Secrets the test servers are started with (test values, not real ones). */
export const E2E_WEBHOOK_SECRET = "e2e-webhook-secret";
export const E2E_SMS_WEBHOOK_SECRET = "e2e-sms-webhook-secret";
export const E2E_MAIL_WEBHOOK_SECRET = "e2e-mail-webhook-secret";
export const E2E_PREVIEW_SECRET = "e2e-preview-secret";
/** The Node server's content dataset during browser tests (a copy of the seed). */
export const E2E_DATASET = `${E2E_DIR}/dataset.ndjson`;
