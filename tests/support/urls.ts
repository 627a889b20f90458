/** Where the browser tests find the two servers and the stand-in e-mail provider. */
export const NODE_URL = "http://localhost:3111";
export const EDGE_URL = "http://127.0.0.1:8799";
export const MAIL_PROVIDER_URL = "http://127.0.0.1:3199";

/** Secrets the test servers are started with (test values, not real ones). */
export const E2E_WEBHOOK_SECRET = "e2e-webhook-secret";
export const E2E_PREVIEW_SECRET = "e2e-preview-secret";
/** The Node server's content dataset during browser tests (a copy of the seed). */
export const E2E_DATASET = "/tmp/marketplace-e2e/dataset.ndjson";
