// The saved-search digests as the Worker runs them (workerd with a real local D1 and a real local
// Queue): the cron hands the due members to the DIGESTS queue, the queue's consumer writes each
// digest, and a message delivered again, or for a member disabled since, writes nothing more.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** The Worker: worker/index.ts's cron and queue handlers on app/edge-entries.server.ts, and a door for the test's SQL. */
const worker = `
import { scheduled, digests, DIGESTS_QUEUE } from "./app/edge-entries.server";
import { platformFor } from "./app/.server/platform/workers";
import { sendDigest } from "./app/models/saved-search-digests.server";
export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/cron") {
      await scheduled(env, ctx);
      return new Response("ok");
    }
    if (pathname === "/send") {
      const { userIds } = await request.json();
      await env.DIGESTS.sendBatch(userIds.map((userId) => ({ body: { userId, at: Date.now() } })));
      return new Response("ok");
    }
    if (pathname === "/at-once") {
      // two deliveries of one member's message at once (two consumers): both read the member as due
      const { userId } = await request.json();
      const { db, env: appEnv } = await platformFor({ cloudflare: { env, ctx } });
      return Response.json(await Promise.all([sendDigest(db, appEnv, { userId }), sendDigest(db, appEnv, { userId })]));
    }
    const statements = await request.json();
    const answers = [];
    for (const { sql, args = [] } of statements) answers.push((await env.DB.prepare(sql).bind(...args).all()).results);
    return Response.json(answers);
  },
  async queue(batch, env, ctx) {
    if (batch.queue === DIGESTS_QUEUE) await digests(batch, env, ctx);
  },
};
`;

let mf: Miniflare;
type Statement = { sql: string; args?: unknown[] };
const run = async (statements: Statement[]) => (await (await mf.dispatchFetch("http://x/sql", { method: "POST", body: JSON.stringify(statements) })).json()) as Array<Array<Record<string, unknown>>>;
const query = async (sql: string, ...args: unknown[]) => (await run([{ sql, args }]))[0]!;

beforeAll(async () => {
  const bundled = await build({
    stdin: { contents: worker, resolveDir: root, loader: "ts", sourcefile: "digests-worker.ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    // as wrangler bundles the Worker
    mainFields: ["browser", "module", "main"],
    conditions: ["workerd", "worker", "browser"],
    write: false,
    logLevel: "silent",
    absWorkingDir: root,
  });
  mf = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0]!.text,
    compatibilityDate: "2025-09-01",
    d1Databases: ["DB"],
    bindings: { SESSION_SECRET: "test-secret", APP_URL: "https://market.test" },
    queueProducers: { DIGESTS: "secondary-marketplace-digests" },
    queueConsumers: { "secondary-marketplace-digests": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 5 } },
  });
  const dir = path.join(root, "migrations");
  const statements = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((f) => fs.readFileSync(path.join(dir, f), "utf8").split("--> statement-breakpoint"))
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = 0; i < statements.length; i += 100) await run(statements.slice(i, i + 100).map((sql) => ({ sql })));
}, 120_000);
afterAll(async () => {
  await mf?.dispose();
});

const HOUR = 60 * 60_000;

async function member(email: string) {
  const [row] = await query(`insert into users (email, name, password_hash, roles) values (?, ?, '-', '["ROLE_BUYER"]') returning id`, email, email.split("@")[0]);
  const id = row!.id as number;
  await query(`insert into saved_searches (user_id, name, query, created_at) values (?, 'Energy', 'industry=Energy', ?)`, id, Date.now() - 2 * HOUR);
  return id;
}

const digestsTo = async (email: string) => query(`select body from outbox where recipient = ?`, email);

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the queue did not get there within 10 s");
}

it("the cron hands the due members to the queue, whose consumer writes each digest once, however often a message comes", async () => {
  const [seller] = await query(`insert into users (email, name, password_hash, roles) values ('seller@d1.test', 'Seller', '-', '["ROLE_SELLER"]') returning id`);
  const news = Date.now() - HOUR;
  await query(
    `insert into projects (seller_id, kind, status, project_name, industry, location, published_at, updated_at) values (?, 'limited_company', 'published', 'Mesa solar receivables', 'Energy', 'West', ?, ?)`,
    seller!.id,
    news,
    news,
  );
  const members = ["ada@d1.test", "ben@d1.test", "cy@d1.test"];
  const ids = await Promise.all(members.map(member));
  const late = await member("late@d1.test");
  // taken up within the hour already (a message for them is in the queue): this run leaves them
  await query(`update saved_searches set checked_at = ? where user_id = ?`, Date.now() - 60_000, late);

  await mf.dispatchFetch("http://x/cron", { method: "POST" });
  await until(async () => (await query(`select count(*) n from outbox where recipient like '%@d1.test'`))[0]!.n === 3);
  for (const email of members) expect((await digestsTo(email))[0]!.body).toContain("Mesa solar receivables");
  const searches = await query(`select user_id, last_digest_at from saved_searches where user_id in (${ids.join(",")})`);
  expect(searches.every((s) => typeof s.last_digest_at === "number")).toBe(true);

  // each message again (a batch retried after its digests were written), twice at once for one member
  await mf.dispatchFetch("http://x/send", { method: "POST", body: JSON.stringify({ userIds: [...ids, ids[0]] }) });
  // a member disabled after the cron took them up: their message writes nothing
  await query(`update users set enabled = 0 where id = ?`, late);
  await mf.dispatchFetch("http://x/send", { method: "POST", body: JSON.stringify({ userIds: [late] }) });
  const marker = await member("marker@d1.test");
  await mf.dispatchFetch("http://x/send", { method: "POST", body: JSON.stringify({ userIds: [marker] }) });
  // the marker's digest is written after the others' messages were taken
  await until(async () => (await digestsTo("marker@d1.test")).length === 1);
  for (const email of members) expect(await digestsTo(email)).toHaveLength(1);
  expect(await digestsTo("late@d1.test")).toEqual([]);

  // two at once: D1 runs one batch after the other, and the second takes its outbox row out again
  const both = await member("both@d1.test");
  const sent = (await (await mf.dispatchFetch("http://x/at-once", { method: "POST", body: JSON.stringify({ userId: both }) })).json()) as boolean[];
  expect(sent.filter(Boolean)).toHaveLength(1);
  expect(await digestsTo("both@d1.test")).toHaveLength(1);
}, 60_000);
