// The market of customers the admin's benches at scale stand on (bench:customers, bench:marketing),
// and their timing:
// `count` customers of the demo market's generator, a member for every fifth with an e-mail and an
// NDA, 200 published projects, threads, offers, page sessions (a tenth of them on a project page,
// one a second back from now, 11.6 days for a million) and a day's impressions, written in set-based statements (the
// bench's market, not the app's writers).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { contracts, customers, outbox, projects, users } from "../app/.server/db/schema";
import { generateCustomer, random } from "../app/seed/demo-market";

export async function buildCustomerMarket(
  client: Client,
  db: Database,
  { count, sessions, now, beforeActivity }: { count: number; sessions: number; now: number; beforeActivity?: (projectIds: number[]) => Promise<void> },
) {
  const r = random(7);
  for (let i = 0; i < count; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 500); j++) batch.push({ ...generateCustomer(r, j, now), websiteDomain: null });
    await db.insert(customers).values(batch);
  }
  const [seller] = await db.insert(users).values({ email: "seller@bench.test", name: "Seller", passwordHash: "x", roles: ["ROLE_SELLER"] }).returning();
  const projectIds: number[] = [];
  for (let i = 0; i < 200; i++) {
    const [p] = await db.insert(projects).values({ sellerId: seller!.id, kind: "loan_pool", status: "published", size: (i + 1) * 3_000_000 }).returning();
    projectIds.push(p!.id);
  }
  for (let i = 0; i < count / 5; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(count / 5, i + 500); j++) {
      batch.push({ email: `m${j}@bench.test`, name: `Member ${j}`, passwordHash: "x", roles: ["ROLE_BUYER"], customerId: j * 5 + 1, lastLoginAt: new Date(now - j * 60_000) });
    }
    const members = await db.insert(users).values(batch).returning({ id: users.id, email: users.email });
    await db.insert(outbox).values(members.map((m) => ({ channel: "email" as const, recipient: m.email, body: "b", nextAttemptAt: new Date(now) })));
    await db.insert(contracts).values(
      members.map((m, k) => ({ projectId: projectIds[k % projectIds.length]!, buyerId: m.id, envelopeId: `e${m.id}`, documentKey: "k", documentSha256: "s", requestedAt: new Date(now) })),
    );
  }
  // what comes before the members' threads, offers and sessions (a campaign that they follow)
  await beforeActivity?.(projectIds);
  // a thread with three messages for every second member, an offer for every tenth
  const members = `select id, row_number() over (order by id) - 1 as n from users where email like 'm%@bench.test'`;
  const projectOf = (n: string) => `${projectIds[0]} + (${n}) % 200`; // the 200 projects' ids follow one another
  await client.execute(`insert into messages (project_id, buyer_id, sender_id, body, created_at)
    select ${projectOf("m.n + k.k")}, m.id, m.id, 'b', ${now}
    from (${members}) m, (select 0 as k union all select 0 union all select 0) k where m.n % 2 = 0`);
  await client.execute(`insert into offers (project_id, buyer_id, status, price, structure, due_diligence_days, expires_on, pdf_key, pdf_sha256, created_at, updated_at)
    select ${projectOf("m.n")}, m.id, 'submitted', 1000000, 'Cash', 30, '2027-01-01', 'k', 's', ${now}, ${now} from (${members}) m where m.n % 10 = 0`);
  const memberCount = count / 5;
  await client.execute(`insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at)
    with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${sessions})
    select 's' || i, (select id from users where email = 'm' || (i % ${memberCount}) || '@bench.test'),
      '/', case when i % 10 = 0 then 'company-before-nda' else 'homepage' end, case when i % 10 = 0 then ${projectOf("i")} end,
      ${now} - i * 1000, ${now} - i * 1000 + 60000, 60000, 30000, 0.5, '{}', ${now} from s`);
  await client.execute(`insert into daily_project_looks (kind, user_id, project_id, day, counted)
    select 'impression', m.id, p.id, '2026-12-01', 1 from (${members}) m, (select id from projects where id < ${projectIds[0]! + 5}) p where m.n % 2 = 0`);
  return { projectIds, memberCount, projectOf };
}

/** A fresh SQLite database in a temporary folder, migrated as production is (finishBench removes it). */
export async function openBenchDatabase(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${path.join(dir, "bench.db")}`, path.resolve(__dirname, "../migrations"));
  return { dir, client, db: drizzle(client, { schema }) as unknown as Database };
}

/** Median and p95 of `rounds` runs of `work` (after one to warm it), in milliseconds. */
export async function timeRounds(work: () => Promise<unknown>, rounds: number) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { median: at(50), p95: at(95) };
}

/** Closes the bench's database, keeps it when BENCH_KEEP is set, and fails the run when a shape missed the budget. */
export function finishBench({ client, dir, missed, budgetMs }: { client: Client; dir: string; missed: string[]; budgetMs: number }) {
  client.close();
  if (process.env.BENCH_KEEP) console.log(`kept the database: ${path.join(dir, "bench.db")}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  if (missed.length) {
    console.error(`\n✖ over ${budgetMs} ms at p95: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
}
