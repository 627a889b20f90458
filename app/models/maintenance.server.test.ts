import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { formSubmissions, leadImports, outbox, projects, sessions } from "~/.server/db/schema";
import { parseEnv, type Env } from "~/.server/env";
import { FORM_SUBMISSION_RETENTION_MS } from "./customer-accounts.server";
import { LEAD_IMPORT_KEY_RETENTION_MS } from "./leads.server";
import { runMaintenance } from "./maintenance.server";
import { OUTBOX_RETENTION_MS, enqueueMessage } from "./outbox.server";
import { saveSearch } from "./saved-searches.server";
import { makeUser } from "~/seed/factories";

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

it("the scheduled housekeeping queues the saved-search digests that are due", async () => {
  const env = { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env;
  const buyer = await makeUser(t.db);
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  await saveSearch(t.db, { userId: buyer.id, name: "Kiwis", query: "q=kiwifruit" });
  const now = Date.now() + 1000;
  await t.db.insert(projects).values({ sellerId: seller.id, kind: "limited_company", status: "published", projectName: "Kiwifruit growers", publishedAt: new Date(now), updatedAt: new Date(now) });
  await runMaintenance(t.db, env, now + 1000);
  const queued = await t.db.select({ subject: outbox.subject, status: outbox.status }).from(outbox).where(eq(outbox.recipient, buyer.email));
  expect(queued).toEqual([{ subject: "New listings for your saved searches", status: "pending" }]);
});

it("a step of the housekeeping that fails does not stop the steps after it, and the run still fails", async () => {
  const env = { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env;
  const member = await makeUser(t.db);
  const now = Date.now();
  await t.db.insert(sessions).values({ id: "ended-long-ago", userId: member.id, lastSeenAt: new Date(now - 90 * 86_400_000), expiresAt: new Date(now - 60 * 86_400_000) });
  // D1 refuses the outbox purge's batch (a lost connection, a reset object)
  const failing = new Proxy(t.db, {
    get: (target, key) => (key === "batch" ? () => Promise.reject(new Error("D1_ERROR: Network connection lost.")) : Reflect.get(target, key)),
  });
  const failed = await runMaintenance(failing, env, now).then(
    () => null,
    (error: unknown) => error,
  );
  // the ended session is pruned all the same, and the cron still hears of the failure
  expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, "ended-long-ago"))).toEqual([]);
  expect(String(failed)).toMatch(/Network connection lost/);
});

it("the scheduled housekeeping drops the leads import's one-time keys a week old, a step at a time, and keeps the week's", async () => {
  const env = { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env;
  const now = Date.now();
  expect(LEAD_IMPORT_KEY_RETENTION_MS).toBeGreaterThanOrEqual(7 * 86_400_000);
  const old = new Date(now - LEAD_IMPORT_KEY_RETENTION_MS - 1000);
  // more than one step's worth of old keys
  await t.db.insert(leadImports).values(Array.from({ length: 1201 }, (_, i) => ({ submissionKey: `old-${i}`, lines: 1, createdAt: old })));
  await t.db.insert(leadImports).values([
    { submissionKey: "this-week", lines: 2, createdAt: new Date(now - LEAD_IMPORT_KEY_RETENTION_MS + 60_000) },
    { submissionKey: "today", lines: 3, createdAt: new Date(now - 60_000) },
  ]);
  await runMaintenance(t.db, env, now);
  expect((await t.db.select({ key: leadImports.submissionKey }).from(leadImports).orderBy(leadImports.id)).map((r) => r.key)).toEqual(["this-week", "today"]);
});

it("the scheduled housekeeping drops the admin's create forms' one-time keys a week old, a step at a time, and keeps the week's", async () => {
  const env = { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env;
  const now = Date.now();
  expect(FORM_SUBMISSION_RETENTION_MS).toBeGreaterThanOrEqual(7 * 86_400_000);
  const old = new Date(now - FORM_SUBMISSION_RETENTION_MS - 1000);
  // more than one step's worth of old keys, a customer's and a user's
  await t.db.insert(formSubmissions).values(Array.from({ length: 1201 }, (_, i) => ({ submissionKey: `old-${i}`, subjectType: i % 2 ? ("user" as const) : ("customer" as const), subjectId: i + 1, createdAt: old })));
  await t.db.insert(formSubmissions).values([
    { submissionKey: "this-week", subjectType: "customer", subjectId: 1, createdAt: new Date(now - FORM_SUBMISSION_RETENTION_MS + 60_000) },
    { submissionKey: "today", subjectType: "user", subjectId: 2, createdAt: new Date(now - 60_000) },
  ]);
  await runMaintenance(t.db, env, now);
  expect((await t.db.select({ key: formSubmissions.submissionKey }).from(formSubmissions).orderBy(formSubmissions.createdAt)).map((r) => r.key)).toEqual(["this-week", "today"]);
});
