// `npm run bench:leads`: the admin's potential customers (/admin/potential-customers) at the size of a real list.
// Builds a SQLite database in a temporary folder with BENCH_LEADS leads (100,000) shaped as a real list is: people's
// names (one in six with a letter beyond ASCII), companies, e-mails at gmail.com, outlook.com and the company's domain,
// websites, phones, a state in some notes; most of the newest open, the older ones dismissed or converted (a converted
// one named after its customer), sources imported mostly. Then times a page of each search shape (text of every
// length, each filter, their pairs, sorts, deep pages; median and p95 of BENCH_ROUNDS after a first search that learns
// how densely the text is found), exiting non-zero past 25 ms at p95. BENCH_ONLY=<a regular expression> keeps the shapes whose label
// matches; BENCH_KEEP=1 keeps the database to look into. Prints figures; not a timed test.
import path from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import { finishBench, openBenchDatabase, timeRounds } from "./bench-customer-market";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { listLeads } from "../app/models/leads.server";
import type { LeadFilters } from "../app/lib/inbound";

const COUNT = Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BUDGET_MS = 25;
const DAY = 86_400_000;

const FIRST = ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Susan", "Richard", "Jessica", "Thomas", "Sarah", "Daniel", "Karen", "Matthew", "Nancy", "Anthony", "Lisa", "Mark", "Betty", "Steven", "Sandra", "Paul", "Ashley", "Andrew", "Emily", "Kevin", "Donna", "Brian", "Michelle", "George", "Carol", "Edward", "Amanda", "Ronald", "Melissa", "Timothy", "Deborah"];
const ACCENTED = ["José", "Zoë", "Søren", "Chloé", "Björn", "Ángel", "François", "Renée", "Jürgen", "Inés", "Łukasz", "Noémie"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams", "Nelson", "Baker", "Hall", "Campbell", "Mitchell", "Carter", "Roberts", "Müller", "Núñez", "Håkansson", "Østergaard"];
const WORD = ["Harbor", "Summit", "Granite", "Lakeshore", "Sunbelt", "Frontier", "Pinnacle", "Keystone", "Beacon", "Meridian", "Crescent", "Redwood", "Northgate", "Bluewater", "Ironwood", "Silverline", "Oakmont", "Westbridge", "Eastfield", "Clearview", "Stonebridge", "Fairway", "Highland", "Riverside", "Goldcrest", "Brightpath", "Cedar", "Evergreen", "Liberty", "Patriot"];
const KIND = ["Capital", "Partners", "Credit", "Lending", "Holdings", "Fund", "Advisors", "Investments", "Financial", "Asset Management", "Bank", "Group"];
const STATE = ["Texas", "California", "Florida", "New York", "Illinois", "Ohio", "Georgia", "Arizona", "Colorado", "Washington"];

/** The shapes timed: a label and the query. */
function shapes(): Array<[string, Parameters<typeof listLeads>[1]]> {
  const now = Date.now();
  const day = (ago: number) => new Date(now - ago * DAY).toISOString().slice(0, 10);
  const filters: Array<[string, Omit<LeadFilters, "q">]> = [
    ["", {}],
    ["Open", { status: "open" }],
    ["Dismissed", { status: "dismissed" }],
    ["Converted", { status: "converted" }],
    ["Demo", { source: "demo" }],
    ["Onboarding", { source: "onboarding" }],
    ["Converted, Affiliate", { status: "converted", source: "affiliate" }],
    ["last 30 days", { from: day(30) }],
    ["before 2 years ago", { to: day(730) }],
    ["Converted, a year from 2 years ago", { status: "converted", from: day(730), to: day(365) }],
  ];
  const texts = ["", "e", "lu", "son", "com", "gmail", "fair", "harbor cap", "zenith", "josé", "müller"];
  const out: Array<[string, Parameters<typeof listLeads>[1]]> = [];
  for (const q of texts) {
    for (const [name, f] of filters) {
      const label = `${q ? `"${q}"` : "no text"}${name ? `, ${name}` : ""}`;
      out.push([label, { filters: { ...f, q: q || undefined } }]);
      if (q === "son" || q === "com" || q === "" || q === "gmail") {
        for (const [sort, desc] of [["name", false], ["convertedCustomer", true], ["status", false], ["company", true]] as const) out.push([`${label}, by ${sort}`, { filters: { ...f, q: q || undefined }, sort, desc }]);
        for (const page of [40, 400]) out.push([`${label}, page ${page}`, { filters: { ...f, q: q || undefined }, page }]);
        out.push([`${label}, by email, page 40`, { filters: { ...f, q: q || undefined }, sort: "email", desc: false, page: 40 }]);
      }
    }
  }
  out.push(["no text, page 4000", { page: 4000 }], ["no text, by website, page 4000", { sort: "website", desc: true, page: 4000 }]);
  return out;
}

/** The customers some leads became, and the leads. */
async function build(client: Awaited<ReturnType<typeof openBenchDatabase>>["client"], now: number) {
  const json = (list: string[]) => JSON.stringify(list);
  await client.execute(`insert into customers (name, created_at, updated_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < 3000)
    select json_extract('${json(WORD)}', '$[' || (i % ${WORD.length}) || ']') || ' ' || json_extract('${json(KIND)}', '$[' || (i / ${WORD.length} % ${KIND.length}) || ']') || ' ' || i, ${now}, ${now} from s`);
  // one statement: the triggers write every lead's joined text and trigram index entries as an import does
  const pick = (list: string[], seed: string) => `json_extract('${json(list)}', '$[' || ((${seed}) % ${list.length}) || ']')`;
  await client.execute(`insert into leads (source, status, name, email, company, phone, website, notes, customer_id, converted_at, created_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${COUNT}),
    r as (select i, (i * 2654435761) % 4294967291 as h from s),
    p as (select i, h,
      case when h % 6 = 0 then ${pick(ACCENTED, "h / 7")} else ${pick(FIRST, "h / 7")} end as first,
      ${pick(LAST, "h / 311")} as last,
      ${pick(WORD, "h / 5003")} || ' ' || ${pick(KIND, "h / 131")} as company,
      -- the newest fifth mostly open; older ones dismissed or converted, as an admin works through them
      case when i < ${COUNT / 5} then (case when h % 50 = 0 then 'converted' when h % 10 = 1 then 'dismissed' else 'open' end)
           else (case when h % 12 = 0 then 'converted' when h % 3 = 1 then 'open' else 'dismissed' end) end as status,
      case when h % 20 < 13 then 'import' when h % 20 < 17 then 'demo' when h % 20 < 19 then 'affiliate' else 'onboarding' end as source
      from r)
    select source, status, first || ' ' || last,
      lower(replace(first, ' ', '')) || '.' || lower(last) || (h % 97) || '@' || case h % 5 when 0 then 'gmail.com' when 1 then 'outlook.com' else lower(replace(company, ' ', '')) || '.com' end,
      company, case when h % 3 = 0 then '' else '+1 ' || (200 + h % 700) || ' 555 ' || (1000 + h % 9000) end,
      case when h % 4 = 0 then '' else 'https://www.' || lower(replace(company, ' ', '')) || '.com' end,
      case when h % 5 = 0 then 'Based in ' || ${pick(STATE, "h / 17")} when h % 5 = 1 then 'Asked about loan pools' else '' end,
      case when status = 'converted' and h % 2 = 0 then 1 + h % 3000 end, case when status = 'converted' then ${now} - i * 900000 + 3600000 end,
      ${now} - i * 900000 from p order by i desc`);
  await client.execute("ANALYZE");
}

async function report(db: Database, only: string | undefined) {
  console.log(`\n| potential customers, ${COUNT.toLocaleString("en-US")} leads | median | p95 | rows of |`);
  console.log("|---|---|---|---|");
  const missed: string[] = [];
  for (const [label, query] of shapes()) {
    if (only && !new RegExp(only).test(label)) continue;
    const found = await listLeads(db, query);
    const { median, p95 } = await timeRounds(() => listLeads(db, query), ROUNDS);
    if (p95 > BUDGET_MS) missed.push(label);
    console.log(`| ${label} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${found.more ? "more than " : ""}${found.total.toLocaleString("en-US")} |${p95 > BUDGET_MS ? " ✖" : ""}`);
  }
  return missed;
}

/** BENCH_DATABASE=<a kept bench.db>: its leads timed again (migrated and analyzed first), not built afresh. */
async function run() {
  const kept = process.env.BENCH_DATABASE;
  if (kept) {
    const client = await openNodeDatabase(`file:${kept}`, path.resolve(__dirname, "../migrations"));
    await client.execute("ANALYZE");
    const missed = await report(drizzle(client, { schema }) as unknown as Database, process.env.BENCH_ONLY);
    client.close();
    if (missed.length) console.error(`\n✖ over ${BUDGET_MS} ms at p95: ${missed.join(", ")}`);
    return;
  }
  const { dir, client, db } = await openBenchDatabase("bench-leads");
  const started = Date.now();
  await build(client, Date.now());
  console.log(`built ${COUNT.toLocaleString("en-US")} leads in ${Date.now() - started} ms`);
  const missed = await report(db, process.env.BENCH_ONLY);
  finishBench({ client, dir, missed, budgetMs: BUDGET_MS });
}

void run();
