// `npm run bench:campaign`: a 10,000-recipient e-mail campaign through the JSON API to a local
// stand-in provider, on the Node server (issue #14, item 8). Prints messages per second, the
// p95 from "send" to delivery, and the duplicate and missing counts (both must be 0): once
// straight through, once with the server killed (SIGKILL) halfway and started again.
// The stand-in keeps each message once per idempotency key, as a real provider does, and
// counts the repeats it was sent. Environment: BENCH_RECIPIENTS (10000).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { applyMigrations } from "../app/.server/db/migrate-node";
import { issueApiToken } from "../app/models/api-tokens.server";
import { makeUser } from "../app/seed/factories";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const PORT = 3996;
const PROVIDER_PORT = 3995;
const root = path.resolve(__dirname, "..");
const base = `http://127.0.0.1:${PORT}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The provider: first receipt per idempotency key, and how many repeats came in. */
function standInProvider() {
  const first = new Map<string, { to: string; subject: string; at: number }>();
  let repeats = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const message = JSON.parse(body || "{}") as { to: string; subject: string; idempotencyKey: string };
      if (first.has(message.idempotencyKey)) repeats++;
      else first.set(message.idempotencyKey, { to: message.to, subject: message.subject, at: Date.now() });
      res.writeHead(202, { "content-type": "application/json" }).end("{}");
    });
  });
  server.listen(PROVIDER_PORT, "127.0.0.1");
  return {
    close: () => server.close(),
    /** What each recipient got of one campaign (by subject): delivered once, twice, or not at all. */
    tally(subject: string, expected: string[]) {
      const got = new Map<string, number[]>();
      for (const m of first.values()) if (m.subject === subject) got.set(m.to, [...(got.get(m.to) ?? []), m.at]);
      const duplicates = [...got.values()].filter((times) => times.length > 1).length;
      const missing = expected.filter((to) => !got.has(to)).length;
      const times = [...got.values()].map((t) => t[0]!);
      return { delivered: got.size, duplicates, missing, times, repeats };
    },
  };
}

async function build(dir: string) {
  const client = createClient({ url: `file:${path.join(dir, "bench.db")}` });
  await client.execute("PRAGMA journal_mode = WAL");
  await applyMigrations(client, path.join(root, "migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const admin = await makeUser(db, { email: "admin@bench.test", roles: ["ROLE_ADMIN"] });
  const { token } = await issueApiToken(db, admin.id);
  const emails: string[] = [];
  for (let i = 0; i < RECIPIENTS; i += 500) {
    const values: unknown[] = [];
    const marks: string[] = [];
    for (let k = i; k < Math.min(RECIPIENTS, i + 500); k++) {
      const email = `desk${k}@buyer${k}.example`;
      emails.push(email);
      marks.push("(?, 'buyer', ?, ?)");
      values.push(`Bench Buyer ${k}`, email, `Contact ${k}`);
    }
    await client.execute({ sql: `insert into customers (name, customer_type, attention_email, contact_person) values ${marks.join(",")}`, args: values as never });
  }
  const ids = (await client.execute("select id from customers order by id")).rows.map((r) => Number(r.id));
  client.close();
  return { token, ids, emails };
}

/** The server process itself (not `npm start`'s wrapper), so that SIGKILL ends the very process that sends. */
function startServer(dir: string): ChildProcess {
  return spawn(process.execPath, ["server/index.mjs", "build/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
      DATA_DIR: dir,
      APP_URL: base,
      SESSION_SECRET: "bench-campaign-secret-bench-campaign-secret",
      MAIL_API_URL: `http://127.0.0.1:${PROVIDER_PORT}/send`,
    },
    stdio: "ignore",
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

async function campaign(token: string, ids: number[], subject: string) {
  const response = await fetch(`${base}/api/1.0/campaigns`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "Idempotency-Key": subject },
    body: JSON.stringify({ channel: "email", customerIds: ids, subject, body: "Dear {{contactPerson}}, a new listing for {{customerName}}." }),
  });
  if (response.status !== 202) throw new Error(`POST /api/1.0/campaigns answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function run(label: string, dir: string, token: string, ids: number[], emails: string[], provider: ReturnType<typeof standInProvider>, { kill }: { kill: boolean }) {
  let server = startServer(dir);
  await waitFor(`${base}/healthz`);
  const subject = `${label} ${Date.now()}`;
  const started = Date.now();
  const id = await campaign(token, ids, subject);
  let killedAt: number | null = null;
  const deadline = started + 15 * 60_000;
  // the API's status keeps the server's worker in use, as an admin watching the page would
  for (;;) {
    const { delivered } = provider.tally(subject, []);
    if (delivered >= emails.length || Date.now() > deadline) break;
    if (kill && killedAt === null && delivered >= emails.length / 2) {
      server.kill("SIGKILL");
      killedAt = Date.now();
      await sleep(500);
      server = startServer(dir);
      await waitFor(`${base}/healthz`);
    }
    await fetch(`${base}/api/1.0/campaigns/${id}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    await sleep(500);
  }
  const tally = provider.tally(subject, emails);
  server.kill("SIGTERM");
  const took = (Math.max(...tally.times) - started) / 1000;
  const latencies = tally.times.map((t) => t - started).sort((a, b) => a - b);
  console.log(`\n${label}: ${emails.length.toLocaleString("en-US")} recipients${kill ? `, server killed (SIGKILL) at ${(((killedAt ?? started) - started) / 1000).toFixed(1)} s and started again` : ""}`);
  console.log(`  delivered ${tally.delivered.toLocaleString("en-US")} in ${took.toFixed(1)} s: ${(tally.delivered / took).toFixed(0)} messages/s`);
  console.log(`  send → delivery: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s`);
  console.log(`  duplicates ${tally.duplicates}, missing ${tally.missing}; repeats the provider turned away by idempotency key so far: ${tally.repeats}`);
  return tally.duplicates === 0 && tally.missing === 0;
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) throw new Error("Build the app first: npm run build");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-campaign-"));
  const provider = standInProvider();
  try {
    const { token, ids, emails } = await build(dir);
    const straight = await run("Straight through", dir, token, ids, emails, provider, { kill: false });
    const killed = await run("Killed halfway", dir, token, ids, emails, provider, { kill: true });
    if (!straight || !killed) process.exitCode = 1;
  } finally {
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
