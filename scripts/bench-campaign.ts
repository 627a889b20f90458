// `npm run bench:campaign`: a 10,000-recipient e-mail campaign through the JSON API to a local
// stand-in provider, on the Node server (issue #14, item 8). Prints messages per second, the
// p95 from "send" to delivery, and the duplicate and missing counts (both must be 0): once
// straight through, once with the server killed (SIGKILL) halfway and started again.
// The stand-in keeps each message once per idempotency key, as a real provider does, and
// counts the repeats it was sent. Then the same campaign straight through under `wrangler dev`,
// where the send's waitUntil and the cron (GET /__scheduled, as the trigger would) drain it.
// Environment: BENCH_RECIPIENTS (10000). `--only node|edge`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { sha256 } from "../app/.server/crypto";
import { issueApiToken } from "../app/models/api-tokens.server";
import { makeUser } from "../app/seed/factories";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const PORT = 3996;
const EDGE_PORT = 3994;
const PROVIDER_PORT = 3995;
const root = path.resolve(__dirname, "..");
const base = `http://127.0.0.1:${PORT}`;
const ONLY = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;

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
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${path.join(dir, "bench.db")}`, path.join(root, "migrations"));
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

async function campaign(token: string, ids: number[], subject: string, origin = base) {
  const response = await fetch(`${origin}/api/1.0/campaigns`, {
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

/** The same market in local D1: the admin, its token and the customers as SQL, applied with wrangler. */
async function buildEdge(dir: string, emails: string[]) {
  const wrangler = path.join(root, "node_modules/.bin/wrangler");
  const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" };
  const apply = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(wrangler, args, { cwd: root, env, stdio: "ignore" });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`wrangler ${args.join(" ")} exited ${code}`))));
    });
  await apply(["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const token = `bench-edge-${Date.now()}`;
  const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const lines = [
    `insert into users (email, name, password_hash, roles) values ('admin@bench.test', 'Bench Admin', 'not-a-password', '["ROLE_ADMIN"]');`,
    `insert into api_tokens (user_id, token_hash, expires_at) values ((select id from users where email = 'admin@bench.test'), ${quote(await sha256(token))}, ${Date.now() + 86_400_000});`,
  ];
  for (let i = 0; i < emails.length; i += 500) {
    const rows = emails.slice(i, i + 500).map((email, k) => `(${quote(`Bench Buyer ${i + k}`)}, 'buyer', ${quote(email)}, ${quote(`Contact ${i + k}`)})`);
    lines.push(`insert into customers (name, customer_type, attention_email, contact_person) values ${rows.join(",")};`);
  }
  const file = path.join(dir, "seed.sql");
  fs.writeFileSync(file, lines.join("\n"));
  await apply(["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file]);
  return token;
}

async function runEdge(dir: string, emails: string[], provider: ReturnType<typeof standInProvider>) {
  const token = await buildEdge(dir, emails);
  const origin = `http://127.0.0.1:${EDGE_PORT}`;
  const server = spawn(process.execPath, ["scripts/start-edge.mjs", "--no-build"], {
    cwd: root,
    env: { ...process.env, PORT: String(EDGE_PORT), WRANGLER_PERSIST_DIR: dir, MAIL_API_URL: `http://127.0.0.1:${PROVIDER_PORT}/send` },
    stdio: ["ignore", fs.openSync(path.join(os.tmpdir(), "bench-campaign-wrangler.log"), "w"), fs.openSync(path.join(os.tmpdir(), "bench-campaign-wrangler.log"), "a")],
  });
  try {
    await waitFor(`${origin}/healthz`);
    const subject = `Under wrangler dev ${Date.now()}`;
    // the customers' ids in local D1 follow the inserts: 1 to N
    const started = Date.now();
    await campaign(token, emails.map((_, i) => i + 1), subject, origin);
    const deadline = started + 15 * 60_000;
    while (provider.tally(subject, []).delivered < emails.length && Date.now() < deadline) {
      if (process.env.BENCH_VERBOSE) console.log(`  ${provider.tally(subject, []).delivered} delivered after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      // what the cron trigger does every five minutes, here every two seconds
      await fetch(`${origin}/__scheduled`).catch(() => undefined);
      await sleep(2000);
    }
    const tally = provider.tally(subject, emails);
    const took = (Math.max(...tally.times) - started) / 1000;
    const latencies = tally.times.map((t) => t - started).sort((a, b) => a - b);
    console.log(`\nUnder wrangler dev: ${emails.length.toLocaleString("en-US")} recipients (the send's waitUntil, then the cron)`);
    console.log(`  delivered ${tally.delivered.toLocaleString("en-US")} in ${took.toFixed(1)} s: ${(tally.delivered / took).toFixed(0)} messages/s`);
    console.log(`  send → delivery: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s`);
    console.log(`  duplicates ${tally.duplicates}, missing ${tally.missing}; repeats turned away: ${tally.repeats}`);
    return tally.duplicates === 0 && tally.missing === 0;
  } finally {
    server.kill("SIGTERM");
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) throw new Error("Build the app first: npm run build");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-campaign-"));
  const provider = standInProvider();
  try {
    const { token, ids, emails } = await build(dir);
    const results: boolean[] = [];
    if (ONLY !== "edge") {
      results.push(await run("Straight through", dir, token, ids, emails, provider, { kill: false }));
      results.push(await run("Killed halfway", dir, token, ids, emails, provider, { kill: true }));
    }
    if (ONLY !== "node") {
      const edgeDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-campaign-edge-"));
      results.push(await runEdge(edgeDir, emails, provider).finally(() => fs.rmSync(edgeDir, { recursive: true, force: true })));
    }
    if (results.includes(false)) process.exitCode = 1;
  } finally {
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
