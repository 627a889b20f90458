import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Vitest global setup: boots the app once on a fresh data directory, migrated and
 * seeded with the demo accounts and market exactly as `npm start` does, and hands its
 * path to the test files. bootApp copies it instead of seeding the market again in
 * every route test file (the seed is the slow part).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-template-"));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, DEMO_DATA: process.env.DEMO_DATA };
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
  process.env.DEMO_DATA = "true";
  const { getServices } = await import("~/services.server");
  const services = await getServices({});
  // everything on disk before the copies are taken
  await services.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  project.provide("seededDataDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}
