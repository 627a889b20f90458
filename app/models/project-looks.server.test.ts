import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { withD1Limits } from "../../tests/support/d1-limits";
import { makeUser } from "~/seed/factories";
import { customers, dailyProjectLooks, pageSessions, projects, recentlyViewed, users } from "~/.server/db/schema";
import { handingOnLooks, pruneDailyLooks, recordImpressions, recordView, storeLooks } from "./project-looks.server";
import { decodeRow, encodeRow } from "~/.server/platform/queue-codec";
import type { LookRow, QueuedWrite } from "~/.server/services";
import { writeQueued } from "~/services.server";
import { documentAudit } from "./data-room.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let sellerId = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  sellerId = (await makeUser(t.db, { roles: ["ROLE_SELLER"] })).id;
});
afterAll(() => t.cleanup());

const MORNING = Date.parse("2026-11-23T08:00:00Z");
const EVENING = Date.parse("2026-11-23T23:59:00Z");
const NEXT_DAY = Date.parse("2026-11-24T00:01:00Z");

async function published(count = 1) {
  const rows = await t.db
    .insert(projects)
    .values(Array.from({ length: count }, (_, i) => ({ sellerId, kind: "insurance_loan" as const, status: "published" as const, projectName: `Looked at ${i}` })))
    .returning({ id: projects.id });
  return rows.map((r) => r.id);
}

async function counts(id: number) {
  const row = await t.db.query.projects.findFirst({ where: eq(projects.id, id), columns: { views: true, impressions: true } });
  return row!;
}

describe("looks handed on by the pages", () => {
  it("send a member's impression of a project once a day, views every time, and again what did not go", async () => {
    const sent: LookRow[] = [];
    let goes = true;
    const hand = handingOnLooks({}, async (row) => (sent.push(row), goes));
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    hand({ kind: "impression", userId: 7, projectIds: [1, 2], at: MORNING });
    await settled();
    // a reload of the page, and the next page of results
    hand({ kind: "impression", userId: 7, projectIds: [1, 2], at: MORNING + 1_000 });
    hand({ kind: "impression", userId: 7, projectIds: [2, 3], at: MORNING + 2_000 });
    hand({ kind: "view", userId: 7, projectIds: [1], at: MORNING + 3_000 });
    hand({ kind: "view", userId: 7, projectIds: [1], at: MORNING + 4_000 });
    await settled();
    // another member, and the same member the next day
    hand({ kind: "impression", userId: 8, projectIds: [1], at: EVENING });
    hand({ kind: "impression", userId: 7, projectIds: [1], at: NEXT_DAY });
    await settled();
    // refused (its answer was made again for someone else): the next one goes
    goes = false;
    hand({ kind: "impression", userId: 9, projectIds: [4], at: MORNING });
    await settled();
    goes = true;
    hand({ kind: "impression", userId: 9, projectIds: [4], at: MORNING + 1_000 });
    await settled();
    expect(sent.map((r) => [r.kind, r.userId, r.projectIds, r.at])).toEqual([
      ["impression", 7, [1, 2], MORNING],
      ["impression", 7, [3], MORNING + 2_000],
      ["view", 7, [1], MORNING + 3_000],
      ["view", 7, [1], MORNING + 4_000],
      ["impression", 8, [1], EVENING],
      ["impression", 7, [1], NEXT_DAY],
      ["impression", 9, [4], MORNING],
      ["impression", 9, [4], MORNING + 1_000],
    ]);
  });
});

describe("views and impressions", () => {
  it("arrive in batches from the writer after the response, and still count once a day per member", async () => {
    const [a, b] = await published(2);
    const buyer = await makeUser(t.db);
    await storeLooks(t.db, [
      { kind: "impression", userId: buyer.id, projectIds: [a!, b!], at: MORNING },
      { kind: "view", userId: buyer.id, projectIds: [a!], at: MORNING + 1_000 },
      { kind: "impression", userId: buyer.id, projectIds: [a!, b!], at: MORNING + 2_000 },
      { kind: "view", userId: buyer.id, projectIds: [a!], at: MORNING + 3_000 },
    ]);
    expect(await counts(a!)).toEqual({ views: 1, impressions: 1 });
    expect(await counts(b!)).toEqual({ views: 0, impressions: 1 });
    const recent = await t.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, buyer.id));
    expect(recent.map((r) => r.projectId)).toEqual([a]);
  });

  it("arrive as a batch of the Workers queue, each kind to its writer, and a second delivery adds nothing", async () => {
    const [a] = await published(1);
    const buyer = await makeUser(t.db);
    const sent: QueuedWrite[] = [
      { kind: "looks", row: { kind: "view", userId: buyer.id, projectIds: [a!], at: MORNING } },
      { kind: "looks", row: { kind: "impression", userId: buyer.id, projectIds: [a!], at: MORNING } },
    ];
    // what the consumer receives: the rows as the producer encoded them for the wire
    const batch = sent.map(({ kind, row }) => ({ kind, row: decodeRow(JSON.parse(JSON.stringify(encodeRow(row)))) }));
    await writeQueued(t.db, batch);
    expect(await counts(a!)).toEqual({ views: 1, impressions: 1 });
    await writeQueued(t.db, batch);
    expect(await counts(a!)).toEqual({ views: 1, impressions: 1 });
  });

  it("a full batch of looks from the Workers queue is a few D1 calls, and counts each member once a day per project", async () => {
    const ids = await published(20);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => makeUser(t.db)));
    // the queue's max_batch_size (wrangler.toml): each of ten buyers sees a page of results and
    // opens teasers (some twice, some a minute on), in the order they did
    const looks: LookRow[] = buyers.flatMap((buyer, b) =>
      Array.from({ length: 10 }, (_, i): LookRow => {
        const at = MORNING + b * 1_000 + i * 40_000;
        return i % 2 === 0
          ? { kind: "impression", userId: buyer.id, projectIds: ids.slice(b, b + 10), at }
          : { kind: "view", userId: buyer.id, projectIds: [ids[(b + i) % 4]!], at };
      }),
    );
    const batch: QueuedWrite[] = looks.map((row) => ({ kind: "looks", row }));
    expect(batch).toHaveLength(100);
    const members = (kind: LookRow["kind"], id: number) => new Set(looks.flatMap((l) => (l.kind === kind && l.projectIds.includes(id) ? [l.userId] : []))).size;
    const [viewers, shownTo] = [(id: number) => members("view", id), (id: number) => members("impression", id)];
    const expected = ids.map((id) => ({ views: viewers(id), impressions: shownTo(id) }));
    expect(expected.some((c) => c.views > 1) && expected.some((c) => c.impressions > 1)).toBe(true);

    const d1 = withD1Limits(t.client);
    expect(await writeQueued(d1.db, batch)).toEqual([]);
    expect(d1.seen.refused).toEqual([]);
    // a call apiece was 80 here (a batch per look written, a read per member and teaser seen)
    expect(d1.seen.calls).toBeLessThanOrEqual(3);
    expect(await Promise.all(ids.map(counts))).toEqual(expected);
    // each buyer's recently viewed list holds the teasers they opened
    for (const buyer of buyers) {
      const opened = new Set(looks.flatMap((l) => (l.kind === "view" && l.userId === buyer.id ? l.projectIds : [])));
      const recent = await t.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, buyer.id));
      expect(new Set(recent.map((r) => r.projectId))).toEqual(opened);
    }
    // delivered again (by another isolate, which remembers nothing): nothing more counted
    const again = withD1Limits(t.client);
    expect(await writeQueued(again.db, batch)).toEqual([]);
    expect(again.seen.calls).toBeLessThanOrEqual(3);
    expect(await Promise.all(ids.map(counts))).toEqual(expected);
  });

  it("openings of a data room arrive from the queue as rows of the seller's audit log, each at its time and address", async () => {
    const [a] = await published(1);
    const buyer = await makeUser(t.db, { name: "Dora Roomview" });
    const opened = (at: number, ipAddress: string): QueuedWrite => ({ kind: "data-room-views", row: { projectId: a!, userId: buyer.id, ipAddress, at } });
    expect(await writeQueued(t.db, [opened(MORNING, "198.51.100.7"), opened(EVENING, "203.0.113.9")])).toEqual([]);
    const log = (await documentAudit(t.db, a!)).rows;
    expect(log.map((e) => [e.action, e.documentName, e.userName, e.ipAddress, new Date(e.createdAt).getTime()])).toEqual([
      ["view", "Data room", "Dora Roomview", "203.0.113.9", EVENING],
      ["view", "Data room", "Dora Roomview", "198.51.100.7", MORNING],
    ]);
    // a Queue may deliver a batch again: its openings are in the log once
    expect(await writeQueued(t.db, [opened(MORNING, "198.51.100.7"), opened(EVENING, "203.0.113.9")])).toEqual([]);
    expect((await documentAudit(t.db, a!)).total).toBe(2);
  });

  it("a full batch of data-room openings from the Workers queue fits D1's limits: no statement refused, a few calls for a hundred rows", async () => {
    const [a] = await published(1);
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => makeUser(t.db, { name: `Opener ${i}` })));
    // the queue's max_batch_size (wrangler.toml): ten buyers opening the room ten times each
    const batch: QueuedWrite[] = buyers.flatMap((buyer, b) =>
      Array.from({ length: 10 }, (_, i) => ({ kind: "data-room-views" as const, row: { projectId: a!, userId: buyer.id, ipAddress: `198.51.100.${b}`, at: MORNING + i * 60_000 } })),
    );
    const d1 = withD1Limits(t.client);
    expect(await writeQueued(d1.db, batch)).toEqual([]);
    // one insert of 100 rows was 700 parameters: D1 refused it, and each row went again on its own
    expect(d1.seen.refused).toEqual([]);
    expect(d1.seen.calls).toBeLessThanOrEqual(3);
    expect((await documentAudit(t.db, a!)).total).toBe(100);
  });

  it("from the queue: a row the database refuses holds back only itself, and is answered for delivery again", async () => {
    const [a] = await published(1);
    const buyer = await makeUser(t.db);
    const session = (sessionId: string, userId: number) => ({
      kind: "page-sessions" as const,
      row: { sessionId, userId, route: "/home", pageType: "home", projectId: null, sessionStart: new Date(MORNING), sessionEnd: new Date(MORNING + 1_000), totalDuration: 1_000, activeTime: 500, scrollDepthMax: 0, record: {} },
    });
    const id = `q${Date.now().toString(36)}`;
    const failed = await writeQueued(t.db, [
      { kind: "looks", row: { kind: "view", userId: 999_999, projectIds: [a!], at: MORNING } },
      { kind: "looks", row: { kind: "view", userId: buyer.id, projectIds: [a!], at: MORNING } },
      session(`${id}-gone`, 999_999),
      session(`${id}-ok`, buyer.id),
    ]);
    // no such member: the first look and the first session; the others are written
    expect(failed).toEqual([0, 2]);
    expect((await counts(a!)).views).toBe(1);
    const stored = await t.db.select({ id: pageSessions.sessionId }).from(pageSessions).where(eq(pageSessions.userId, buyer.id));
    expect(stored.map((r) => r.id)).toEqual([`${id}-ok`]);
  });

  it("count a member's views once a day, however often they reload, and again the next day", async () => {
    const [id] = await published();
    const buyer = await makeUser(t.db);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, MORNING);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, MORNING + 1_000);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, EVENING);
    expect((await counts(id!)).views).toBe(1);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, NEXT_DAY);
    expect((await counts(id!)).views).toBe(2);
    // another member counts on their own
    await recordView(t.db, { userId: (await makeUser(t.db)).id, projectId: id! }, NEXT_DAY);
    expect((await counts(id!)).views).toBe(3);
  });

  it("count requests that arrive together once", async () => {
    const [id] = await published();
    const buyer = await makeUser(t.db);
    await Promise.all(Array.from({ length: 10 }, () => recordView(t.db, { userId: buyer.id, projectId: id! }, MORNING)));
    expect((await counts(id!)).views).toBe(1);
  });

  it("count each result of a search once a day per member, for pages of any length", async () => {
    const ids = await published(45);
    const buyer = await makeUser(t.db);
    await recordImpressions(t.db, { userId: buyer.id, projectIds: ids }, MORNING);
    await recordImpressions(t.db, { userId: buyer.id, projectIds: ids.slice(0, 10) }, MORNING + 5_000);
    await recordImpressions(t.db, { userId: buyer.id, projectIds: [...ids, ids[0]!] }, EVENING);
    expect((await Promise.all(ids.map(counts))).map((c) => c.impressions)).toEqual(ids.map(() => 1));
    await recordImpressions(t.db, { userId: buyer.id, projectIds: ids.slice(0, 2) }, NEXT_DAY);
    expect((await counts(ids[0]!)).impressions).toBe(2);
    expect((await counts(ids[2]!)).impressions).toBe(1);
    // a view is not an impression
    expect((await counts(ids[0]!)).views).toBe(0);
  });

  it("leave out the looks of the listing's own seller and of the seller's colleagues, who may also buy", async () => {
    const [team, fund] = await t.db.insert(customers).values([{ name: "Looking Bank", customerType: "seller" }, { name: "Looking Fund" }]).returning();
    const [owner, colleague, outsider, loner] = [
      await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] }),
      await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] }),
      await makeUser(t.db),
      await makeUser(t.db),
    ];
    await t.db.update(users).set({ customerId: team!.id }).where(inArray(users.id, [owner.id, colleague.id]));
    await t.db.update(users).set({ customerId: fund!.id }).where(eq(users.id, outsider.id));
    const [own] = await t.db.insert(projects).values({ sellerId: owner.id, kind: "insurance_loan", status: "published", projectName: "The team's own" }).returning({ id: projects.id });
    const [elsewhere] = await published();
    for (const member of [owner, colleague, outsider, loner]) await recordImpressions(t.db, { userId: member.id, projectIds: [own!.id, elsewhere!] }, MORNING);
    await recordView(t.db, { userId: colleague.id, projectId: own!.id }, MORNING);
    await recordView(t.db, { userId: outsider.id, projectId: own!.id }, MORNING);
    expect(await counts(own!.id)).toEqual({ views: 1, impressions: 2 });
    // the looks the desk's pipeline lists: the outsider's alone
    const looked = await t.db.select({ userId: recentlyViewed.userId }).from(recentlyViewed).where(eq(recentlyViewed.projectId, own!.id));
    expect(looked).toEqual([{ userId: outsider.id }]);
    expect((await counts(elsewhere!)).impressions).toBe(4);
    // nor do they count on the members' companies
    const [teamRow] = await t.db.select({ impressions: customers.impressionCount }).from(customers).where(eq(customers.id, team!.id));
    expect(teamRow!.impressions).toBe(2);
  });

  it("keep recently viewed in step without a write for every reload", async () => {
    const [a, b] = await published(2);
    const buyer = await makeUser(t.db);
    await recordView(t.db, { userId: buyer.id, projectId: a! }, MORNING);
    await recordView(t.db, { userId: buyer.id, projectId: b! }, MORNING + 1_000);
    await recordView(t.db, { userId: buyer.id, projectId: a! }, MORNING + 30_000);
    const seen = async () => (await t.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, buyer.id))).find((r) => r.projectId === a)!.viewedAt.getTime();
    expect(await seen()).toBe(MORNING);
    await recordView(t.db, { userId: buyer.id, projectId: a! }, MORNING + 120_000);
    expect(await seen()).toBe(MORNING + 120_000);
  });

  it("arriving again from the writer, move recently viewed after a minute and count again the next day, as when written each time", async () => {
    const [a, b] = await published(2);
    const buyer = await makeUser(t.db);
    const look = (kind: "view" | "impression", at: number) => storeLooks(t.db, [{ kind, userId: buyer.id, projectIds: kind === "view" ? [a!] : [a!, b!], at }]);
    const seen = async () => (await t.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, buyer.id)))[0]!.viewedAt.getTime();
    await look("view", MORNING);
    await look("impression", MORNING);
    await look("view", MORNING + 30_000);
    await look("impression", EVENING);
    expect(await seen()).toBe(MORNING);
    await look("view", MORNING + 61_000);
    expect(await seen()).toBe(MORNING + 61_000);
    expect(await counts(a!)).toEqual({ views: 1, impressions: 1 });
    await look("view", NEXT_DAY);
    await look("impression", NEXT_DAY);
    expect(await counts(a!)).toEqual({ views: 2, impressions: 2 });
    expect(await counts(b!)).toEqual({ views: 0, impressions: 2 });
    expect(await seen()).toBe(NEXT_DAY);
  });

  it("drop the day rows of days gone by with the housekeeping", async () => {
    const [id] = await published();
    const buyer = await makeUser(t.db);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, MORNING - 2 * 86_400_000);
    await recordView(t.db, { userId: buyer.id, projectId: id! }, MORNING);
    await pruneDailyLooks(t.db, MORNING);
    const left = await t.db.select().from(dailyProjectLooks).where(eq(dailyProjectLooks.userId, buyer.id));
    expect(left.map((r) => r.day)).toEqual(["2026-11-23"]);
  });
});
