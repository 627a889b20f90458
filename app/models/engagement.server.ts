import { and, desc, eq, gte, lt, ne, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { contracts, feedback, offers, pageSessions, projects, recentlyViewed, users } from "~/.server/db/schema";
import { lastDays, perDay } from "~/lib/charts";
import { DESK_TABLE_PAGE_SIZE, NDA_APPROVED } from "~/lib/deal";
import { PAGE_TYPES, type PageType } from "~/lib/analytics/page-types";
import { sessionTotals, sessionsByDayAndType } from "./page-session-days.server";
import { sellerOfProject } from "./projects.server";
import { ndaSignedOn } from "./buyer-identity.server";
import { pageCarryingTotal } from "./list-query.server";

/**
 * A page of the members who looked at a project's pages, how long and when last (latest first, the
 * visits of the seller's company left out), and how many there are. A page past the last (a stale or made-up
 * `?viewers=`) shows the last, as the desk's other lists do, not an empty "No tracked visits yet".
 */
export async function projectViewers(db: Database, projectId: number, { page = 1 }: { page?: number } = {}) {
  return pageCarryingTotal((offset) => viewersOfProject(db).all({ projectId, offset }), { page, pageSize: VIEWERS_PAGE_SIZE });
}

const member = sql.identifier("member");
const sellerMember = sql.identifier("seller_member");

/**
 * A project's sessions that may be buyers' interest: neither its seller's nor a colleague's at the
 * seller's company, who open the project to check or edit it and would show as a buyer. Each row's
 * member is read by primary key; the seller's company once (a seller of no company has no colleagues).
 */
function byBuyers(projectId: Placeholder, userId: Column = pageSessions.userId) {
  const seller = sellerOfProject(projectId);
  const company = sql`(select ${sellerMember}.customer_id from ${users} as ${sellerMember} where ${sellerMember}.id = ${seller})`;
  return and(
    ne(userId, seller),
    sql`not exists (select 1 from ${users} as ${member} where ${member}.id = ${userId} and ${member}.customer_id = ${company})`,
  );
}

/** The viewers a desk page shows (written into the statement: decision 045). */
export const VIEWERS_PAGE_SIZE = DESK_TABLE_PAGE_SIZE;

// every project page's desk reads it: built once. The page of viewers is chosen and summed first,
// with how many there are counted over the same groups (a count of its own read the project's
// sessions, and looked up each one's member, a second time);
// whether each of its members signed the project's NDA (which decides whether the desk names them)
// is then read for the page's alone
const viewersOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  const page = db
    .select({
      userId: pageSessions.userId,
      name: users.name,
      company: users.company,
      sessions: sql<number>`count(*)`.as("sessions"),
      totalTime: sql<number>`sum(${pageSessions.totalDuration})`.as("total_time"),
      activeTime: sql<number>`sum(${pageSessions.activeTime})`.as("active_time"),
      lastVisit: sql<number>`max(${pageSessions.sessionEnd})`.as("last_visit"),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(pageSessions)
    .innerJoin(users, eq(users.id, pageSessions.userId))
    .where(and(eq(pageSessions.projectId, projectId), byBuyers(projectId)))
    .groupBy(pageSessions.userId)
    .orderBy(desc(sql`max(${pageSessions.sessionEnd})`), pageSessions.userId)
    .limit(VIEWERS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .as("page");
  return db
    .select({
      userId: page.userId,
      name: page.name,
      company: page.company,
      sessions: page.sessions,
      totalTime: page.totalTime,
      activeTime: page.activeTime,
      lastVisit: page.lastVisit,
      ndaSigned: ndaSignedOn(projectId, sql`${sql.identifier("page")}.${sql.identifier("user_id")}`),
      total: page.total,
    })
    .from(page)
    .orderBy(desc(page.lastVisit), page.userId)
    .prepare();
});

export type SessionFilters = { email?: string; projectId?: number; pageType?: PageType; from?: string; to?: string };

/** Sessions on a page of the admin's table. */
export const PAGE_SESSIONS_PAGE_SIZE = 50;

/** The admin's view: one page of the page sessions matching the filters, newest first, and their totals. */
export async function listPageSessions(db: Database, filters: SessionFilters, { page = 1, pageSize = PAGE_SESSIONS_PAGE_SIZE } = {}) {
  const where: SQL[] = [];
  if (filters.email) where.push(eq(users.email, filters.email.toLowerCase()));
  if (filters.projectId) where.push(eq(pageSessions.projectId, filters.projectId));
  if (filters.pageType) where.push(eq(pageSessions.pageType, filters.pageType));
  if (filters.from) where.push(gte(pageSessions.sessionStart, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) where.push(lt(pageSessions.sessionStart, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
  const condition = where.length ? and(...where) : undefined;
  const rowsAt = (at: number) => {
    const offset = (at - 1) * pageSize;
    return !condition && pageSize === PAGE_SESSIONS_PAGE_SIZE
      ? newestSessions(db).all({ offset })
      : sessionRows(db).where(condition).orderBy(desc(pageSessions.sessionStart)).limit(pageSize).offset(offset);
  };
  const asked = Math.max(1, page);
  const [found, [counted]] = await Promise.all([
    rowsAt(asked),
    // the whole market's figures come from the daily sums; one member's or one project's from their indexes
    filters.email || filters.projectId
      ? db
          .select({
            sessions: sql<number>`count(*)`,
            totalTime: sql<number>`coalesce(sum(${pageSessions.totalDuration}), 0)`,
            activeTime: sql<number>`coalesce(sum(${pageSessions.activeTime}), 0)`,
          })
          .from(pageSessions)
          .innerJoin(users, eq(users.id, pageSessions.userId))
          .where(condition)
      : sessionTotals(db, filters).then((t) => [t]),
  ]);
  const totals = counted ?? { sessions: 0, totalTime: 0, activeTime: 0 };
  // a page past the last (a stale or made-up ?page=) shows the last, not "No page sessions match."
  const last = Math.max(1, Math.ceil(Number(totals.sessions) / pageSize));
  if (found.length || asked <= last) return { rows: found, totals, page: asked };
  return { rows: await rowsAt(last), totals, page: last };
}

const sessionRows = (db: Database) =>
  db
    .select({
      sessionId: pageSessions.sessionId,
      route: pageSessions.route,
      pageType: pageSessions.pageType,
      projectId: pageSessions.projectId,
      projectName: projects.projectName,
      sessionStart: pageSessions.sessionStart,
      totalDuration: pageSessions.totalDuration,
      activeTime: pageSessions.activeTime,
      scrollDepthMax: pageSessions.scrollDepthMax,
      name: users.name,
      email: users.email,
    })
    .from(pageSessions)
    .innerJoin(users, eq(users.id, pageSessions.userId))
    .leftJoin(projects, eq(projects.id, pageSessions.projectId))
    .$dynamic();

// the admin's analytics page opens on every session, newest first: that read is built once
const newestSessions = preparedQuery((db) =>
  sessionRows(db).orderBy(desc(pageSessions.sessionStart)).limit(PAGE_SESSIONS_PAGE_SIZE).offset(sql.placeholder("offset")).prepare(),
);

/**
 * Buyers' views of a project's pages on each of the last `period` UTC days, and their active time
 * in whole minutes. A view is a buyer on a day, however many visits they made (the Views figure
 * beside the chart counts the same way: decision 011); each visit is in the viewers' table. Visits
 * of the seller's company are not interest.
 */
export async function projectActivity(db: Database, { projectId, now, period = 90 }: { projectId: number; now: Date; period?: number }) {
  const days = lastDays(now, period);
  const rows = await activityOfProject(db).all({ projectId, since: new Date(`${days[0]}T00:00:00Z`).getTime() });
  return {
    days,
    views: perDay(days, rows.map((r) => ({ day: r.day, count: r.views }))),
    activeMinutes: perDay(days, rows.map((r) => ({ day: r.day, count: Math.round(Number(r.active) / 60_000) }))),
  };
}

// every project page's charts read these: built once
const activityOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  const day = sql<string>`strftime('%Y-%m-%d', ${pageSessions.sessionStart} / 1000, 'unixepoch')`;
  return db
    .select({ day: day.as("day"), views: sql<number>`count(distinct ${pageSessions.userId})`, active: sql<number>`sum(${pageSessions.activeTime})` })
    .from(pageSessions)
    .where(and(eq(pageSessions.projectId, projectId), byBuyers(projectId), gte(pageSessions.sessionStart, sql.placeholder("since"))))
    .groupBy(day)
    .prepare();
});

export const FUNNEL_STAGES = ["viewed", "signed", "approved", "offer"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * How many buyers got at least as far as each step of the deal on a project. A buyer
 * who signed without a tracked visit (tracking is off without JavaScript) still
 * viewed it, so each step counts the buyers of the steps after it too. Viewed is every
 * buyer the desk's pipeline lists: a tracked visit, or a teaser's view counted on the
 * server (a member without JavaScript), an NDA requested or a pass.
 */
export async function dealFunnel(db: Database, { projectId }: { projectId: number }): Promise<Record<FunnelStage, number>> {
  const [row] = await funnelOfProject(db).all({ projectId });
  return { viewed: Number(row?.viewed ?? 0), signed: Number(row?.signed ?? 0), approved: Number(row?.approved ?? 0), offer: Number(row?.offer ?? 0) };
}

// each buyer's furthest step is found and counted in SQL: the busiest project's ~1,400 step rows
// would otherwise all cross to JavaScript on every desk visit, for four numbers
const funnelOfProject = preparedQuery((db) => {
  const projectId = sql.placeholder("projectId");
  const step = (rank: number) => sql<number>`${sql.raw(String(rank))}`.as("rank");
  // an NDA only requested is a view: the request is made on the teaser
  const ndaStep = sql<number>`case when ${contracts.ndaStatus} = ${NDA_APPROVED} then 2 when ${contracts.signedAt} is not null then 1 else 0 end`.as("rank");
  const steps = unionAll(
    db.select({ buyerId: pageSessions.userId, rank: step(0) }).from(pageSessions).where(and(eq(pageSessions.projectId, projectId), byBuyers(projectId))),
    db.select({ buyerId: recentlyViewed.userId, rank: step(0) }).from(recentlyViewed).where(and(eq(recentlyViewed.projectId, projectId), byBuyers(projectId, recentlyViewed.userId))),
    db.select({ buyerId: feedback.buyerId, rank: step(0) }).from(feedback).where(eq(feedback.projectId, projectId)),
    db.select({ buyerId: contracts.buyerId, rank: ndaStep }).from(contracts).where(eq(contracts.projectId, projectId)),
    db.select({ buyerId: offers.buyerId, rank: step(3) }).from(offers).where(eq(offers.projectId, projectId)),
  ).as("steps");
  const furthest = db
    .select({ buyerId: steps.buyerId, rank: sql<number>`max(${steps.rank})`.as("furthest") })
    .from(steps)
    .groupBy(steps.buyerId)
    .as("furthest_steps");
  const reached = (rank: number) => sql<number>`count(*) filter (where ${furthest.rank} >= ${sql.raw(String(rank))})`;
  return db.select({ viewed: reached(0), signed: reached(1), approved: reached(2), offer: reached(3) }).from(furthest).prepare();
});

/**
 * Members' page sessions on each of the last `period` UTC days, split by page type:
 * one grouped query, laid on every day (a day without sessions counts 0).
 */
export async function sessionsPerDayByPageType(db: Database, { now, period = 90 }: { now: Date; period?: number }) {
  const days = lastDays(now, period);
  const rows = await sessionsByDayAndType(db, { firstDay: days[0]! });
  // one pass over the quarter's rows (some 360), laid on the days: the admin's analytics page asks on every load
  const byType = Object.fromEntries(PAGE_TYPES.map((type) => [type, new Array<number>(days.length).fill(0)])) as Record<PageType, number[]>;
  const at = dayIndexOf(days);
  for (const { day, pageType, sessions } of rows) {
    const i = at.get(day);
    if (i !== undefined && byType[pageType]) byType[pageType][i] = Number(sessions);
  }
  return { days, byType };
}

// the days of a period are one array all day long (lastDays keeps them): so is their index
const dayIndexes = new WeakMap<readonly string[], Map<string, number>>();
function dayIndexOf(days: readonly string[]) {
  let index = dayIndexes.get(days);
  if (!index) dayIndexes.set(days, (index = new Map(days.map((day, i) => [day, i]))));
  return index;
}
