import { describe, expect, it } from "vitest";
import { envSchema } from "~/.server/env";
import { EDGE_VARS_FROM_ENV } from "../../scripts/lib.mjs";

describe("npm run start:edge's settings from the environment", () => {
  it("hands wrangler dev every setting the app reads, but those the script sets itself and Node's own", () => {
    const setByTheScript = ["APP_ENV", "SESSION_SECRET", "DEMO_DATA"];
    const nodeOnly = ["CONTENT_DATASET_PATH"];
    const read = Object.keys(envSchema().shape).filter((key) => !setByTheScript.includes(key) && !nodeOnly.includes(key));
    // MAIL_FROM was missing: `MAIL_FROM=… npm run start:edge` sent from the default sender
    expect([...EDGE_VARS_FROM_ENV].sort()).toEqual(read.sort());
  });
});
