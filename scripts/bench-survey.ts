// `npm run bench:survey`: every GET page of every role, timed on the Node server over one database at
// scale (scripts/bench-survey-market.ts: 100,000 customers, 100,200 projects, 1.55 million page
// sessions, a seller of 2,000 projects in a team of 40, one of 98,000, a buyer with 600 deals and a
// 5,000-message thread, every admin table filled). Builds the database (a few minutes), builds the app
// when build/ is missing or older than its sources, starts the production server on a free localhost
// port, signs in as each role (the admin through the code step), then times each page of the list
// below: 3 warm-up requests, then `--rounds` sequential GETs asking for gzip, as a browser does. Prints
// one table, slowest p95 first, marking a p95 over 25 ms (issue #16's budget), and a summary line.
// It is a survey, not a budget: it exits non-zero only when a page answers 5xx.
//   npm run bench:survey                           every page, 30 rounds each
//   npm run bench:survey -- --rounds 5             fewer rounds (a quick look)
//   npm run bench:survey -- --only /admin/outbox   only the pages whose role and path contain this
//   npm run bench:survey -- --role seller          only one role's pages (visitor, buyer, broker, seller, bigseller, admin)
//   npm run bench:survey -- --save /tmp/pages      also write each page's last answer there (what makes a page heavy)
//   npm run bench:survey -- --profile /tmp/prof    the server's CPU profile written there as it stops
// BENCH_KEEP=1 builds the database in $TMPDIR/bench-survey and keeps it, and a later run with
// BENCH_KEEP=1 reuses it (the pages' own writes, read markers and sessions, stay in it; remove the
// folder to build afresh). The server's log is kept beside it. Ctrl-c stops the server; during the
// build it takes effect when the statement under way ends (libsql's calls hold the event loop).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { bin, isStale, run, waitForHealthy } from "./lib.mjs";
import {
  surveyMarketIn,
  SURVEY_ACCOUNTS,
  SURVEY_ADMIN_TOTP,
  SURVEY_PASSWORD,
  SURVEY_SESSION_SECRET,
  type SurveyMarket,
} from "./bench-survey-market";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const ROUNDS = Math.max(1, Number(option("rounds") ?? 30));
const ONLY = option("only");
const ROLE = option("role");
const SAVE = option("save");
const PROFILE = option("profile");
const WARM_UPS = 3;
const BUDGET_MS = 25;
const KEEP = Boolean(process.env.BENCH_KEEP);
const root = path.resolve(__dirname, "..");

type Role = "visitor" | keyof typeof SURVEY_ACCOUNTS;

/** The pages, by role: what each role can open with a GET, at the market's most loaded ids. */
function surveyPages(m: SurveyMarket): Array<[Role, string]> {
  const { busiest: top, realEstate, elsewhere } = m.projects;
  const { buyer, broker, colleague } = m.users;
  const loan = "balance=1000000&noteRate=6&termMonths=120&amortization=level&loanStatus=Performing&yield=7";
  const visitor = ["/", "/home", "/signin", "/join", "/contact-us", "/jobs", "/jobs/credit-analyst", "/privacy", "/terms", "/broker-affiliate",
    "/sitemap.xml", "/robots.txt", "/uobs/reset", "/healthz", "/nda-feedback/abc", "/unsubscribe/abc", `/projects/more-details/${top}`];
  const buyerPages = ["/home", "/buyers/search", "/buyers/search?region=Midwest&sort=size&desc=1", "/buyers/search?page=200", "/buyers/search?q=loan",
    "/buyers/myprojects/index_new", "/buyers/myprojects/index_new?viewed=40", `/buyers/myprojects/${top}`, `/buyers/myprojects/${top}/${m.envelopes.buyer}`,
    "/buyers/profile", "/buyers/assistant", "/buyers/terms/referral-program", `/projects/more-details/${top}`, `/projects/more-details/${elsewhere}`,
    `/realestate/${realEstate}`, "/messages", "/messages?page=5", `/messages/${top}/${buyer}`, `/messages/${top}/${buyer}?before=${m.threadMiddle}`,
    "/preferences", "/profile", "/on-board/buyers", `/api/buyer/projects/limited/${top}`, "/api/1.0/me"];
  const brokerPages = ["/home", "/brokers/search", "/brokers/myprojects/index_new", `/brokers/myprojects/${top}`, `/brokers/myprojects/${top}/${m.envelopes.broker}`,
    "/messages", `/messages/${top}/${broker}`, `/projects/more-details/${top}`];
  const sellerPages = ["/home", "/sellers/myprojects", "/sellers/myprojects?sort=ndas&desc=1", "/sellers/myprojects?page=40", "/sellers/myprojects/drafts",
    `/sellers/myprojects/${top}`, "/sellers/permissions", `/sellers/permissions/${colleague}`, `/sellers/permissions/${colleague}/profile`,
    `/sellers/customers/${m.customers.buyerCompany}`, `/sellers/customers/${m.customers.unsigned}`, "/sellers/analytics/loan-pricing",
    `/sellers/analytics/loan-pricing/results?${loan}`, `/sellers/analytics/loan-pricing/results.csv?${loan}`, "/sellers/analytics/real-estate",
    "/sellers/analytics/real-estate?page=10", `/sellers/analytics/real-estate/${realEstate}`, "/projects/create", `/projects/company/${top}`,
    `/projects/more-details/${top}`, "/buyers/myprojects/index_new", "/messages", "/messages?page=20", `/messages/${top}/${buyer}`, "/on-board/sellers",
    "/profile", "/projects/create/template.csv"];
  const bigSellerPages = ["/home", "/sellers/myprojects", "/sellers/myprojects?sort=ndas&desc=1", "/sellers/myprojects?page=2000", "/sellers/myprojects/drafts",
    `/sellers/myprojects/${top}`, "/messages", "/sellers/analytics/real-estate", "/sellers/analytics/loan-pricing", `/sellers/analytics/loan-pricing/results?${loan}`,
    "/projects/create", "/sellers/permissions"];
  const company = m.customers.sellerCompany;
  const adminPages = ["/home", "/admin/affilate-inquiries", "/admin/affilate-inquiries?page=500", "/admin/affilate-inquiries?q=company%2012",
    "/admin/contact-us-messages", "/admin/contact-us-messages?status=new&page=100", "/admin/demorequests", "/admin/demorequests?sort=name&desc=0",
    "/admin/demorequests?page=400", "/admin/userinquiries", "/admin/userinquiries?q=hello&page=50", "/admin/potential-customers",
    "/admin/potential-customers?page=1000", "/admin/potential-customers?q=lead%20co%201&status=open",
    "/admin/potential-customers?q=zq", "/admin/potential-customers?q=le", "/admin/potential-customers?q=e", "/admin/potential-customers?q=le&status=open",
    "/admin/demorequests?q=le", "/admin/demorequests?q=e", "/admin/userinquiries?q=e", "/admin/affilate-inquiries?q=e", "/admin/contact-us-messages?q=e", "/admin/log", `/admin/log?before=${m.auditMiddle}`,
    "/admin/onboard-chats", "/admin/onboard-chats?page=300", `/admin/onboard-chats?chat=${m.chat}`, "/admin/onboard-chats?status=completed&sort=updated&desc=0",
    "/admin/outbox", "/admin/outbox?status=failed", "/admin/outbox?status=failed&page=60", "/admin/outbox?page=1000", "/admin/outbox?status=pending&page=30",
    "/admin/marketing/affiliates", "/admin/marketing/affiliates?page=60", `/admin/marketing/affiliates/${m.affiliate}`,
    `/admin/marketing/affiliates/${m.affiliate}?page=15`, "/admin/marketing/bulk-email", `/admin/marketing/bulk-email/${m.campaign}`,
    `/admin/marketing/bulk-email/${m.campaign}?page=300`, "/admin/marketing/bulk-sms", "/admin/marketing/lists", "/admin/marketing/lists/new",
    `/admin/marketing/lists/${m.list}`, "/admin/customers", "/admin/customers/create", `/admin/customers/${m.customers.buyerCompany}`,
    `/admin/customers/edit/${company}`, `/admin/customers/on-board/${company}`, `/admin/customer/buyer/add?customerId=${company}`, "/admin/projects",
    `/admin/projects/${top}`, `/admin/projects/permission/${top}`, `/admin/projects/permission/${top}?page=5`, "/admin/users", "/admin/users/create",
    `/admin/users/edit/${buyer}`, "/admin/analytics", "/admin/system/coefficients", "/admin/system/interest-rates", "/admin/system/matchmaking-bot",
    "/admin/system/properties", "/admin/system/sic-data-sets", "/admin/uploads/individual-listings", "/admin/uploads/real-estates",
    "/admin/uploads/contract-templates", `/projects/company/${top}`, `/projects/more-details/${top}`, "/messages", `/messages/${top}/${buyer}`,
    `/realestate/${realEstate}`, "/profile",
    // downloads: the exports are built in one piece, so they hold the server as long as a page would
    "/admin/customers.csv", "/admin/marketing/affiliates.csv", `/admin/marketing/campaigns/${m.campaign}/recipients.csv`, "/admin/system/coefficients.csv",
    "/admin/system/interest-rates.csv", "/admin/system/properties.csv", "/admin/system/sic-data-sets.csv", "/admin/uploads/individual-listings/template.csv"];
  const of = (role: Role, paths: string[]) => paths.map((p): [Role, string] => [role, p]);
  return [
    ...of("visitor", visitor),
    ...of("buyer", buyerPages),
    ...of("broker", brokerPages),
    ...of("seller", sellerPages),
    ...of("bigseller", bigSellerPages),
    ...of("admin", adminPages),
  ];
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A port the system has free now (the server is started on it at once). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** The production server itself, on the survey's database: no demo data, no mail or SMS provider (what is queued stays queued). */
function startServer(dir: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // development: plain-http cookies and no https APP_URL required on localhost
    APP_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    DATA_DIR: path.join(dir, "data"),
    SESSION_SECRET: SURVEY_SESSION_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
  };
  for (const name of ["DEMO_DATA", "MAIL_API_URL", "SMS_API_URL", "TRUST_PROXY"]) delete env[name];
  const out = fs.openSync(path.join(dir, "server.log"), "w");
  const profile = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", PROFILE] : [];
  return spawn(process.execPath, [...profile, "server/index.mjs", "build/index.js"], { cwd: root, env, stdio: ["ignore", out, out] });
}

const cookieOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("__session="));

async function signIn(base: string, email: string) {
  const post = (url: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${base}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(form),
    });
  const first = await post("/signin", { email, password: SURVEY_PASSWORD });
  let cookie = cookieOf(first);
  if (first.headers.get("location") === "/signin/code") {
    const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(SURVEY_ADMIN_TOTP) });
    let second = await post("/signin/code", { code: totp.generate() }, cookie);
    if (second.status !== 302) {
      // a code is taken once: a run within the same 30 s as the last one waits for the next code
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
      second = await post("/signin/code", { code: totp.generate() }, cookie);
    }
    if (second.status !== 302) throw new Error(`the admin's code step answered ${second.status}`);
    cookie = cookieOf(second) ?? cookie;
  } else if (first.status !== 302) throw new Error(`sign-in as ${email} answered ${first.status}`);
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return cookie;
}

type Timed = { role: Role; path: string; status: number; bytes: number; median: number; p95: number };

async function timePage(base: string, role: Role, page: string, cookie: string | undefined): Promise<Timed> {
  const get = async () => {
    const t = performance.now();
    const response = await fetch(`${base}${page}`, { redirect: "manual", headers: { "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) } });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - t, status: response.status, bytes: body.byteLength, body };
  };
  for (let i = 0; i < WARM_UPS; i++) await get();
  const times: number[] = [];
  let last = { status: 0, bytes: 0, body: new ArrayBuffer(0) };
  for (let i = 0; i < ROUNDS; i++) {
    const answer = await get();
    times.push(answer.ms);
    last = answer;
  }
  if (SAVE) {
    fs.mkdirSync(SAVE, { recursive: true });
    fs.writeFileSync(path.join(SAVE, `${role}${page.replace(/[^a-z0-9]+/gi, "_")}.html`), Buffer.from(last.body));
  }
  times.sort((a, b) => a - b);
  return { role, path: page, status: last.status, bytes: last.bytes, median: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const dir = KEEP ? path.join(os.tmpdir(), "bench-survey") : fs.mkdtempSync(path.join(os.tmpdir(), "bench-survey-"));
  let server: ChildProcess | undefined = undefined;
  // the server goes with this process, however it ends (ctrl-c included); the database too, unless kept
  process.on("exit", () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

  const market = await surveyMarketIn(dir, { reuse: KEEP, log });
  if (isStale("build/index.js")) {
    log("building the app for Node");
    run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production" } });
  }

  const pages = surveyPages(market).filter(([role, p]) => (!ROLE || role === ROLE) && (!ONLY || `${role} ${p}`.includes(ONLY)));
  if (!pages.length) throw new Error(`no page matches${ROLE ? ` --role ${ROLE}` : ""}${ONLY ? ` --only ${ONLY}` : ""}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startServer(dir, port);
  if (!(await waitForHealthy(`${base}/healthz`, { timeoutMs: 180_000 }))) {
    const tail = fs.readFileSync(path.join(dir, "server.log"), "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`the server did not become healthy. The end of its log:\n${tail}`);
  }
  const cookies: Partial<Record<Role, string>> = {};
  for (const role of new Set(pages.map(([role]) => role))) if (role !== "visitor") cookies[role] = await signIn(base, SURVEY_ACCOUNTS[role]);
  log(`server up on ${base}; timing ${pages.length} pages, ${WARM_UPS} warm-ups and ${ROUNDS} requests each`);

  const timingStarted = Date.now();
  const results: Timed[] = [];
  for (const [i, [role, page]] of pages.entries()) {
    const timed = await timePage(base, role, page, cookies[role]);
    results.push(timed);
    process.stderr.write(`  [${i + 1}/${pages.length}] ${timed.p95.toFixed(1).padStart(7)} ms p95  ${timed.status}  ${role} ${page}\n`);
  }
  log(`timed in ${((Date.now() - timingStarted) / 1000).toFixed(0)} s`);

  results.sort((a, b) => b.p95 - a.p95);
  console.log(`\n| # | role | page | status | KB | median ms | p95 ms | over ${BUDGET_MS} ms |`);
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [i, r] of results.entries()) {
    const over = r.p95 > BUDGET_MS ? "**over**" : "";
    console.log(`| ${i + 1} | ${r.role} | \`${r.path}\` | ${r.status} | ${(r.bytes / 1024).toFixed(0)} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${over} |`);
  }
  const over = results.filter((r) => r.p95 > BUDGET_MS).length;
  const failed = results.filter((r) => r.status >= 500);
  const errors = failed.length ? `${failed.length} answered 5xx: ${failed.map((r) => `${r.role} ${r.path} (${r.status})`).join(", ")}` : "none answered 5xx";
  console.log(`\n${over} of ${results.length} pages over ${BUDGET_MS} ms at p95 (${ROUNDS} requests each); ${errors}.`);
  if (KEEP) console.log(`kept the database: ${path.join(dir, "bench.db")} (the server's log beside it)`);

  // a graceful stop (the server's writers flush), or the exit handler's SIGKILL after 10 s
  const stopped = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  if (failed.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
