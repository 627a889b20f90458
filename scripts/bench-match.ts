// `npm run bench:match`: matchmaking at the scale (100,000 projects, 10,000 buyer
// companies) on a libsql file, in process: the full recomputation of one project's
// matches after an edit (goal ≤ 1 s), one buyer's recomputation, and the reads of one
// project's matches and one buyer's recommendations (goal p95 ≤ 50 ms).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { customers, projects } from "../app/.server/db/schema";
import { generateCustomer, generateProject, random } from "../app/seed/demo-market";
import { DEMO_PASSWORD } from "../app/seed/factories";
import { createUser } from "../app/models/users.server";
import { bestProjectsFor, customerMatches, projectMatches, recomputeCustomerMatches, recomputeProjectMatches } from "../app/models/matches.server";
import { criteriaFrom } from "../app/lib/buyer-criteria";
import { drainMatchQueue, queueListings } from "../app/models/match-rescoring.server";
import { inList } from "../app/.server/db/in-list";

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Page sessions of buyers' members on projects: the "past behaviour" the score reads. */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500_000);
const SIGNED_NDAS = Number(process.env.BENCH_NDAS ?? 20_000);
const root = path.resolve(__dirname, "..");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const report = (label: string, times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  console.log(`${label.padEnd(46)} p50 ${percentile(s, 50).toFixed(1)} ms  p95 ${percentile(s, 95).toFixed(1)} ms  max ${s.at(-1)!.toFixed(1)} ms`);
};
async function time(n: number, run: (i: number) => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Two members a company, their page sessions and signed NDAs spread over the projects,
 * and a stored responsiveness row a company: without them the score's behaviour and
 * responsiveness reads cost nothing and the figures flatter the real thing.
 */
async function buildBehaviour(client: Client, now: number) {
  const series = (n: number) => `with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${n})`;
  await client.execute(`${series(CUSTOMERS * 2)}
    insert into users (email, name, password_hash, roles, customer_id)
    select 'member' || i || '@bench.test', 'Member ' || i, 'x', '["ROLE_BUYER"]', c.id
    from s join (select id, row_number() over (order by id) - 1 as n from customers) c on c.n = i / 2`);
  const members = `(select id, row_number() over (order by id) - 1 as n from users where email like 'member%')`;
  const types = `'company-after-nda', 'company-before-nda'`;
  await client.execute(`${series(SESSIONS)}
    insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record)
    select 'bench-' || i, m.id, '/projects/more-details/' || (1 + (i * 7919) % ${PROJECTS}), json_extract(json_array(${types}), '$[' || (i % 2) || ']'),
      1 + (i * 7919) % ${PROJECTS}, ${now} - (i % 90) * 86400000, ${now} - (i % 90) * 86400000 + 60000, 60000, 1000 * (10 + i % 300), 0.5, '{}'
    from s join ${members} m on m.n = (i * 104729) % ${CUSTOMERS * 2}`);
  await client.execute(`${series(SIGNED_NDAS)}
    insert or ignore into contracts (project_id, buyer_id, envelope_id, nda_status, document_key, document_sha256, requested_at, signed_at)
    select 1 + (i * 15485863) % ${PROJECTS}, m.id, 'bench-' || i, 'Signed', 'nda/bench', 'x', ${now} - 86400000 * 30, ${now} - 86400000 * 29
    from s join ${members} m on m.n = (i * 7907) % ${CUSTOMERS * 2}`);
  await client.execute(`insert into responsiveness (customer_id, side, score, reason, answered, asked, median_reply_ms, computed_at)
    select id, 'buyer', id % 101, 'Answered some of the asks', 3, 4, 3600000, ${now} from customers`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-match-"));
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${path.join(dir, "bench.db")}`, path.join(root, "migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const seller = await createUser(db, { email: "seller@bench.test", name: "Bench Seller", password: DEMO_PASSWORD, roles: ["ROLE_SELLER"] });
  const r = random(42);
  const now = Date.UTC(2026, 10, 1);
  const started = Date.now();
  const insert = async <T,>(count: number, make: (i: number) => T, table: typeof projects | typeof customers) => {
    for (let i = 0; i < count; i += 250) {
      const rows = Array.from({ length: Math.min(250, count - i) }, (_, k) => make(i + k));
      await db.insert(table).values(rows as never);
    }
  };
  await insert(PROJECTS, (i) => { const { loans: _l, ...p } = generateProject(r, i, seller!.id, now); return p; }, projects);
  await insert(CUSTOMERS, (i) => generateCustomer(r, i, now), customers);
  await buildBehaviour(client, now);
  await client.execute("ANALYZE");
  console.log(`Built ${PROJECTS.toLocaleString("en-US")} projects, ${CUSTOMERS.toLocaleString("en-US")} buyer companies (two members each), ${SESSIONS.toLocaleString("en-US")} page sessions, ${SIGNED_NDAS.toLocaleString("en-US")} signed NDAs and every company's responsiveness in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const visible = (await db.select({ id: projects.id }).from(projects).where(sql`${projects.status} = 'published'`).limit(RUNS)).map((p) => p.id);
  const stored: number[] = [];
  report("recompute one project × all buyers", await time(visible.length, async (i) => stored.push(await recomputeProjectMatches(db, { projectId: visible[i]! }))));
  console.log(`  (${Math.round(stored.reduce((a, b) => a + b, 0) / stored.length)} matches stored a project on average)`);
  // new weights queue every visible listing; each drain with no budget left scores one batch of 25
  const queued = (await db.select({ id: projects.id }).from(projects).where(sql`${projects.status} = 'published'`).limit(50)).map((p) => p.id);
  await queueListings(db, inList(projects.id, queued), Date.now());
  const batches = await time(2, () => drainMatchQueue(db, { budgetMs: 0 }));
  report("score again one queued batch (25 listings)", batches);
  const [{ n: listed }] = (await client.execute(`select count(*) as n from projects where status = 'published'`)).rows as unknown as [{ n: number }];
  console.log(`  (every visible listing after new weights: ~${((Number(listed) / 25) * (batches.reduce((a, b) => a + b, 0) / batches.length) / 3_600_000).toFixed(1)} h of draining)`);
  const ids = (await db.select({ id: customers.id }).from(customers).limit(5)).map((c) => c.id);
  report("recompute one buyer × all visible projects", await time(ids.length, (i) => recomputeCustomerMatches(db, { customerId: ids[i]! })));
  report("read one project's matches (page of 25)", await time(RUNS * 5, (i) => projectMatches(db, { projectId: visible[i % visible.length]! })));
  report("read one buyer's recommendations (10)", await time(RUNS * 5, (i) => customerMatches(db, { customerId: ids[i % ids.length]!, limit: 10 })));
  // the assistant's proposal for criteria typed, not saved: each buyer company's own criteria in turn
  const typed = (await db.select({ preferences: customers.preferences }).from(customers).limit(RUNS)).map((c) => criteriaFrom(c.preferences));
  report("the assistant's best 3 for typed criteria", await time(typed.length, (i) => bestProjectsFor(db, { criteria: typed[i]! })));
  const [one] = await db.select().from(projects).where(eq(projects.id, visible[0]!));
  console.log(`  (project ${one!.id}: ${one!.industry}, ${one!.location})`);
  client.close();
  if (process.env.BENCH_KEEP) console.log(`  (database kept at ${dir}/bench.db)`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
