import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "~/.server/db";
import { parseEnv, type Env } from "~/.server/env";
import { diskFileStore } from "~/.server/files/disk";
import type { DealServices } from "~/models/notifications.server";

/**
 * What the deal flow's models take, over a test database: its files in a temporary directory of
 * their own (`dir`, removed by `cleanup`), e-mail through the outbox, no background work.
 */
export function dealServicesOver(db: Database, name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-files-`));
  const services = {
    env: { ...parseEnv({}), SESSION_SECRET: `${name}-secret`, APP_URL: "https://market.example" } as Env,
    db,
    files: diskFileStore(dir),
    waitUntil: () => {},
    origin: "https://market.example",
  } as unknown as DealServices;
  return { services, dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
