import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** getServices as the Node server runs it: services booted from process.env on a real libsql file. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-services-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "services.db")}`;
delete process.env.DEMO_DATA;

const { getServices } = await import("./services.server");
const { users } = await import("~/.server/db/schema");

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("getServices on Node", () => {
  it("serves every request with the services the first one joined, not a copy per request", async () => {
    const first = await getServices({});
    const second = await getServices({});
    expect(second).toBe(first);
    expect(second.recordPageSession).toBe(first.recordPageSession);
  });

  it("still answers from the one database", async () => {
    const services = await getServices({});
    expect(await services.db.select().from(users)).toEqual([]);
  });
});
