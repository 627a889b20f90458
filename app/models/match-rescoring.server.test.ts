import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
import { turnsDuring } from "../../tests/support/turns";
import { schema, type Database } from "~/.server/db";
import { customers, matches, matchQueue, pageSessions, projects, systemSettings, users, type User } from "~/.server/db/schema";
import { DEFAULT_WEIGHTS } from "~/lib/match-score";
import { makeUser } from "~/seed/factories";
import { runMaintenance } from "./maintenance.server";
import { drainMatchQueue, FIRST_BATCH, listingsToRescore, queueListings, saveMatchWeights } from "./match-rescoring.server";
import { recomputeProjectMatches } from "./matches.server";
import { parseEnv, type Env } from "~/.server/env";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
let admin: User;
let healthFund: number;
let energyFund: number;
const listings: number[] = [];

/** Every stored match as `project/customer → score`. */
async function stored() {
  const rows = await t.db.select().from(matches);
  return Object.fromEntries(rows.map((m) => [`${m.projectId}/${m.customerId}`, m.score]));
}

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
  const [health, energy] = await t.db
    .insert(customers)
    .values([
      { name: "Health Credit", preferences: { industryPreferences: ["Healthcare"], statePreferences: ["Illinois"] } },
      { name: "Energy Capital", preferences: { industryPreferences: ["Energy"], statePreferences: ["TX"] } },
    ])
    .returning();
  healthFund = health!.id;
  energyFund = energy!.id;
  // more listings than a first batch scores, half of each industry, and a draft no buyer sees
  const rows = await t.db
    .insert(projects)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        sellerId: seller.id,
        kind: "loan_pool" as const,
        status: "published" as const,
        projectName: `Pool ${i}`,
        industry: i % 2 ? "Energy" : "Healthcare",
        location: "Midwest",
        state: i % 2 ? "TX" : "IL",
        size: 7_000_000,
        term: "Performing",
      })),
    )
    .returning({ id: projects.id });
  listings.push(...rows.map((r) => r.id));
  // past behaviour: a member of the health fund spent half an hour on two healthcare listings, which
  // earns its matches in that industry a reason (and points) of its own
  const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  await t.db.update(users).set({ customerId: healthFund }).where(eq(users.id, member.id));
  const start = Date.now() - 86_400_000;
  await t.db.insert(pageSessions).values(
    [listings[0]!, listings[2]!].map((projectId, i) => ({
      sessionId: `behaviour-${i}`,
      userId: member.id,
      route: `/projects/more-details/${projectId}`,
      pageType: "company-before-nda" as const,
      projectId,
      sessionStart: new Date(start),
      sessionEnd: new Date(start + 900_000),
      totalDuration: 900_000,
      activeTime: 900_000,
      scrollDepthMax: 80,
      record: {},
    })),
  );
  for (const id of listings) await recomputeProjectMatches(t.db, { projectId: id });
});
afterAll(() => t.cleanup());

describe("scoring every match again after new weights", () => {
  it("scores every listing within the request when there is little to do, as scoring each listing on its own would", async () => {
    const weights = { ...DEFAULT_WEIGHTS, location: 0 };
    expect(await saveMatchWeights(t.db, { weights, actor: admin })).toBe(0);
    const after = await stored();
    for (const id of listings) await recomputeProjectMatches(t.db, { projectId: id });
    expect(await stored()).toEqual(after);
    expect(after[`${listings[0]}/${healthFund}`]).toBeGreaterThan(0);
    const [reasoned] = await t.db.select().from(matches).where(and(eq(matches.projectId, listings[4]!), eq(matches.customerId, healthFund)));
    expect(reasoned!.reasons.map((r) => r.reason)).toContain("30 min on similar projects");
    expect(after[`${listings[0]}/${energyFund}`]).toBeUndefined();
    expect(await listingsToRescore(t.db)).toBe(0);
  });

  it("past the request's budget, leaves the rest queued with the old scores, and housekeeping (after a restart too) finishes them", async () => {
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin });
    const old = await stored();
    // the request's budget spent after its first batch
    const left = await saveMatchWeights(t.db, { weights: { ...DEFAULT_WEIGHTS, industry: 0, location: 0 }, actor: admin, budgetMs: 0 });
    expect(left).toBe(60 - FIRST_BATCH);
    expect(await listingsToRescore(t.db)).toBe(60 - FIRST_BATCH);
    const midway = await stored();
    const [first, last] = [listings[0]!, listings.at(-1)!];
    expect(midway[`${first}/${healthFund}`]).not.toBe(old[`${first}/${healthFund}`]);
    expect(midway[`${last}/${energyFund}`]).toBe(old[`${last}/${energyFund}`]);
    // a server started afresh: its housekeeping takes the queue up where the request left it
    await runMaintenance(t.db, { ...parseEnv({}), SESSION_SECRET: "s", APP_URL: "https://market.example" } as Env);
    expect(await listingsToRescore(t.db)).toBe(0);
    const done = await stored();
    for (const id of listings) await recomputeProjectMatches(t.db, { projectId: id });
    expect(await stored()).toEqual(done);
    expect(done[`${last}/${energyFund}`]).not.toBe(old[`${last}/${energyFund}`]);
  });

  it("lets one drainer at a time work the queue: another waits for its lease, and takes over once it has lapsed (a drainer cut off)", async () => {
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin, budgetMs: 0 });
    const now = Date.now();
    await t.db.update(systemSettings).set({ value: now + 60_000 }).where(eq(systemSettings.key, "matchQueueLease"));
    expect(await drainMatchQueue(t.db, { budgetMs: Infinity })).toBe(60 - FIRST_BATCH);
    expect(await drainMatchQueue(t.db, { budgetMs: Infinity, now: () => now + 61_000 })).toBe(0);
  });

  it("drops the matches of a listing withdrawn while it waited, and of a buyer company disabled meanwhile", async () => {
    // the last listing waits behind the request's one batch
    const withdrawn = listings.at(-1);
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin, budgetMs: 0 });
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, withdrawn!));
    await t.db.update(customers).set({ enabled: false }).where(eq(customers.id, healthFund));
    await drainMatchQueue(t.db, { budgetMs: Infinity });
    expect(await t.db.select().from(matches).where(eq(matches.projectId, withdrawn!))).toEqual([]);
    const waited = new Set(listings.slice(FIRST_BATCH));
    const health = await t.db.select().from(matches).where(eq(matches.customerId, healthFund));
    expect(health.filter((m) => waited.has(m.projectId))).toEqual([]);
    expect(await t.db.select().from(matchQueue)).toEqual([]);
    await t.db.update(customers).set({ enabled: true }).where(eq(customers.id, healthFund));
  });

  it("with nothing queued, housekeeping's drain reads the queue alone and writes nothing: no past behaviour over every page session, no lease", async () => {
    await drainMatchQueue(t.db, { budgetMs: Infinity });
    const [leaseBefore] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, "matchQueueLease"));
    const logged: string[] = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql) => void logged.push(sql) } }) as unknown as Database;
    expect(await drainMatchQueue(db, { budgetMs: Infinity, now: () => Date.now() + 120_000 })).toBe(0);
    // at the survey's scale the past behaviour alone (every page session summed) held Node's thread 2.5-2.9 s every minute
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/from "match_queue"/);
    expect(logged.join("\n")).not.toMatch(/page_sessions|system_settings/);
    const [leaseAfter] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, "matchQueueLease"));
    expect(leaseAfter).toEqual(leaseBefore);
  });

  it("reads past behaviour an industry at a time, as a batch first needs it: never summed over every page session at once", async () => {
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin, budgetMs: 0 });
    const logged: string[] = [];
    const db = drizzle(t.client, { schema, logger: { logQuery: (sql) => void logged.push(sql) } }) as unknown as Database;
    expect(await drainMatchQueue(db, { budgetMs: Infinity })).toBe(0);
    const behaviourReads = logged.filter((sql) => /from "page_sessions"/.test(sql));
    // the queue's two industries, each read once however many batches needed it
    expect(behaviourReads).toHaveLength(2);
    for (const sql of behaviourReads) expect(sql).toMatch(/"projects"\."industry" = \?/);
  });

  it("takes a batch's listings off the queue by their keys: never by a look at every listing queued", async () => {
    await saveMatchWeights(t.db, { weights: DEFAULT_WEIGHTS, actor: admin, budgetMs: 0 });
    // a batch's statements, as the client is sent them (drizzle's logger does not see a batch)
    const sent: Array<{ sql: string; args: unknown[] }> = [];
    const batch = t.client.batch.bind(t.client);
    t.client.batch = ((statements: Array<{ sql: string; args?: unknown[] }>, mode?: never) => {
      for (const s of statements) sent.push({ sql: s.sql, args: s.args ?? [] });
      return batch(statements as never, mode);
    }) as typeof t.client.batch;
    try {
      expect(await drainMatchQueue(t.db, { budgetMs: Infinity })).toBe(0);
    } finally {
      t.client.batch = batch;
    }
    const taken = sent.filter((q) => /^delete from "match_queue"/.test(q.sql));
    expect(taken.length).toBeGreaterThan(0);
    // a batch's exists over the whole queue made an upload of 10,000 listings take 45 s to score (npm run bench:import)
    for (const { sql, args } of taken) {
      const plan = (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((r) => String(r.detail)).join(" ; ");
      expect(plan).toMatch(/SEARCH match_queue USING (INTEGER PRIMARY KEY|INDEX)/);
      expect(plan).not.toMatch(/SCAN match_queue/);
    }
  });

  it("lets the server answer others between the listings of a batch, however few companies each is scored for", async () => {
    const own = await createTestDatabase();
    try {
      // fewer companies than the scoring's turn every thousand: a batch's listings took no turn between them
      await own.db.insert(customers).values(Array.from({ length: 300 }, (_, i) => ({ name: `Fund ${i}`, preferences: { industryPreferences: ["Healthcare"] } })));
      const owner = await makeUser(own.db, { roles: ["ROLE_SELLER"] });
      await own.db.insert(projects).values(
        Array.from({ length: FIRST_BATCH }, (_, i) => ({
          sellerId: owner.id, kind: "loan_pool" as const, status: "published" as const, projectName: `Pool ${i}`, industry: "Healthcare", location: "Midwest", state: "IL", size: 7_000_000, term: "Performing",
        })),
      );
      await queueListings(own.db, eq(projects.status, "published"));
      const { result: left, turns } = await turnsDuring(() => drainMatchQueue(own.db, { budgetMs: 0 }));
      expect(left).toBe(0);
      expect(await own.db.$count(matches)).toBe(FIRST_BATCH * 300);
      expect(turns).toBeGreaterThanOrEqual(FIRST_BATCH - 1);
    } finally {
      own.cleanup();
    }
  });
});
