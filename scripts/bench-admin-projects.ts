// `npm run bench:admin-projects`: the admin's project table at 100,000 projects, sorted by each of
// its deal counts (NDAs, negotiations, bids) and by date, first and deep pages, with and without a
// status filter, and by the buyers' last visit. Builds a SQLite database with the demo market
// generator and a market's worth of NDAs, threads, offers and page sessions, then times
// `listProjectsForAdmin` in process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { random } from "../app/seed/demo-market";
import { insertGeneratedProjects } from "./bench-market";
import { finishBench } from "./bench-customer-market";
import { createUser } from "../app/models/users.server";
import { listProjectsForAdmin } from "../app/models/projects.server";

const COUNT = Number(process.env.BENCH_PROJECTS ?? 100_000);
const BUYERS = 2_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const root = path.resolve(__dirname, "..");
// issue #16: no page's server time above 25 ms at p95; a table's query is most of it
const BUDGET_MS = 25;

const SHAPES: Array<[string, Parameters<typeof listProjectsForAdmin>[1]]> = [
  ["date, page 1", { sort: "date", desc: true }],
  ["NDAs, most first, page 1", { sort: "ndas", desc: true }],
  ["NDAs, fewest first, page 1", { sort: "ndas", desc: false }],
  ["NDAs, most first, page 200", { sort: "ndas", desc: true, page: 200 }],
  ["negotiations, most first, page 1", { sort: "negotiations", desc: true }],
  ["bids, most first, page 1", { sort: "bids", desc: true }],
  ["bids, fewest first, page 200", { sort: "bids", desc: false, page: 200 }],
  ["published, NDAs, most first, page 1", { status: "published", sort: "ndas", desc: true }],
  ["name, A to Z, page 1", { sort: "projectName", desc: false }],
  ["status, page 1", { sort: "status", desc: false }],
  ["views, most first, page 1", { sort: "views", desc: true }],
  ["updated, newest first, page 200", { sort: "updatedAt", desc: true, page: 200 }],
  ["published, name A to Z, page 1", { status: "published", sort: "projectName", desc: false }],
  ["under review, name A to Z, page 1", { status: "submitted", sort: "projectName", desc: false }],
  ["sold, NDAs, most first, page 4", { status: "sold", sort: "ndas", desc: true, page: 4 }],
  ["last buyer visit, latest first, page 1", { sort: "lastUpdateBuyer", desc: true }],
  ["last buyer visit, latest first, page 200", { sort: "lastUpdateBuyer", desc: true, page: 200 }],
];
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500_000);

async function buildDatabase(file: string) {
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${file}`, path.join(root, "migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const seller = await createUser(db, { email: "seller@bench.test", name: "Bench Seller", password: "bench-password", roles: ["ROLE_SELLER"] });
  const r = random(7);
  const now = Date.UTC(2026, 10, 1);
  const started = Date.now();
  await insertGeneratedProjects(db, { count: COUNT, sellerId: seller!.id, r, now });
  await client.execute(`with recursive n(value) as (select 1 union all select value + 1 from n where value < ${BUYERS})
    insert into users (email, name, password_hash, roles, created_at)
    select 'buyer' || value || '@bench.test', 'Bench Buyer ' || value, '', '["ROLE_BUYER"]', ${now} from n`);
  const firstBuyer = Number((await client.execute("select min(id) as id from users where email like 'buyer%@bench.test'")).rows[0]!.id);
  // a market's deals: most projects have none, a few are sought after
  const deals = { contracts: [] as string[], messages: [] as string[], offers: [] as string[] };
  for (let i = 0; i < COUNT / 4; i++) {
    const project = 1 + Math.floor(r.next() ** 3 * COUNT);
    const buyer = firstBuyer + Math.floor(r.next() * BUYERS);
    // approved, as a buyer in negotiation holds: the status the app writes (NDA_APPROVED)
    deals.contracts.push(`(${project}, ${buyer}, 'bench-${i}', 'k', 's', ${now}, ${now}, ${now}, 'NDA Approved')`);
    for (let m = 0; m < 3; m++) deals.messages.push(`(${project}, ${buyer}, ${buyer}, 'hello', ${now + m})`);
    if (r.next() < 0.3) deals.offers.push(`(${project}, ${buyer}, 'submitted', 1000000, 'cash', 30, '2027-01-01', 'k', 's', ${now}, ${now})`);
  }
  const chunks = (rows: string[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, (i + 1) * 500).join(","));
  for (const values of chunks(deals.contracts)) {
    await client.execute(`insert or ignore into contracts (project_id, buyer_id, envelope_id, document_key, document_sha256, requested_at, signed_at, decided_at, nda_status) values ${values}`);
  }
  for (const values of chunks(deals.messages)) await client.execute(`insert into messages (project_id, buyer_id, sender_id, body, created_at) values ${values}`);
  for (const values of chunks(deals.offers)) {
    await client.execute(
      `insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at) values ${values}`,
    );
  }
  // buyers' visits to project pages, sought-after projects the most (a tenth of them the seller's own)
  await client.execute(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${SESSIONS})
    select 'v' || i, case when i % 10 = 0 then ${seller!.id} else ${firstBuyer} + i % ${BUYERS} end, '/', 'company-before-nda',
      1 + cast(((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) * ${COUNT} as integer),
      ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  await client.execute("ANALYZE");
  console.log(
    `Built ${COUNT.toLocaleString("en-US")} projects, ${deals.contracts.length.toLocaleString("en-US")} NDAs, ${deals.messages.length.toLocaleString("en-US")} messages, ${deals.offers.length.toLocaleString("en-US")} offers, ${SESSIONS.toLocaleString("en-US")} page sessions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { db, client };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-projects-"));
  const { db, client } = await buildDatabase(path.join(dir, "bench.db"));
  const missed: string[] = [];
  console.log(`\n| the admin's project table, ${COUNT.toLocaleString("en-US")} projects | median | p95 | first row's count |`);
  console.log("|---|---|---|---|");
  for (const [label, params] of SHAPES) {
    const page = await listProjectsForAdmin(db, params); // built and warmed
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await listProjectsForAdmin(db, params);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const key = params?.sort as "ndas" | "negotiations" | "bids" | "date";
    const first = page.rows[0] as Record<string, unknown> | undefined;
    const p95 = percentile(times, 95);
    if (p95 > BUDGET_MS) missed.push(label);
    console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${key === "date" ? "" : String(first?.[key] ?? "")} |`);
  }
  finishBench({ client, dir, missed, budgetMs: BUDGET_MS });
}

await main();
