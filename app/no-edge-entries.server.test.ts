import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

/** What server/index.mjs starts once it listens, on a real libsql file booted from process.env as the server does. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-background-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "background.db")}`;
delete process.env.DEMO_DATA;

afterAll(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A two- or three-row import staged by an admin for a new seller, its drainer gone with the process that staged it. */
async function stagedImport(fileName: string, names: string[]) {
  const { getServices } = await import("./services.server");
  const { db } = await getServices({});
  const { importJobs } = await import("~/.server/db/schema");
  const { stageImport } = await import("~/models/listing-imports.server");
  const { UPLOAD_EXAMPLES } = await import("~/lib/listing-upload");
  const { makeUser } = await import("~/seed/factories");
  const { eq } = await import("drizzle-orm");
  const seller = await makeUser(db, { roles: ["ROLE_SELLER"] });
  const admin = await makeUser(db, { roles: ["ROLE_ADMIN"] });
  const rows = names.map((projectName, i) => ({ line: i + 2, values: { ...UPLOAD_EXAMPLES.loan_pool, projectName } as Record<string, unknown> }));
  const job = await stageImport(db, { kind: "loan_pool", sellerId: seller.id, target: "draft", fileName, rows, actor: admin });
  const jobNow = async () => (await db.select().from(importJobs).where(eq(importJobs.id, job.id)))[0];
  return { jobNow };
}

describe("the Node server's background work", () => {
  it("starts with the server: an import a restart left half done is finished by housekeeping before any request", async () => {
    // only the timers' intervals are simulated; the database answers in real time
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { startBackgroundWork } = await import("./no-edge-entries.server");
    await startBackgroundWork();
    // staged through the services it booted, the ones every request gets (no second boot, no second set of timers)
    const { jobNow } = await stagedImport("restart.csv", ["Pool 1", "Pool 2"]);
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(async () => expect(await jobNow()).toMatchObject({ status: "done", imported: 2 }), {
      timeout: 15_000,
      interval: 100,
    });
  }, 60_000);

  it("takes up an import a stop left half done as soon as the server is back, not at housekeeping's first run a minute later", async () => {
    const { startBackgroundWork } = await import("./no-edge-entries.server");
    // staged, then the process stopped (its lease given back); the next one starts its background work
    const { jobNow } = await stagedImport("stopped.csv", ["Resumed 1", "Resumed 2", "Resumed 3"]);
    await startBackgroundWork();
    // the housekeeping interval (faked above) never fires here
    await vi.waitFor(async () => expect(await jobNow()).toMatchObject({ status: "done", imported: 3 }), {
      timeout: 10_000,
      interval: 100,
    });
  }, 30_000);
});
