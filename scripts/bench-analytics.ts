// `npm run bench:analytics`: the page-session reads at a million stored sessions (issue #16,
// item 4): the admin's /admin/analytics with each filter and its 90-day chart, and the
// seller's "who looked at it", activity chart and deal funnel. Builds a SQLite database
// of BENCH_SESSIONS sessions (default 1,000,000) over the last year, then times each
// query shape in process and prints p50/p95 against the 50 ms goal.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { openNodeDatabase } from "../app/.server/db/open-node";
import { projects, users } from "../app/.server/db/schema";
import { PAGE_TYPES } from "../app/lib/analytics/page-types";
import { generateProject, random } from "../app/seed/demo-market";
import { makeUser } from "../app/seed/factories";
import { dealFunnel, listPageSessions, projectActivity, projectViewers, sessionsPerDayByPageType, type SessionFilters } from "../app/models/engagement.server";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const MEMBERS = 300;
const PROJECTS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GOAL_MS = 50;
const DAY = 86_400_000;
const root = path.resolve(__dirname, "..");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

async function build(file: string) {
  // opened as the server opens it (WAL, the busy timeout, its page cache: decision 095)
  const client = await openNodeDatabase(`file:${file}`, path.join(root, "migrations"));
  const db = drizzle(client, { schema }) as unknown as Database;
  const seller = await makeUser(db, { email: "seller@bench.test", roles: ["ROLE_SELLER"] });
  // the members' password hash is copied: hashing 300 passwords would take longer than the bench
  const first = await makeUser(db, { email: "member0@bench.test" });
  const [{ passwordHash }] = (await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, first.id))) as [{ passwordHash: string }];
  const more = Array.from({ length: MEMBERS - 1 }, (_, i) => ({ email: `member${i + 1}@bench.test`, name: `Member ${i + 1}`, passwordHash, roles: ["ROLE_BUYER"] }));
  const members = [first, ...(await db.insert(users).values(more).returning())];
  const r = random(7);
  const now = Date.now();
  const rows = [];
  for (let k = 0; k < PROJECTS; k++) {
    const { loans: _loans, ...p } = generateProject(r, k, seller.id, now);
    rows.push({ ...p, status: "published" as const });
  }
  const made = await db.insert(projects).values(rows).returning({ id: projects.id });
  const started = Date.now();
  const CHUNK = 400;
  for (let i = 0; i < SESSIONS; i += CHUNK * 25) {
    const statements = [];
    for (let j = i; j < Math.min(SESSIONS, i + CHUNK * 25); j += CHUNK) {
      const values: unknown[] = [];
      const marks: string[] = [];
      for (let k = j; k < Math.min(SESSIONS, j + CHUNK); k++) {
        const start = now - Math.floor(r.next() * 365 * DAY);
        const total = 2_000 + Math.floor(r.next() * 600_000);
        const type = PAGE_TYPES[Math.floor(r.next() * PAGE_TYPES.length)]!;
        const project = type.startsWith("company") ? made[Math.floor(r.next() * made.length)]!.id : null;
        marks.push("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)");
        values.push(`s${k}`, members[Math.floor(r.next() * members.length)]!.id, "/", type, project, start, start + total, total, Math.floor(total * r.next()), Math.floor(r.next() * 100), start + total);
      }
      statements.push({
        sql: `insert into page_sessions (session_id, user_id, route, page_type, project_id, session_start, session_end, total_duration, active_time, scroll_depth_max, record, created_at) values ${marks.join(",")}`,
        args: values as never,
      });
    }
    await client.batch(statements, "write");
  }
  await client.execute("ANALYZE");
  console.log(`Built ${SESSIONS.toLocaleString("en-US")} page sessions of ${MEMBERS} members on ${PROJECTS} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { db, client, member: members[0]!, project: made[0]!.id };
}

async function time(label: string, run: () => Promise<unknown>) {
  await run();
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    took.push(performance.now() - t);
  }
  took.sort((a, b) => a - b);
  const p95 = percentile(took, 95);
  console.log(`  ${label.padEnd(52)} p50 ${percentile(took, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms  ${p95 <= GOAL_MS ? "ok" : "OVER"}`);
  return p95 <= GOAL_MS;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
  try {
    const { db, client, member, project } = await build(path.join(dir, "bench.db"));
    const now = new Date();
    const week = { from: isoDay(now.getTime() - 7 * DAY), to: isoDay(now.getTime()) };
    const shapes: Array<[string, SessionFilters]> = [
      ["no filter", {}],
      ["member e-mail", { email: member.email }],
      ["project", { projectId: project }],
      ["page type", { pageType: "search-results" }],
      ["last 7 days", week],
      ["page type + last 7 days", { pageType: "homepage", ...week }],
      ["member + project", { email: member.email, projectId: project }],
      ["project + last 7 days", { projectId: project, ...week }],
    ];
    console.log(`\nPage sessions at ${SESSIONS.toLocaleString("en-US")} stored, ${RUNS} runs each (goal: p95 ≤ ${GOAL_MS} ms)`);
    const results: boolean[] = [];
    for (const [label, filters] of shapes) results.push(await time(`/admin/analytics, ${label}`, () => listPageSessions(db, filters)));
    results.push(await time("/admin/analytics chart (90 days by page type)", () => sessionsPerDayByPageType(db, { now })));
    results.push(await time("seller: who looked at it", () => projectViewers(db, project)));
    results.push(await time("seller: views and active time per day (90 days)", () => projectActivity(db, { projectId: project, now })));
    results.push(await time("seller: deal funnel", () => dealFunnel(db, { projectId: project })));
    client.close();
    if (results.includes(false)) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
