// `npm run bench:responsiveness`: what a deal's event costs in responsiveness upkeep (decision 079) on the
// survey's market (scripts/bench-survey-market.ts), against gathering both companies' asks whole, as every
// event did before. Times, in process, two deals with the survey's largest seller company (the seller of 2,000
// projects in a company of 40): the buyer's 5,000-message thread, and another buyer's thread on that project.
// BENCH_KEEP=1 reuses (or keeps) the survey's database in $TMPDIR/bench-survey, as bench:survey does.
// A survey of costs, not a budget: it prints figures and exits 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "../app/.server/db";
import { recomputeDealResponsiveness, recomputeResponsiveness } from "../app/models/responsiveness.server";
import { surveyMarketIn } from "./bench-survey-market";

const KEEP = Boolean(process.env.BENCH_KEEP);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WHOLE_ROUNDS = 5;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(rounds: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const dir = KEEP ? path.join(os.tmpdir(), "bench-survey") : fs.mkdtempSync(path.join(os.tmpdir(), "bench-responsiveness-"));
  process.on("exit", () => {
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
  });
  const market = await surveyMarketIn(dir, { reuse: KEEP, log });
  const client = createClient({ url: `file:${path.join(dir, "bench.db")}` });
  const db = drizzle(client, { schema }) as unknown as Database;

  // an ordinary deal of the same seller company: the busiest project's next longest thread
  const [other] = await db.all<{ buyerId: number }>(sql`select buyer_id as buyerId from messages
    where project_id = ${market.projects.busiest} and buyer_id != ${market.users.buyer} group by buyer_id order by count(*) desc, buyer_id limit 1`);
  const deals = [
    { label: "the survey buyer's 5,000-message thread", projectId: market.projects.busiest, buyerId: market.users.buyer },
    ...(other ? [{ label: "another buyer's thread with that seller company", projectId: market.projects.busiest, buyerId: other.buyerId }] : []),
  ];
  const rows: Array<[string, number[]]> = [];
  for (const deal of deals) {
    const [companies] = await db.all<{ buyerCompany: number; sellerCompany: number; asks: number }>(sql`select b.customer_id as buyerCompany, s.customer_id as sellerCompany,
      (select count(*) from responsiveness_asks a where a.customer_id in (b.customer_id, s.customer_id)) as asks
      from users b, projects p join users s on s.id = p.seller_id where b.id = ${deal.buyerId} and p.id = ${deal.projectId}`);
    log(`${deal.label}: project ${deal.projectId}, buyer ${deal.buyerId}; the two companies hold ${companies!.asks.toLocaleString("en-US")} asks`);
    rows.push([`${deal.label}: the deal's event`, await time(ROUNDS, () => recomputeDealResponsiveness(db, deal))]);
    const ids = [companies!.buyerCompany, companies!.sellerCompany];
    rows.push([`${deal.label}: both companies whole (before)`, await time(WHOLE_ROUNDS, () => recomputeResponsiveness(db, { customerIds: ids }))]);
  }
  console.log("");
  console.log(`${"upkeep after one event".padEnd(70)} ${"median".padStart(9)} ${"p95".padStart(9)}`);
  for (const [label, times] of rows) console.log(`${label.padEnd(70)} ${`${percentile(times, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(times, 95).toFixed(1)} ms`.padStart(9)}`);
  client.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
