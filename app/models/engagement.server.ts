import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { pageSessions, projects, users } from "~/.server/db/schema";
import type { PageType } from "~/lib/analytics/page-session";

/** Which buyers looked at a project's pages, how long, and when last (from their page sessions). */
export async function projectViewers(db: Database, projectId: number) {
  return db
    .select({
      userId: pageSessions.userId,
      name: users.name,
      company: users.company,
      sessions: sql<number>`count(*)`,
      totalTime: sql<number>`sum(${pageSessions.totalDuration})`,
      activeTime: sql<number>`sum(${pageSessions.activeTime})`,
      lastVisit: sql<number>`max(${pageSessions.sessionEnd})`,
    })
    .from(pageSessions)
    .innerJoin(users, eq(users.id, pageSessions.userId))
    .where(eq(pageSessions.projectId, projectId))
    .groupBy(pageSessions.userId)
    .orderBy(desc(sql`max(${pageSessions.sessionEnd})`));
}

export type SessionFilters = { email?: string; projectId?: number; pageType?: PageType; from?: string; to?: string };

/** The admin's view: page sessions with filters, newest first, and their totals. */
export async function listPageSessions(db: Database, filters: SessionFilters, limit = 200) {
  const where: SQL[] = [];
  if (filters.email) where.push(eq(users.email, filters.email.toLowerCase()));
  if (filters.projectId) where.push(eq(pageSessions.projectId, filters.projectId));
  if (filters.pageType) where.push(eq(pageSessions.pageType, filters.pageType));
  if (filters.from) where.push(gte(pageSessions.sessionStart, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) where.push(lt(pageSessions.sessionStart, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
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
      .where(condition)
      .orderBy(desc(pageSessions.sessionStart))
      .limit(limit),
    db
      .select({
        sessions: sql<number>`count(*)`,
        totalTime: sql<number>`coalesce(sum(${pageSessions.totalDuration}), 0)`,
        activeTime: sql<number>`coalesce(sum(${pageSessions.activeTime}), 0)`,
      })
      .from(pageSessions)
      .innerJoin(users, eq(users.id, pageSessions.userId))
      .where(condition),
  ]);
  return { rows, totals: totals ?? { sessions: 0, totalTime: 0, activeTime: 0 } };
}
