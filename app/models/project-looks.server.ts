import { desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { oncePerDatabase, preparedQuery } from "~/.server/db/prepared";
import type { LookRow } from "~/.server/services";
import { dailyProjectLooks, projects, recentlyViewed, users } from "~/.server/db/schema";
import { canSee, type Viewer } from "./projects.server";
import { recomputeAfterLooks } from "./responsiveness.server";

// Members' looks at listings: impressions (a search's results) and views (a teaser), each counted
// once a day per member and project, and the member's recently viewed list. Pages hand looks on
// (handingOnLooks) and they are written later in batches (storeLooks): no page writes while it answers.

/** The UTC day a look falls on: the unit a member is counted once in. */
export const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * A look of the listing's own seller or of a colleague at the seller's company is no buyer's
 * interest: not counted (a member who also buys sees their team's listings in the search, and their
 * impressions counted on them). Each look's project and members read by their keys; a member of no
 * company is nobody's colleague.
 */
const notOwnCompany = ({ member, project }: { member: number; project: number }) => {
  const [memberId, projectId] = [sql.raw(`value ->> ${member}`), sql.raw(`value ->> ${project}`)];
  return sql`not exists (select 1 from ${projects} p join ${users} s on s.id = p.seller_id where p.id = ${projectId} and (p.seller_id = ${memberId} or s.customer_id = (select m.customer_id from ${users} m where m.id = ${memberId})))`;
};

/** A member's second look within a minute does not move "recently viewed" (no write for a reload). */
const RECENT_VIEW_RESOLUTION_MS = 60_000;

/** The results a member is shown count as impressions, once a day per member and project: one look written as a batch's are. */
export async function recordImpressions(db: Database, { userId, projectIds }: { userId: number; projectIds: number[] }, now = Date.now()) {
  await storeLooks(db, [{ kind: "impression", userId, projectIds, at: now }]);
}

/** A view of the project page (once a day per member), and the member's recently viewed list: one look written as a batch's are. */
export async function recordView(db: Database, { userId, projectId }: { userId: number; projectId: number }, now = Date.now()) {
  await storeLooks(db, [{ kind: "view", userId, projectIds: [projectId], at: now }]);
}

/**
 * The looks the request handlers queued (Services.recordLook), written in arrival order: each
 * counts once a day per member and project, whenever the batch lands.
 *
 * A batch is one D1 call, whatever its size (a queue's batch of 100 looks was a call per look and a
 * read per teaser, some 150 calls, where Workers allow 50 an invocation on the free plan): every
 * day row of the batch in one insert, the projects of the rows it added counted in one update, those
 * rows marked counted, and the recently viewed lists moved in one upsert, each statement binding the
 * batch as one JSON list (D1 binds 100 parameters a statement). Then one read for which views may
 * answer an invitation. The rows are noted as written only once the batch went: a batch refused
 * is written a look at a time (writeQueued), and must not find them noted.
 */
export async function storeLooks(db: Database, rows: LookRow[]) {
  const stored = storedLooks(db);
  // what this batch writes, noted as it is read so that a look known from earlier in it is left out as one known from before
  const inBatch = lookMemory();
  const known = (row: LookRow, projectId: number, withinMs: number) => stored.knows(row, projectId, withinMs) || inBatch.knows(row, projectId, withinMs);
  const written: { row: LookRow; projectIds: number[] }[] = [];
  const dayRows = new Map<string, [LookRow["kind"], number, number, string]>();
  const recent: [number, number, number][] = [];
  // a look answers an invitation to view: worked out once per member and project, after the batch's
  // writes and as of its last look there
  const answering = new Map<string, { userId: number; projectId: number; at: number }>();
  for (const row of rows) {
    const fresh = row.projectIds.filter((projectId) => !known(row, projectId, row.kind === "impression" ? Infinity : RECENT_VIEW_RESOLUTION_MS));
    inBatch.note(row, fresh);
    written.push({ row, projectIds: fresh });
    for (const projectId of fresh) {
      const day = dayOf(row.at);
      dayRows.set(`${row.kind}:${row.userId}:${projectId}:${day}`, [row.kind, row.userId, projectId, day]);
      if (row.kind === "view") recent.push([row.userId, projectId, row.at]);
    }
    for (const projectId of row.kind === "view" ? row.projectIds : []) {
      const key = `${row.userId}:${projectId}`;
      answering.set(key, { userId: row.userId, projectId, at: Math.max(row.at, answering.get(key)?.at ?? 0) });
    }
  }
  if (dayRows.size) {
    const looks = JSON.stringify([...dayRows.values()]);
    // the batch's members and days: the rows among theirs not yet counted are the ones this batch added
    const groups = JSON.stringify([...new Map([...dayRows.values()].map(([kind, userId, , day]) => [`${kind}:${userId}:${day}`, [kind, userId, day]])).values()]);
    const newRows = (columns: string, extra = "") =>
      sql`select ${sql.raw(columns)} from json_each(${groups}) m join daily_project_looks d on d.kind = m.value ->> 0 and d.user_id = m.value ->> 1 and d.day = m.value ->> 2 where d.counted = 0${sql.raw(extra)}`;
    const counted = (kind: LookRow["kind"]) => sql`${sql.raw(kind === "view" ? "views" : "impressions")} + (${newRows("count(*)", ` and m.value ->> 0 = '${kind}' and d.project_id = projects.id`)})`;
    await db.batch([
      db
        .insert(dailyProjectLooks)
        .select(sql`select value ->> 0, value ->> 1, value ->> 2, value ->> 3, 0 from json_each(${looks}) where ${notOwnCompany({ member: 1, project: 2 })}`)
        .onConflictDoNothing(),
      db
        .update(projects)
        .set({ views: counted("view"), impressions: counted("impression") })
        .where(sql`${projects.id} in (${newRows("d.project_id")})`),
      db.update(dailyProjectLooks).set({ counted: true }).where(sql`rowid in (${newRows("d.rowid")})`),
      ...(recent.length
        ? [
            db
              .insert(recentlyViewed)
              // nor is the team's own listing among a colleague's looks (the desk's pipeline lists them)
              .select(sql`select value ->> 0, value ->> 1, value ->> 2 from json_each(${JSON.stringify(recent)}) where ${notOwnCompany({ member: 0, project: 1 })}`)
              // in the batch's order, as a view at a time: the list moves when the last move is a minute old
              .onConflictDoUpdate({
                target: [recentlyViewed.userId, recentlyViewed.projectId],
                set: { viewedAt: sql`excluded.viewed_at` },
                setWhere: sql`${recentlyViewed.viewedAt} < excluded.viewed_at - ${sql.raw(String(RECENT_VIEW_RESOLUTION_MS))}`,
              }),
          ]
        : []),
    ] as unknown as Parameters<typeof db.batch>[0]);
  }
  for (const { row, projectIds } of written) stored.note(row, projectIds);
  await recomputeAfterLooks(db, [...answering.values()]);
}

/**
 * Looks noted lately, by member, project and kind: whether one is known within a time and the
 * same day. A day's members and projects at most; past that it starts again, which only costs writes.
 */
function lookMemory() {
  const at = new Map<string, number>();
  const keyOf = (row: LookRow, projectId: number) => `${row.kind}:${row.userId}:${projectId}`;
  return {
    knows(row: LookRow, projectId: number, withinMs: number) {
      const before = at.get(keyOf(row, projectId));
      return before !== undefined && row.at >= before && row.at - before < withinMs && dayOf(before) === dayOf(row.at);
    },
    note(row: LookRow, projectIds: number[]) {
      if (at.size > 50_000) at.clear();
      for (const projectId of projectIds) at.set(keyOf(row, projectId), row.at);
    },
  };
}

/**
 * The looks this process wrote lately. Writing one again would change nothing: an impression
 * counted today stays counted all day; a view counted today moves "recently viewed" only after a
 * minute. A reload of the search or a teaser then costs no write (a search page is 20 impressions).
 */
const storedLooks = oncePerDatabase(lookMemory);

/**
 * Looks as the pages hand them on: a member's impression of a project that this boot (a process on
 * Node, an isolate's bindings on Workers) handed on today already is left out, and a look with none left is not sent at all.
 * On Workers each look is a queue message and a batch for its consumer, and each reload of a search
 * is 25 impressions that change nothing. An impression is noted once it went: one refused with
 * its guessed answer (decision 040) is sent by the answer made again. Views always go: a view
 * may answer an invitation sent since the last one.
 */
const handedOnByBoot = new WeakMap<object, ReturnType<typeof lookMemory>>();
export function handingOnLooks(boot: object, send: (row: LookRow) => Promise<boolean>) {
  let handedOn = handedOnByBoot.get(boot);
  if (!handedOn) handedOnByBoot.set(boot, (handedOn = lookMemory()));
  const memory = handedOn;
  return (row: LookRow) => {
    if (row.kind !== "impression") return void send(row);
    const fresh = row.projectIds.filter((projectId) => !memory.knows(row, projectId, Infinity));
    if (!fresh.length) return;
    void send({ ...row, projectIds: fresh }).then((went) => went && memory.note(row, fresh));
  };
}

/** Only today's rows decide anything; older ones go with the housekeeping. */
export async function pruneDailyLooks(db: Database, now = Date.now()) {
  await db.delete(dailyProjectLooks).where(lt(dailyProjectLooks.day, dayOf(now - 86_400_000)));
}

// on every member's home page: built once
const recentlyViewedBy = preparedQuery((db) =>
  db
    .select({ project: projects, viewedAt: recentlyViewed.viewedAt })
    .from(recentlyViewed)
    .innerJoin(projects, eq(projects.id, recentlyViewed.projectId))
    .where(eq(recentlyViewed.userId, sql.placeholder("userId")))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export async function listRecentlyViewed(db: Database, viewer: Viewer, limit = 8) {
  const rows = await recentlyViewedBy(db).all({ userId: viewer.id, limit: limit * 2 });
  return rows.filter((r) => canSee(viewer, r.project)).slice(0, limit);
}
