// `npm run bench:users`: the admin's user table (/admin/users) over 150,000 accounts.
// Builds a SQLite database of BENCH_USERS accounts (buyers mostly, then sellers, brokers, agents and
// a few admins; some disabled or locked, some never signed in; a third of them members of 3,000
// companies, of which about 150 disabled, locked or deleted keep their members out), then times a page of each sort,
// filter and text search (median and p95 of BENCH_ROUNDS, exiting non-zero past 25 ms at p95).
// BENCH_KEEP=1 keeps the database to look into.
import { listUsers } from "../app/models/users.server";
import { finishBench, openBenchDatabase, timeRounds } from "./bench-customer-market";

const COUNT = Number(process.env.BENCH_USERS ?? 150_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const COMPANIES = 3_000;
const BUDGET_MS = 25;
const SHAPES: Array<[string, Parameters<typeof listUsers>[1]]> = [
  ["created, newest first (the default)", {}],
  ["created, page 200", { page: 200 }],
  ["name, A to Z", { sort: "name", desc: false }],
  ["e-mail, Z to A, page 200", { sort: "email", desc: true, page: 200 }],
  ["company, A to Z", { sort: "company", desc: false }],
  ["phone, A to Z", { sort: "phone", desc: false }],
  ["role", { sort: "role", desc: false }],
  ["status, disabled first", { sort: "status", desc: true }],
  ["status, active first, page 1,000", { sort: "status", desc: false, page: 1000 }],
  ["last login, latest first", { sort: "lastLoginAt", desc: true }],
  ["role seller", { filters: { role: "ROLE_SELLER" } }],
  ["role admin", { filters: { role: "ROLE_ADMIN" } }],
  ["role buyer, by name", { filters: { role: "ROLE_BUYER" }, sort: "name", desc: false }],
  ["disabled", { filters: { status: "disabled" } }],
  ["kept out by their company", { filters: { status: "company" } }],
  ['text "smith"', { filters: { q: "smith" } }],
  ['text "555 01"', { filters: { q: "555 01" } }],
  ['text "harbor capital 12"', { filters: { q: "harbor capital 12" } }],
  ['text "zq" (two letters)', { filters: { q: "zq" } }],
  ['text "le" (two letters, in most accounts)', { filters: { q: "le" } }],
  ['text "le", page 200', { filters: { q: "le" }, page: 200 }],
  ['text "le", by name A to Z', { filters: { q: "le" }, sort: "name", desc: false }],
  ['text "e" (one letter)', { filters: { q: "e" } }],
  ['text "le", role seller', { filters: { q: "le", role: "ROLE_SELLER" } }],
  ['text "le", disabled', { filters: { q: "le", status: "disabled" } }],
  ['text "lee", role seller', { filters: { q: "lee", role: "ROLE_SELLER" } }],
];

async function main() {
  const { dir, client, db } = await openBenchDatabase("bench-users");
  const now = Date.now();
  const started = Date.now();
  const first = ["Ann", "Ben", "Cara", "Dan", "Eve", "Finn", "Gail", "Hugo", "Ida", "Jon", "Kay", "Lee", "Mia", "Ned", "Ola", "Pat"];
  const last = ["Smith", "Jones", "Brown", "Taylor", "Wilson", "Davies", "Evans", "Thomas", "Roberts", "Walker", "Wright", "Hall", "Green", "Wood", "Clarke", "Hughes"];
  const words = ["Harbor", "Summit", "Granite", "Bay", "Cedar", "North", "Pioneer", "Atlas"];
  const kinds = ["Capital", "Bank", "Partners", "Credit", "Fund"];
  const sql = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const pick = (list: string[], expr: string) => `(case ${list.map((v, i) => `when ${expr} = ${i} then ${sql(v)}`).join(" ")} end)`;
  // the companies: one in 40 disabled, one in 60 locked, one in 150 deleted (anonymised and disabled), which
  // keep their members out and have the Status column say so (the Status order's company side)
  await client.execute(`insert into customers (name, enabled, locked, anonymised_at, updated_at)
    with recursive c(i) as (select 1 union all select i + 1 from c where i < ${COMPANIES})
    select 'Company ' || i, not (i % 40 = 0 or i % 150 = 0), i % 60 = 0, case when i % 150 = 0 then ${now} end, ${now} from c`);
  // the roles as the market has them: most accounts buy, a fifth sell, a few broker, act as agents or run the site
  await client.execute(`insert into users (email, name, password_hash, roles, company, phone, enabled, locked, last_login_at, created_at, customer_id)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${COUNT})
    select 'u' || i || '@' || lower(${pick(words, "i % 8")}) || (i % 997) || '.example',
      ${pick(first, "i % 16")} || ' ' || ${pick(last, "(i / 16) % 16")}, 'x',
      case when i % 100 = 0 then '["ROLE_ADMIN"]' when i % 20 = 1 then '["ROLE_BROKER"]' when i % 20 = 2 then '["ROLE_BUYER","ROLE_AGENT"]'
        when i % 5 = 3 then '["ROLE_SELLER"]' else '["ROLE_BUYER"]' end,
      ${pick(words, "(i / 7) % 8")} || ' ' || ${pick(kinds, "(i / 3) % 5")} || ' ' || (i % 5000),
      '+1 212 555 ' || substr('0000' || (i % 10000), -4), i % 50 <> 7, i % 70 = 3,
      case when i % 4 = 0 then null else ${now} - i * 37000 end, ${now} - i * 60000,
      case when i % 3 = 0 then (i / 3) % ${COMPANIES} + 1 end from s`);
  console.log(`built ${COUNT.toLocaleString("en-US")} accounts, a third of them in ${COMPANIES.toLocaleString("en-US")} companies, in ${Date.now() - started} ms`);
  await client.execute("ANALYZE");
  console.log(`\n| the admin's user table, ${COUNT.toLocaleString("en-US")} accounts | median | p95 | rows of |`);
  console.log("|---|---|---|---|");
  const missed: string[] = [];
  for (const [label, query] of SHAPES) {
    const { total } = await listUsers(db, query);
    const { median, p95 } = await timeRounds(() => listUsers(db, query), ROUNDS);
    if (p95 > BUDGET_MS) missed.push(label);
    console.log(`| ${label} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${total.toLocaleString("en-US")} |`);
  }
  finishBench({ client, dir, missed, budgetMs: BUDGET_MS });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
