// `npm run bench:customers`: the admin customer table and its CSV over 100,000 customers.
// Builds a SQLite database in a temporary folder (customers from the demo generator, a member for
// every fifth with an NDA and an e-mail each, threads, offers, a million page sessions, impressions),
// then times a page of each sort and filter (median and p95 of BENCH_ROUNDS, exiting non-zero past
// 25 ms at p95) and the whole CSV walk (the ids in view order, then chunks of 500), reporting the
// largest heap seen during the walk. BENCH_KEEP=1 keeps the database to look into.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { applyMigrations } from "../app/.server/db/migrate-node";
import { contracts, customers, outbox, projects, users } from "../app/.server/db/schema";
import { generateCustomer, random } from "../app/seed/demo-market";
import { csvLine } from "../app/lib/csv";
import { CUSTOMER_DATA_COLUMNS, csvValueOf, customerIdsInViewOrder, customersInOrder, listCustomers } from "../app/models/customers.server";
import { customerTimeline } from "../app/models/customer-accounts.server";

const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// issue #16: no page's server time above 25 ms at p95; the table's query is most of it
const BUDGET_MS = 25;
const SHAPES: Array<[string, Parameters<typeof listCustomers>[1]]> = [
  ["last login (the default), page 1", {}],
  ["NDAs, most first", { sort: "ndas", desc: true }],
  ["NDAs, fewest first", { sort: "ndas", desc: false }],
  ["negotiations, most first", { sort: "negotiations", desc: true }],
  ["LOIs, most first", { sort: "loi", desc: true }],
  ["views, most first", { sort: "views", desc: true }],
  ["impressions, most first", { sort: "impressions", desc: true }],
  ["last activity, latest first", { sort: "lastActivity", desc: true }],
  ["communications, most first", { sort: "communications", desc: true }],
  ["communications, fewest first, page 200", { sort: "communications", desc: false, page: 200 }],
  ["at least 1 NDA", { filters: { minNdas: "1" } }],
  ["at least 10 views", { filters: { minViews: "10" } }],
  ["name, page 200", { sort: "customerName", desc: false, page: 200 }],
  ["contact person, Z to A", { sort: "contactPerson", desc: true }],
  ["created, newest first", { sort: "createdAt", desc: true }],
  ["type Bank, communications, most first", { filters: { type: "Bank" }, sort: "communications", desc: true }],
  ["deals up to $5m, most first", { sort: "dealsUpTo5m", desc: true }],
  ["deals $5-10m, fewest first, page 200", { sort: "deals5to10m", desc: false, page: 200 }],
  ["text \"capital 12\"", { q: "capital 12" }],
];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-customers-"));
  const client = createClient({ url: `file:${path.join(dir, "bench.db")}` });
  await applyMigrations(client, path.resolve(__dirname, "../migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const r = random(7);
  const now = Date.now();
  let started = Date.now();
  for (let i = 0; i < COUNT; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(COUNT, i + 500); j++) batch.push({ ...generateCustomer(r, j, now), websiteDomain: null });
    await db.insert(customers).values(batch);
  }
  const [seller] = await db.insert(users).values({ email: "seller@bench.test", name: "Seller", passwordHash: "x", roles: ["ROLE_SELLER"] }).returning();
  const projectIds: number[] = [];
  for (let i = 0; i < 200; i++) {
    const [p] = await db.insert(projects).values({ sellerId: seller!.id, kind: "loan_pool", status: "published", size: (i + 1) * 3_000_000 }).returning();
    projectIds.push(p!.id);
  }
  for (let i = 0; i < COUNT / 5; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(COUNT / 5, i + 500); j++) {
      batch.push({ email: `m${j}@bench.test`, name: `Member ${j}`, passwordHash: "x", roles: ["ROLE_BUYER"], customerId: j * 5 + 1, lastLoginAt: new Date(now - j * 60_000) });
    }
    const members = await db.insert(users).values(batch).returning({ id: users.id, email: users.email });
    await db.insert(outbox).values(members.map((m) => ({ channel: "email" as const, recipient: m.email, body: "b", nextAttemptAt: new Date(now) })));
    await db.insert(contracts).values(
      members.map((m, k) => ({ projectId: projectIds[k % projectIds.length]!, buyerId: m.id, envelopeId: `e${m.id}`, documentKey: "k", documentSha256: "s", requestedAt: new Date(now) })),
    );
  }
  // what members do beyond NDAs, in set-based statements (the bench's market, not the app's writers):
  // a thread with three messages for every second member, an offer for every tenth, page sessions
  // (BENCH_SESSIONS, a million by default, a tenth of them on a project page) and a day's impressions
  const members = `select id, row_number() over (order by id) - 1 as n from users where email like 'm%@bench.test'`;
  const projectOf = (n: string) => `${projectIds[0]} + (${n}) % 200`; // the 200 projects' ids follow one another
  await client.execute(`insert into messages (project_id, buyer_id, sender_id, body, created_at)
    select ${projectOf("m.n + k.k")}, m.id, m.id, 'b', ${now}
    from (${members}) m, (select 0 as k union all select 0 union all select 0) k where m.n % 2 = 0`);
  await client.execute(`insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at)
    select ${projectOf("m.n")}, m.id, 'Submitted', 1000000, 'Cash', 30, '2027-01-01', 'k', 's', ${now}, ${now} from (${members}) m where m.n % 10 = 0`);
  const sessions = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
  const memberCount = COUNT / 5;
  await client.execute(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${sessions})
    select 's' || i, (select id from users where email = 'm' || (i % ${memberCount}) || '@bench.test'),
      '/', case when i % 10 = 0 then 'company' else 'home' end, case when i % 10 = 0 then ${projectOf("i")} end,
      ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  await client.execute(`insert into daily_project_looks (kind, user_id, project_id, day, counted)
    select 'impression', m.id, p.id, '2026-12-01', 1 from (${members}) m, (select id from projects where id < ${projectIds[0]! + 5}) p where m.n % 2 = 0`);
  console.log(`built ${COUNT} customers in ${Date.now() - started} ms`);

  await client.execute("ANALYZE");
  console.log(`\n| the admin's customer table, ${COUNT.toLocaleString("en-US")} customers, ${sessions.toLocaleString("en-US")} page sessions | median | p95 | rows of |`);
  console.log("|---|---|---|---|");
  const missed: string[] = [];
  for (const [label, query] of SHAPES) {
    const { total } = await listCustomers(db, query); // built and warmed
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await listCustomers(db, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 > BUDGET_MS) missed.push(label);
    console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${total.toLocaleString("en-US")} |`);
  }

  started = Date.now();
  let lines = 0;
  let bytes = 0;
  let heap = 0;
  // the CSV's walk: every id in the view's order (the default, last login), then chunks of 500
  const ids = await customerIdsInViewOrder(db, {});
  for (let next = 0; next < ids.length; next += 500) {
    const chunk = await customersInOrder(db, ids.subarray(next, next + 500));
    for (const row of chunk) {
      bytes += csvLine(CUSTOMER_DATA_COLUMNS.map((c) => csvValueOf(row, c.value))).length;
      lines++;
    }
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }
  console.log(`CSV: ${lines} rows, ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms; largest heap ${(heap / 1e6).toFixed(0)} MB`);

  // what keeping the figures costs the writes that touch them (decisions 059 and 062): a company of
  // UPKEEP_MEMBERS members (given UPKEEP_SESSIONS more page sessions, besides their NDA, threads and
  // mail) formed one move at a time,
  // then every member's address rewritten in one statement (as anonymising a customer does), and one
  // page session written and deleted
  const UPKEEP_MEMBERS = 100;
  const company = COUNT; // the last customer
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    console.log(`| ${label} | ${(performance.now() - t).toFixed(1)} ms |`);
  };
  const UPKEEP_SESSIONS = 60_000;
  await client.execute(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${UPKEEP_SESSIONS})
    select 'u' || i, (select id from users where email = 'm' || (i % ${UPKEEP_MEMBERS}) || '@bench.test'),
      '/', 'company', ${projectOf("i")}, ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  console.log(`\n| keeping the figures (a company of ${UPKEEP_MEMBERS} members, ${UPKEEP_SESSIONS.toLocaleString("en-US")} page sessions) | time |\n|---|---|`);
  await timed(`${UPKEEP_MEMBERS} members join one company, one at a time`, async () => {
    for (let j = 0; j < UPKEEP_MEMBERS; j++) await client.execute({ sql: "update users set customer_id = ? where email = ?", args: [company, `m${j}@bench.test`] });
  });
  await timed(`their ${UPKEEP_MEMBERS} addresses rewritten in one statement`, () =>
    client.execute({ sql: "update users set email = 'gone-' || id || '@deleted.invalid' where customer_id = ?", args: [company] }),
  );
  // what the admin's page of that company reads: its timeline, newest first, and the totals
  await customerTimeline(db, { customerId: company });
  const timelineTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await customerTimeline(db, { customerId: company });
    timelineTimes.push(performance.now() - t);
  }
  timelineTimes.sort((a, b) => a - b);
  const timelineP95 = percentile(timelineTimes, 95);
  if (timelineP95 > BUDGET_MS) missed.push("the company's timeline");
  console.log(`| its timeline and totals (the admin's customer page), median / p95 | ${percentile(timelineTimes, 50).toFixed(1)} / ${timelineP95.toFixed(1)} ms |`);
  await timed("a page session written, then deleted", async () => {
    const member = await client.execute({ sql: "select id from users where customer_id = ? limit 1", args: [company] });
    await client.execute({
      sql: `insert into page_sessions (session_id, user_id, route, page_type, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
        values ('upkeep', ?, '/', 'home', ?, ?, 1, 1, 0, '{}', ?)`,
      args: [member.rows[0]!.id!, now + 1000, now + 2000, now],
    });
    await client.execute("delete from page_sessions where session_id = 'upkeep'");
  });
  client.close();
  if (process.env.BENCH_KEEP) console.log(`kept the database: ${path.join(dir, "bench.db")}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  if (missed.length) {
    console.error(`\n✖ over ${BUDGET_MS} ms at p95: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
