import { and, count, eq, gte, inArray, lt, sql, type Column, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { contracts, inboundItems, offers, outbox, projects, users } from "~/.server/db/schema";
import { lastDays } from "~/lib/charts";
import { INBOUND_KINDS, type InboundKind } from "~/lib/inbound";

/**
 * What waits for an admin and what happened this week, counted for the admin's home.
 * Each is one round trip (a UNION ALL of counts) over indexes, so it stays cheap
 * however many projects, NDAs and sign-ups there are.
 */

export type AdminAttention = {
  /** New (untouched) inbound items by kind. */
  inbound: Record<InboundKind, number>;
  /** Projects a seller submitted that wait for an admin's review. */
  review: number;
  /** Signed NDAs that wait for approval. */
  ndas: number;
  /** Messages the outbox gave up on. */
  outboxFailed: number;
  /** The projects with the most NDAs waiting (where an admin approves them), oldest signature first. */
  ndaProjects: { id: number; projectName: string; waiting: number }[];
};

/** An NDA signed and not yet approved or rejected: the only state an admin acts on. */
const NDA_WAITING = "Signed";

const key = (name: string) => sql<string>`${name}`.as("key");

/** The home's reads, built once (every admin's home runs them): what waits, and this week's activity. */
const ATTENTION_COUNTS = preparedQuery((db) =>
  unionAll(
    db
      .select({ key: sql<string>`${inboundItems.kind}`.as("key"), count: count() })
      .from(inboundItems)
      // naming every kind lets the (kind, status) index be searched rather than scanned
      .where(and(inArray(inboundItems.kind, INBOUND_KINDS), eq(inboundItems.status, "new")))
      .groupBy(inboundItems.kind),
    db.select({ key: key("review"), count: count() }).from(projects).where(eq(projects.status, "submitted")),
    db.select({ key: key("ndas"), count: count() }).from(contracts).where(eq(contracts.ndaStatus, NDA_WAITING)),
    db.select({ key: key("outbox"), count: count() }).from(outbox).where(eq(outbox.status, "failed")),
  ).prepare(),
);
// the waiting NDAs grouped by project in the (status, project, signature) index alone, and only the five
// projects shown read: joined before grouping, 6,900 waiting NDAs read a project row each (3.3 ms)
const NDA_PROJECTS = preparedQuery((db) => {
  const first = sql<number>`min(${contracts.signedAt})`;
  const waiting = db
    .select({ projectId: contracts.projectId, waiting: count().as("waiting"), first: first.as("first") })
    .from(contracts)
    .where(eq(contracts.ndaStatus, NDA_WAITING))
    .groupBy(contracts.projectId)
    // ties by the project's id: the order is the same on every load
    .orderBy(first, contracts.projectId)
    .limit(5)
    .as("waiting");
  return db
    .select({ id: projects.id, projectName: projects.projectName, waiting: waiting.waiting })
    .from(waiting)
    .innerJoin(projects, eq(projects.id, waiting.projectId))
    .orderBy(sql`${waiting.first}`, waiting.projectId)
    .prepare();
});

export async function adminAttention(db: Database): Promise<AdminAttention> {
  // reads started together: on D1 they go as one call with the page's other reads (a batch() would be a call of its own)
  const [counts, ndaProjects] = await Promise.all([ATTENTION_COUNTS(db).all(), NDA_PROJECTS(db).all()]);
  const by = new Map(counts.map((r) => [r.key, Number(r.count)]));
  return {
    inbound: Object.fromEntries(INBOUND_KINDS.map((kind) => [kind, by.get(kind) ?? 0])) as Record<InboundKind, number>,
    review: by.get("review") ?? 0,
    ndas: by.get("ndas") ?? 0,
    outboxFailed: by.get("outbox") ?? 0,
    ndaProjects,
  };
}

export const WEEK_METRICS = ["signups", "ndasRequested", "ndasSigned", "offers"] as const;
export type WeekMetric = (typeof WEEK_METRICS)[number];
export type WeekActivity = { days: readonly string[] } & Record<WeekMetric, number[]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

// Each day is counted as a range of its column's index (the placeholders are the days' bounds, in ms
// as the columns hold them): no row's day is worked out. Grouping by strftime of each row's time cost
// 22 ms at 22,000 sign-ups and 45,000 NDAs in one week; counting the ranges, 1.5 ms. One row of 28
// counts, each a subquery: D1 refuses a compound select of more than 5 terms.
const WEEK_COUNTS = preparedQuery((db) => {
  const from = (i: number) => sql.placeholder(`from${i}`);
  const daily = (metric: WeekMetric, table: typeof users | typeof contracts | typeof offers, column: Column) =>
    Array.from({ length: WEEK_DAYS }, (_, i) => [
      `${metric}${i}`,
      sql<number>`(${db
        .select({ count: count() })
        .from(table)
        .where(and(gte(column, from(i)), lt(column, from(i + 1))))})`,
    ]);
  const counts = Object.fromEntries([
    ...daily("signups", users, users.createdAt),
    ...daily("ndasRequested", contracts, contracts.requestedAt),
    ...daily("ndasSigned", contracts, contracts.signedAt),
    ...daily("offers", offers, offers.createdAt),
  ]) as Record<string, SQL<number>>;
  // a select needs a source in Drizzle; the counts read none of it
  return db.select(counts).from(sql`(select 1)`).prepare();
});

/** Sign-ups, NDAs requested and signed, and offers made on each of the last 7 UTC days. */
export async function weekActivity(db: Database, { now }: { now: Date }): Promise<WeekActivity> {
  const days = lastDays(now, WEEK_DAYS);
  const start = Date.parse(`${days[0]}T00:00:00Z`);
  const bounds = Object.fromEntries(Array.from({ length: WEEK_DAYS + 1 }, (_, i) => [`from${i}`, start + i * DAY_MS]));
  const [counts = {}] = await WEEK_COUNTS(db).all(bounds);
  const of = (metric: WeekMetric) => days.map((_, i) => Number(counts[`${metric}${i}`] ?? 0));
  return { days, signups: of("signups"), ndasRequested: of("ndasRequested"), ndasSigned: of("ndasSigned"), offers: of("offers") };
}
