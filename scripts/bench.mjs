// `npm run bench`: every member page of every role on both servers, in one table.
// Starts `npm start`'s server and `wrangler dev` itself, each on a fresh database seeded
// with the demo market, signs in as each demo role, warms each page, then measures
// requests per second and p95 as a share of `/healthz` on the same server in the same
// run (measured on either side of each page's load), and the HTML and JavaScript bytes of each page. Then the search at 100,000
// projects (`bench:search`), the beacon (`bench:beacon`) against these servers, and the
// page-session reads at a million sessions (`bench:analytics`), the admin's project and customer
// tables at 100,000 rows (`bench:admin-projects`, `bench:customers`), the user table at 150,000
// accounts (`bench:users`) and the marketing pages with a list of 20,000 companies (`bench:marketing`).
// Exits non-zero when a budget is missed (issue #16): a page under 0.5 of /healthz,
// a page's p95 over 25 ms on an idle server, more than 100 KiB of JavaScript, or (on the Worker)
// more than one D1 call.
//   npm run bench                       both servers, every part
//   npm run bench -- --only node        one server (node | edge)
//   npm run bench -- --skip search,beacon,analytics,admin-projects,customers,users,marketing   the pages alone
//   npm run bench -- --skip pages,search,analytics   the beacon alone, on both servers
//   npm run bench -- --pages "admin project,buyer search"   only these pages (role and label, as the table names them)
//   npm run bench -- --profile          where the time goes: the Node server's CPU profile, and the
//                                       Worker's through wrangler's inspector, by function and package
//                                       (BENCH_PROFILE_OUT=file.cpuprofile keeps Node's for DevTools,
//                                       BENCH_WORKER_PROFILE_OUT the Worker's, its frames as the bundle names them)
//   npm run bench -- --rounds 5         each page's share and the beacon's as the median of 5 rounds (3 by default)
// Environment: BENCH_REQUESTS (per page and round, 300), BENCH_CONCURRENCY (8), BENCH_WARM_PAGE (100) and
// BENCH_WARM_HEALTHZ (3,000): the untimed requests first (decision 050), BENCH_EDGE_ENCODING (what the
// load asks `wrangler dev` for: identity by default, gzip to include its emulated compression; decision 046).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Secret, TOTP } from "otpauth";
import { bin, isStale, root, run, waitForHealthy } from "./lib.mjs";
import { startWorkerProfile, workerFrameNamer } from "./worker-profile.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const PROFILE = args.includes("--profile");
const ONLY = option("only");
const SKIP = new Set((option("skip") ?? "").split(",").filter(Boolean));
// "admin project,seller project": only the pages whose role and label are one of these (a profile of one page)
const PAGES = option("pages")?.split(",").map((name) => name.trim());
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
// a share is the median of this many rounds, each a page's load right after /healthz's: one round
// on this machine moves a share by ±0.1, as a stall in either half of it lands on the ratio
const ROUNDS = Math.max(1, Number(option("rounds") ?? 3));
// requests each page and /healthz get before the first timed load (decision 050)
const WARM_PAGE = Number(process.env.BENCH_WARM_PAGE ?? 100);
const WARM_HEALTHZ = Number(process.env.BENCH_WARM_HEALTHZ ?? 3_000);
const PASSWORD = "demo-password";
// the demo admin's authenticator secret (app/seed): the bench signs in with a real code
const ADMIN_TOTP = "DEMOADMINSECRETDEMOADMINSECRET23";

const BUDGET = { share: 0.5, p95Ms: 25, jsKiB: 100, d1Calls: 1 };

// What the load asks of each server (decision 046). Node gzips its pages itself, as it would in
// production, so its load asks for gzip as a browser does. A deployed Worker's answers are compressed
// by Cloudflare in front of it, not by the Worker; `wrangler dev` emulates that in the Worker's own
// process (miniflare's entry worker, some 15 µs of CPU per KiB of HTML), so the load asks it for the
// answer as the Worker gives it, as the issue's `wrk` measurements did. BENCH_EDGE_ENCODING=gzip
// measures the edge with the emulated compression.
const ENCODING = { node: "gzip", edge: process.env.BENCH_EDGE_ENCODING ?? "identity" };
const encodingOf = (server) => (server.name === "Node" ? ENCODING.node : ENCODING.edge);
let acceptEncoding = ENCODING.node;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const children = [];
// each server runs in a process group of its own and is stopped as a group: `wrangler` is a
// launcher whose child is the real CLI, and killing the launcher alone left wrangler dev and its
// workerd running (and spending CPU) after the bench, under the next run's figures
const stop = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
};
process.on("exit", () => {
  for (const child of children) stop(child, "SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

function start(name, command, argv, env) {
  const log = fs.openSync(path.join(dir, `${name}.log`), "a");
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", log, log], detached: true });
  children.push(child);
  return child;
}

// every beacon the bench sends is within the member's budget, so each is checked, accepted and written
// (past the budget the beacon answers 429 without writing, which would flatter the figure)
const BEACON_BUDGET = "1000000";

async function startNode(port) {
  if (isStale("build/index.js")) run("node", ["scripts/build.mjs"]);
  const profileDir = path.join(dir, "profile");
  const flags = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const child = start("node", process.execPath, [...flags, "server/index.mjs", "build/index.js"], {
    PORT: String(port),
    NODE_ENV: "production",
    DEMO_DATA: "true",
    BEACON_RECORDS_PER_MINUTE: BEACON_BUDGET,
    DATABASE_URL: `file:${path.join(dir, "node.db")}`,
    DATA_DIR: path.join(dir, "node-data"),
  });
  return { name: "Node", base: `http://localhost:${port}`, child, profileDir };
}

async function startEdge(port) {
  if (isStale("build/edge/index.js")) run("node", ["scripts/build-edge.mjs"]);
  const persist = path.join(dir, "wrangler");
  // React's production build, as wrangler deploy bundles it (wrangler dev defaults to development)
  const env = { CI: "true", WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" };
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env: { ...process.env, ...env }, stdio: "ignore" });
  const vars = { APP_ENV: "development", DEMO_DATA: "true", BEACON_RECORDS_PER_MINUTE: BEACON_BUDGET, SESSION_SECRET: crypto.randomBytes(32).toString("base64url"), APP_URL: `http://127.0.0.1:${port}` };
  const child = start("edge", bin("wrangler"), [
    "dev", "--port", String(port), "--inspector-port", String(port + 10000), "--ip", "127.0.0.1", "--persist-to", persist,
    "--show-interactive-dev-session=false", ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ], env);
  return { name: "wrangler dev", base: `http://127.0.0.1:${port}`, child, inspectorPort: port + 10000 };
}

/** Waits for a server's /healthz; when it never answers, says why with the end of its log (the folder goes at exit). */
async function healthy(server) {
  if (await waitForHealthy(`${server.base}/healthz`, { timeoutMs: 180_000 })) return;
  const log = path.join(dir, `${server.name === "Node" ? "node" : "edge"}.log`);
  const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-40).join("\n") : "(no log)";
  throw new Error(`${server.name} did not become healthy. The end of its log:\n${tail}`);
}

const cookieOf = (response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="));

async function signIn(base, email) {
  const post = (url, form, cookie) =>
    fetch(`${base}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(form),
    });
  const first = await post("/signin", { email, password: PASSWORD });
  let cookie = cookieOf(first);
  if (first.headers.get("location") === "/signin/code") {
    const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(ADMIN_TOTP) });
    const second = await post("/signin/code", { code: totp.generate() }, cookie);
    cookie = cookieOf(second) ?? cookie;
    if (second.status !== 302) throw new Error(`${base}: the admin's code step answered ${second.status}`);
  } else if (first.status !== 302) throw new Error(`${base}: sign-in as ${email} answered ${first.status}`);
  if (!cookie) throw new Error(`${base}: no session cookie for ${email}`);
  return cookie;
}

/** The first link of a kind on a page: the ids the id-routes are measured with. */
async function firstId(base, cookie, page, pattern) {
  const html = await (await fetch(`${base}${page}`, { headers: { Cookie: cookie } })).text();
  return html.match(pattern)?.[1] ?? null;
}

/**
 * A buyer of the demo market whose NDA is approved, and that project: the demo buyer has no deal of
 * its own. Read from the Node server's database; both servers seed the same market.
 */
async function dealOfDemoMarket() {
  const file = path.join(dir, "node.db");
  if (!fs.existsSync(file)) return null;
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: `file:${file}` });
  try {
    const { rows } = await client.execute(
      "select u.email, k.project_id from contracts k join users u on u.id = k.buyer_id where k.nda_status = 'NDA Approved' and not k.data_room_blocked order by k.id limit 1",
    );
    return rows[0] ? { email: String(rows[0].email), projectId: Number(rows[0].project_id) } : null;
  } finally {
    client.close();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `count` GETs, `CONCURRENCY` at a time: requests per second, p95, and any answer that was not 2xx. */
async function load(url, cookie, count = REQUESTS, method = "GET") {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t = performance.now();
      const response = await fetch(url, { method, headers: { "Accept-Encoding": acceptEncoding, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status >= 300) failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: count / seconds, p95: percentile(latencies, 95), p50: percentile(latencies, 50), failures };
}

/** One request alone, `n` times: the server's own time for the page, without queueing behind others. */
async function idle(url, cookie, n = 60) {
  // idle means idle: the load just before leaves work behind (the looks it queued, collected
  // garbage), which landed on the first of these requests
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url, { headers: { "Accept-Encoding": acceptEncoding, Cookie: cookie } })).arrayBuffer();
    times.push(performance.now() - t);
  }
  return percentile(times.sort((a, b) => a - b), 95);
}

const assetSizes = new Map();
/** HTML bytes (raw, gzip) and the gzip JavaScript the page loads: its module scripts and preloads. */
async function weigh(base, path, cookie) {
  const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
  const html = await response.text();
  // the Worker says outside production how many D1 round trips the page cost (worker/index.ts)
  const d1 = response.headers.get("Server-Timing")?.match(/d1;desc="(\d+) calls, (\d+) statements(?:, (\d+) rows read)?"/);
  // the module preloads and what the inline script imports (the entry and the matched routes); the
  // route manifest in the page also names routes the page may go to next, loaded only if it does
  const scripts = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g), ...html.matchAll(/import(?: \* as \w+ from)? ?\(?"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  let js = 0;
  for (const src of scripts) {
    if (!assetSizes.has(src)) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      assetSizes.set(src, zlib.gzipSync(body).length);
    }
    js += assetSizes.get(src);
  }
  return { html: Buffer.byteLength(html), htmlGzip: zlib.gzipSync(html).length, jsKiB: js / 1024, d1: d1 ? { calls: Number(d1[1]), statements: Number(d1[2]), rowsRead: d1[3] === undefined ? null : Number(d1[3]) } : null };
}

async function pagesOf(server) {
  const { base } = server;
  const cookies = {};
  for (const [role, email] of [["visitor", null], ["buyer", "buyer@demo.test"], ["broker", "broker@demo.test"], ["seller", "seller@demo.test"], ["admin", "admin@demo.test"]]) {
    cookies[role] = email ? await signIn(base, email) : "";
  }
  const teaser = await firstId(base, cookies.buyer, "/buyers/search", /\/projects\/more-details\/(\d+)/);
  const deal = await dealOfDemoMarket();
  if (deal) cookies.dealBuyer = await signIn(base, deal.email);
  const sellerProject = await firstId(base, cookies.seller, "/sellers/myprojects", /\/sellers\/myprojects\/(\d+)/);
  const adminProject = await firstId(base, cookies.admin, "/admin/projects", /\/admin\/projects\/(\d+)/);
  const customer = await firstId(base, cookies.admin, "/admin/customers", /\/admin\/customers\/(\d+)/);
  const pages = [
    ["visitor", "sign-in", "/signin"],
    ["buyer", "home", "/home"],
    ["buyer", "search", "/buyers/search"],
    ["buyer", "search, filtered", "/buyers/search?region=Midwest&sort=size&desc=1"],
    ["buyer", "teaser", teaser && `/projects/more-details/${teaser}`],
    ["buyer", "deals", "/buyers/myprojects/index_new"],
    ["buyer", "workspace", deal && `/buyers/myprojects/${deal.projectId}`, "dealBuyer"],
    ["buyer", "messages", "/messages"],
    ["buyer", "preferences", "/preferences"],
    ["broker", "search", "/brokers/search"],
    ["seller", "home", "/home"],
    ["seller", "my projects", "/sellers/myprojects"],
    ["seller", "project", sellerProject && `/sellers/myprojects/${sellerProject}`],
    ["admin", "dashboard", "/home"],
    ["admin", "projects", "/admin/projects"],
    ["admin", "project", adminProject && `/admin/projects/${adminProject}`],
    ["admin", "analytics", "/admin/analytics"],
    ["admin", "customers", "/admin/customers"],
    ["admin", "customer", customer && `/admin/customers/${customer}`],
  ];
  const asked = pages.filter(([role, label]) => !PAGES || PAGES.includes(`${role} ${label}`));
  for (const [role, label] of asked.filter(([, , path]) => !path)) console.log(`(${role} ${label}: no such page found on ${server.name}, not measured)`);
  return { cookies, pages: asked.filter(([, , path]) => path) };
}

const f = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function measure(server) {
  const { base } = server;
  acceptEncoding = encodingOf(server);
  await healthy(server);
  const { cookies, pages } = await pagesOf(server);
  // warm every page (templates, statements, the content cache) and then /healthz to a steady state
  // before timing anything (decision 050): under wrangler dev /healthz sped up for its first ~2,500
  // requests (378 → 536 req/s in 3-second loads), so with 700 the pages measured first were set
  // against a /healthz still warming, which flattered them, and the last ones against a warm one
  for (const [role, , path, member = role] of pages) await load(`${base}${path}`, cookies[member], WARM_PAGE);
  await load(`${base}/healthz`, "", WARM_HEALTHZ);
  const healthz = await load(`${base}/healthz`, "", REQUESTS * 2);
  const ping = await load(`${base}/api/analytics/ping`, "", REQUESTS * 2, "POST");
  const rows = [];
  for (const [role, label, path, member = role] of pages) {
    const url = `${base}${path}`;
    // each page against /healthz measured around it: a server still settling (its first
    // minute's background work, the JIT) would otherwise flatter or sink the pages measured first.
    // Around, not just before (decision 048): /healthz swings by ±20 % from one load to the next on
    // this machine, a page by ±6 %, so the mean of the loads on either side halves the swing of a
    // share without moving it; each /healthz load between two rounds serves both
    const rounds = [];
    let before = await load(`${base}/healthz`, "", REQUESTS);
    for (let round = 0; round < ROUNDS; round++) {
      const loaded = await load(url, cookies[member]);
      const after = await load(`${base}/healthz`, "", REQUESTS);
      const healthzRps = (before.rps + after.rps) / 2;
      rounds.push({ ...loaded, healthzRps, share: loaded.rps / healthzRps });
      before = after;
    }
    // the round of the median share, with its figures (every round's failures count)
    const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)];
    const failures = rounds.reduce((n, r) => n + r.failures, 0);
    const alone = await idle(url, cookies[member]);
    const weight = await weigh(base, path, cookies[member]);
    rows.push({ role, label, path, ...median, failures, shares: rounds.map((r) => r.share), idleP95: alone, ...weight });
  }
  const healthzAfter = await load(`${base}/healthz`, "", REQUESTS * 2);
  return { server, healthz, healthzAfter, ping, rows };
}

function report({ server, healthz, healthzAfter, ping, rows }) {
  console.log(`\n## ${server.name} (${server.base}), ${REQUESTS} requests a page, ${CONCURRENCY} at a time, Accept-Encoding: ${encodingOf(server)}; each share the median of ${ROUNDS} rounds (the rounds' shares in brackets)`);
  console.log(`/healthz ${f(healthz.rps)} req/s (p95 ${f(healthz.p95, 1)} ms; ${f(healthzAfter.rps)} req/s after the pages); bare 204 ${f(ping.rps)} req/s`);
  const d1 = rows.some((r) => r.d1);
  console.log(`| role | page | req/s | /healthz around it | share | p95 under load | p95 alone |${d1 ? " D1 calls (statements; rows read) |" : ""} HTML (gzip) | JS gzip | budget |`);
  console.log(`|---|---|---|---|---|---|---|${d1 ? "---|" : ""}---|---|---|`);
  const misses = [];
  for (const r of rows) {
    const missed = [];
    if (r.share < BUDGET.share) missed.push(`share < ${BUDGET.share}`);
    if (r.idleP95 > BUDGET.p95Ms) missed.push(`p95 > ${BUDGET.p95Ms} ms`);
    if (r.jsKiB > BUDGET.jsKiB) missed.push(`JS > ${BUDGET.jsKiB} KiB`);
    if (r.failures) missed.push(`${r.failures} non-2xx`);
    // the guide's "one round trip for the user and session": on the Worker a page's reads go with the session's (decision 040)
    if (r.d1 && r.d1.calls > BUDGET.d1Calls) missed.push(`D1 calls > ${BUDGET.d1Calls}`);
    if (missed.length) misses.push(`${server.name} ${r.role} ${r.label}: ${missed.join(", ")}`);
    console.log(
      `| ${r.role} | ${r.label} \`${r.path}\` | ${f(r.rps)} | ${f(r.healthzRps)} | ${f(r.share, 2)}${r.shares.length > 1 ? ` (${r.shares.map((v) => f(v, 2)).join(", ")})` : ""} | ${f(r.p95, 1)} ms | ${f(r.idleP95, 1)} ms |${d1 ? ` ${r.d1 ? `${r.d1.calls} (${r.d1.statements}${r.d1.rowsRead === null ? "" : `; ${f(r.d1.rowsRead)}`})` : ""} |` : ""} ${f(r.html / 1024, 1)} KiB (${f(r.htmlGzip / 1024, 1)}) | ${f(r.jsKiB, 1)} KiB | ${missed.length ? "✖ " + missed.join(", ") : "✓"} |`,
    );
  }
  return misses;
}

/** Every server's pages side by side, as the README's table carries them. */
function readmeTable(results) {
  const key = (r) => `${r.role} ${r.label}`;
  const byServer = results.map(({ server, rows }) => ({ name: server.name, rows: new Map(rows.map((r) => [key(r), r])) }));
  const cell = (r) => (r ? `${f(r.rps)} | ${f(r.share, 2)} | ${f(r.idleP95, 1)} ms` : "| |");
  console.log(`\n## The README's table (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`);
  console.log(`| role | page | ${byServer.map((s) => `${s.name} req/s | share | p95 alone`).join(" | ")} | HTML (gzip) | JS gzip |`);
  console.log(`|---|---|${byServer.map(() => "---|---|---|").join("")}---|---|`);
  const first = results[0].rows;
  for (const r of first) {
    const rows = byServer.map((s) => s.rows.get(key(r)));
    console.log(`| ${r.role} | ${r.label} | ${rows.map(cell).join(" | ")} | ${f(r.html / 1024, 1)} KiB (${f(r.htmlGzip / 1024, 1)}) | ${f(r.jsKiB, 1)} KiB |`);
  }
  console.log(`/healthz: ${results.map(({ server, rows }) => `${server.name} ${f(Math.min(...rows.map((r) => r.healthzRps)))}–${f(Math.max(...rows.map((r) => r.healthzRps)))} req/s`).join(", ")} around the pages`);
}

/** The Node server's CPU profile, written when it stops. */
async function nodeProfile(server) {
  stop(server.child, "SIGTERM");
  await new Promise((resolve) => {
    const timer = setTimeout(() => (stop(server.child, "SIGKILL"), resolve()), 15_000);
    server.child.on("exit", () => (clearTimeout(timer), resolve()));
  });
  const file = fs.existsSync(server.profileDir) ? fs.readdirSync(server.profileDir).find((n) => n.endsWith(".cpuprofile")) : undefined;
  if (!file) return null;
  if (process.env.BENCH_PROFILE_OUT) fs.copyFileSync(path.join(server.profileDir, file), process.env.BENCH_PROFILE_OUT);
  return JSON.parse(fs.readFileSync(path.join(server.profileDir, file), "utf8"));
}

/** A Node frame: its function and file, and its layer (a package, the app's build, Node itself). */
function nodeFrameName({ functionName, url, lineNumber }) {
  const where = url ? `${url.replace(/^.*node_modules\//, "").replace(root, ".")}:${lineNumber + 1}` : "";
  const layer = !url ? functionName : url.includes("node_modules/") ? url.replace(/^.*node_modules\//, "").split("/").slice(0, url.includes("node_modules/@") ? 2 : 1).join("/") : url.startsWith("node:") ? "node:*" : url.replace(root, ".").split("/").slice(0, 2).join("/");
  return { key: `${functionName || "(anonymous)"} ${where}`, layer };
}

/** A CPU profile by function (self time, the top 25) and by layer: where the time went. */
function summariseProfile(title, profile, nameOf) {
  if (!profile) return console.log(`\n(no CPU profile of ${title})`);
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFunction = new Map();
  const byLayer = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    total += us;
    const { key, layer } = nameOf(node.callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + us);
  }
  const busy = total - [...byFunction].filter(([k]) => k.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
  console.log(`\n## Where ${title}'s time went (CPU profile, ${f(busy / 1e6, 1)} s busy)`);
  for (const [key, us] of [...byFunction].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${f((us / busy) * 100, 1).padStart(5)} %  ${key}`);
  }
  console.log("\nBy package (self time):");
  for (const [key, us] of [...byLayer].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${f((us / busy) * 100, 1).padStart(5)} %  ${key}`);
  }
}

function part(name, script, env) {
  console.log(`\n## ${name}`);
  const result = spawn("npm", ["run", "--silent", script], { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
  return new Promise((resolve) => result.on("exit", (code) => resolve(code ?? 1)));
}

const servers = [];
if (ONLY !== "edge") servers.push(await startNode(3970));
if (ONLY !== "node") servers.push(await startEdge(3971));
const misses = [];
const results = [];
// the Worker is sampled through wrangler's inspector from its first page to the beacon's end
const edge = servers.find((s) => s.name === "wrangler dev");
let workerProfile = null;
if (PROFILE && edge) {
  await healthy(edge);
  workerProfile = await startWorkerProfile(edge.inspectorPort);
  console.log("(profiling: the Worker's figures below are slower than without --profile)");
}
for (const server of servers) {
  if (SKIP.has("pages")) {
    await healthy(server);
  } else results.push(await measure(server));
}
for (const result of results) misses.push(...report(result));
if (results.length) readmeTable(results);
const node = servers.find((s) => s.name === "Node");
if (!SKIP.has("beacon")) {
  const code = await part("Beacon (share of the bare 204 on the same server)", "bench:beacon", { BENCH_URLS: servers.map((s) => s.base).join(","), BENCH_ROUNDS: String(ROUNDS) });
  if (code) misses.push(`bench:beacon exited with ${code}`);
}
if (PROFILE && node) summariseProfile("the Node server", await nodeProfile(node), nodeFrameName);
if (workerProfile) {
  const profile = await workerProfile.stop();
  if (profile && process.env.BENCH_WORKER_PROFILE_OUT) fs.writeFileSync(process.env.BENCH_WORKER_PROFILE_OUT, JSON.stringify(profile));
  summariseProfile("the Worker (wrangler dev)", profile, workerFrameNamer());
}
for (const child of children) stop(child, "SIGTERM");
if (!SKIP.has("search")) {
  const code = await part("Search at 100,000 projects", "bench:search");
  if (code) misses.push(`bench:search exited with ${code}`);
}
if (!SKIP.has("analytics")) {
  const code = await part("Page-session reads at 1,000,000 sessions", "bench:analytics");
  if (code) misses.push(`bench:analytics exited with ${code}`);
}
// the admin's tables and marketing pages at scale: their queries, in process (the pages above hold the demo market's size)
for (const [key, name, script] of [
  ["admin-projects", "The admin's project table at 100,000 projects", "bench:admin-projects"],
  ["customers", "The admin's customer table at 100,000 customers", "bench:customers"],
  ["users", "The admin's user table at 150,000 accounts", "bench:users"],
  ["marketing", "The marketing pages with a list of 20,000 companies", "bench:marketing"],
]) {
  if (SKIP.has(key)) continue;
  const code = await part(name, script);
  if (code) misses.push(`${script} exited with ${code}`);
}
console.log(misses.length ? `\n✖ ${misses.length} budget(s) missed:\n- ${misses.join("\n- ")}` : "\n✓ Every page within budget");
process.exit(misses.length ? 1 : 0);
