import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { outbox } from "~/.server/db/schema";
import { parseEnv, type Env } from "~/.server/env";
import { runMaintenance } from "./maintenance.server";
import { OUTBOX_RETENTION_MS, enqueueMessage } from "./outbox.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

it("the scheduled housekeeping empties message bodies delivered more than 7 days ago", async () => {
  const env = { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env;
  const now = Date.now();
  const old = await enqueueMessage(t.db, env, { channel: "email", recipient: "a@example.test", body: "a week old" }, now - OUTBOX_RETENTION_MS - 1000);
  await t.db.update(outbox).set({ status: "sent", sentAt: new Date(now - OUTBOX_RETENTION_MS - 1000) }).where(eq(outbox.id, old.id));
  const fresh = await enqueueMessage(t.db, env, { channel: "email", recipient: "b@example.test", body: "yesterday" }, now - 86_400_000);
  await t.db.update(outbox).set({ status: "sent", sentAt: new Date(now - 86_400_000) }).where(eq(outbox.id, fresh.id));

  await runMaintenance(t.db, env, now);
  const rows = await t.db.select({ id: outbox.id, body: outbox.body }).from(outbox);
  expect(rows).toEqual([
    { id: old.id, body: "" },
    { id: fresh.id, body: "yesterday" },
  ]);
});
