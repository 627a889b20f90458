// `npm run bench:customers`: the admin customer table and its CSV over 100,000 customers.
// Builds a SQLite database in a temporary folder (customers from the demo generator, a
// member for every fifth, some NDAs and outbox rows), then times a page per sort and the
// whole CSV walk (the ids in view order, then chunks of 500), reporting the largest heap seen during the walk.
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

const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

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
  console.log(`built ${COUNT} customers in ${Date.now() - started} ms`);

  for (const [label, query] of [
    ["default (lastLogin desc)", {}],
    ["sort=ndas desc", { sort: "ndas", desc: true }],
    ["sort=customerName, page 200", { sort: "customerName", desc: false, page: 200 }],
    ["q=capital 12", { q: "capital 12" }],
    ["type=Bank, sort=communications", { filters: { type: "Bank" }, sort: "communications", desc: true }],
  ] as const) {
    started = Date.now();
    const { rows, total } = await listCustomers(db, query);
    console.log(`${label}: ${rows.length} of ${total} in ${Date.now() - started} ms`);
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
  client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
