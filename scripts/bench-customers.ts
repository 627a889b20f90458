// `npm run bench:customers`: the admin customer table and its CSV over 100,000 customers.
// Builds a SQLite database in a temporary folder (customers from the demo generator, a member for
// every fifth with an NDA and an e-mail each, threads, offers, a million page sessions, impressions),
// then times a page of each sort and filter (median and p95 of BENCH_ROUNDS, exiting non-zero past
// 25 ms at p95) and the whole CSV walk (the ids in view order, then chunks of 500), reporting the
// largest heap seen during the walk. BENCH_KEEP=1 keeps the database to look into.
import { buildCustomerMarket, finishBench, openBenchDatabase, timeRounds } from "./bench-customer-market";
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
  ["text \"zq\" (two letters)", { q: "zq" }],
  ["text \"le\" (two letters, in most customers)", { q: "le" }],
  ["text \"le\", page 200", { q: "le", page: 200 }],
  ["text \"le\", name A to Z", { q: "le", sort: "customerName", desc: false }],
  ["text \"le\", NDAs, most first", { q: "le", sort: "ndas", desc: true }],
  ["text \"e\" (one letter)", { q: "e" }],
  ["text \"le\", type Bank", { q: "le", filters: { type: "Bank" } }],
  ["text \"zq\", type Bank", { q: "zq", filters: { type: "Bank" } }],
];

async function main() {
  const { dir, client, db } = await openBenchDatabase("bench-customers");
  const now = Date.now();
  let started = Date.now();
  const sessions = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
  const { projectOf } = await buildCustomerMarket(client, db, { count: COUNT, sessions, now });
  console.log(`built ${COUNT} customers in ${Date.now() - started} ms`);

  await client.execute("ANALYZE");
  console.log(`\n| the admin's customer table, ${COUNT.toLocaleString("en-US")} customers, ${sessions.toLocaleString("en-US")} page sessions | median | p95 | rows of |`);
  console.log("|---|---|---|---|");
  const missed: string[] = [];
  for (const [label, query] of SHAPES) {
    const { total } = await listCustomers(db, query);
    const { median, p95 } = await timeRounds(() => listCustomers(db, query), ROUNDS);
    if (p95 > BUDGET_MS) missed.push(label);
    console.log(`| ${label} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${total.toLocaleString("en-US")} |`);
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
      '/', 'company-before-nda', ${projectOf("i")}, ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  console.log(`\n| keeping the figures (a company of ${UPKEEP_MEMBERS} members, ${UPKEEP_SESSIONS.toLocaleString("en-US")} page sessions) | time |\n|---|---|`);
  await timed(`${UPKEEP_MEMBERS} members join one company, one at a time`, async () => {
    for (let j = 0; j < UPKEEP_MEMBERS; j++) await client.execute({ sql: "update users set customer_id = ? where email = ?", args: [company, `m${j}@bench.test`] });
  });
  await timed(`their ${UPKEEP_MEMBERS} addresses rewritten in one statement`, () =>
    client.execute({ sql: "update users set email = 'gone-' || id || '@deleted.invalid' where customer_id = ?", args: [company] }),
  );
  // what the admin's page of that company reads: its timeline, newest first, and the totals
  const timeline = await timeRounds(() => customerTimeline(db, { customerId: company }), ROUNDS);
  const timelineP95 = timeline.p95;
  if (timelineP95 > BUDGET_MS) missed.push("the company's timeline");
  console.log(`| its timeline and totals (the admin's customer page), median / p95 | ${timeline.median.toFixed(1)} / ${timelineP95.toFixed(1)} ms |`);
  await timed("a page session written, then deleted", async () => {
    const member = await client.execute({ sql: "select id from users where customer_id = ? limit 1", args: [company] });
    await client.execute({
      sql: `insert into page_sessions (session_id, user_id, route, page_type, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
        values ('upkeep', ?, '/', 'homepage', ?, ?, 1, 1, 0, '{}', ?)`,
      args: [member.rows[0]!.id!, now + 1000, now + 2000, now],
    });
    await client.execute("delete from page_sessions where session_id = 'upkeep'");
  });
  finishBench({ client, dir, missed, budgetMs: BUDGET_MS });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
