import { and, count, eq, gte, inArray, isNotNull, sql, type Column } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { contracts, inboundItems, offers, outbox, projects, users } from "~/.server/db/schema";
import { lastDays, perDay } from "~/lib/charts";
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
const NDA_PROJECTS = preparedQuery((db) =>
  db
    .select({ id: projects.id, projectName: projects.projectName, waiting: count() })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(eq(contracts.ndaStatus, NDA_WAITING))
    .groupBy(projects.id)
    .orderBy(sql`min(${contracts.signedAt})`)
    .limit(5)
    .prepare(),
);

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

// the first day counted is a placeholder, in ms as the columns hold it
const WEEK_ROWS = preparedQuery((db) => {
  const daily = (metric: WeekMetric, column: Column) => {
    const day = sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
    return { select: { metric: sql<WeekMetric>`${metric}`.as("metric"), day: day.as("day"), count: count() }, day, where: gte(column, sql.placeholder("since")) };
  };
  const s = daily("signups", users.createdAt);
  const r = daily("ndasRequested", contracts.requestedAt);
  const g = daily("ndasSigned", contracts.signedAt);
  const o = daily("offers", offers.createdAt);
  return unionAll(
    db.select(s.select).from(users).where(s.where).groupBy(s.day),
    db.select(r.select).from(contracts).where(r.where).groupBy(r.day),
    db.select(g.select).from(contracts).where(and(isNotNull(contracts.signedAt), g.where)).groupBy(g.day),
    db.select(o.select).from(offers).where(o.where).groupBy(o.day),
  ).prepare();
});

/** Sign-ups, NDAs requested and signed, and offers made on each of the last 7 UTC days. */
export async function weekActivity(db: Database, { now }: { now: Date }): Promise<WeekActivity> {
  const days = lastDays(now, 7);
  const rows = await WEEK_ROWS(db).all({ since: Date.parse(`${days[0]}T00:00:00Z`) });
  const of = (metric: WeekMetric) => perDay(days, rows.filter((row) => row.metric === metric));
  return { days, signups: of("signups"), ndasRequested: of("ndasRequested"), ndasSigned: of("ndasSigned"), offers: of("offers") };
}
