import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keptSessionSecret } from "../../scripts/lib.mjs";
import { databaseFileOf, embeddedSessionSecret } from "~/.server/platform/node";

let tmp: string;
beforeEach(() => void (tmp = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"))));
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("npm run start:edge's local session secret", () => {
  it("is kept in the persist directory, so another checkout on the same D1 state reads the same one", () => {
    const persist = path.join(tmp, "state");
    const first = keptSessionSecret(persist, { adopt: path.join(tmp, "checkout-a/.data/edge-session-secret") });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(persist, "session-secret"), "utf8")).toBe(first);
    // a new worktree (no .data/) pointed at the same WRANGLER_PERSIST_DIR
    expect(keptSessionSecret(persist, { adopt: path.join(tmp, "checkout-b/.data/edge-session-secret") })).toBe(first);
  });

  it("adopts a checkout's .data/edge-session-secret, the one an existing state was sealed under, and leaves it there", () => {
    const legacy = path.join(tmp, ".data/edge-session-secret");
    fs.mkdirSync(path.dirname(legacy));
    fs.writeFileSync(legacy, "the secret the state was seeded with, 48 characters\n");
    const persist = path.join(tmp, ".wrangler/state");
    expect(keptSessionSecret(persist, { adopt: legacy })).toBe("the secret the state was seeded with, 48 characters");
    expect(fs.existsSync(legacy)).toBe(true);
    // the persist directory's own wins from then on
    fs.writeFileSync(legacy, "changed later");
    expect(keptSessionSecret(persist, { adopt: legacy })).toBe("the secret the state was seeded with, 48 characters");
  });
});

describe("npm start's embedded session secret", () => {
  it("is kept beside a DATABASE_URL outside DATA_DIR, so another DATA_DIR on the same database reads the same one", () => {
    const db = path.join(tmp, "shared/market.db");
    const first = embeddedSessionSecret(path.join(tmp, "worktree-a/.data"), `file:${db}`);
    expect(fs.readFileSync(path.join(tmp, "shared/session-secret"), "utf8")).toBe(first);
    expect(embeddedSessionSecret(path.join(tmp, "worktree-b/.data"), `file:${db}`)).toBe(first);
  });

  it("stays DATA_DIR's session-secret for the default database, and is adopted from there by a database elsewhere", () => {
    const dataDir = path.join(tmp, ".data");
    const kept = embeddedSessionSecret(dataDir, `file:${path.join(dataDir, "marketplace.db")}`);
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(kept);
    // a DATABASE_URL elsewhere, whose keys were sealed under DATA_DIR's secret before it was kept beside it
    expect(embeddedSessionSecret(dataDir, `file:${path.join(tmp, "elsewhere/x.db")}`)).toBe(kept);
    expect(fs.readFileSync(path.join(tmp, "elsewhere/session-secret"), "utf8")).toBe(kept);
  });

  it("reads the database's file from the URL forms libsql takes", () => {
    expect(databaseFileOf("file:/tmp/x.db")).toBe("/tmp/x.db");
    expect(databaseFileOf("file:///tmp/x.db?mode=rwc")).toBe("/tmp/x.db");
    expect(databaseFileOf("file:rel/x.db")).toBe(path.resolve("rel/x.db"));
    expect(databaseFileOf("file::memory:")).toBeNull();
    expect(databaseFileOf("libsql://db.example.turso.io")).toBeNull();
  });
});
