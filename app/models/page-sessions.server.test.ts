import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { makeUser } from "~/seed/factories";
import { customers, projects, users, type User } from "~/.server/db/schema";
import { BEACON_LIMIT, MAX_SESSION_AGE_MS, checkRecord } from "~/models/page-sessions.server";
import { addRateLimitHits, rateLimitCount } from "~/models/rate-limits.server";
import { pageSessionSchema } from "~/lib/analytics/page-session.server";
import type { ProjectStatus } from "~/lib/project-kinds";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let buyer: User;
let other: User;
let seller: User;
let otherSeller: User;
let broker: User;
let both: User;
beforeAll(async () => {
  t = await createTestDatabase();
  buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  otherSeller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  broker = await makeUser(t.db, { roles: ["ROLE_BROKER"] });
  both = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
});
afterAll(() => t.cleanup());

async function project(status: ProjectStatus) {
  const [row] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "insurance_loan", status, projectName: status }).returning();
  return row!.id;
}

const recordOf = (userId: number | null, companyId: number | null) =>
  pageSessionSchema().parse({
    sessionId: `check-${Math.random().toString(36).slice(2, 10)}`,
    userId,
    route: companyId ? `/projects/more-details/${companyId}` : "/home",
    sessionStart: 1_790_000_000_000,
    sessionEnd: 1_790_000_004_000,
    totalDuration: 4000,
    activeTime: 3000,
    lastActiveTime: 1_790_000_003_000,
    isPageActive: false,
    userInteractions: { clicks: 0, keystrokes: 0, scrollEvents: 0, mouseMovements: 0, mouseLeaves: 0 },
    scrollDepthMax: 0,
    interactionTimepoints: [],
    pageType: companyId ? "company-before-nda" : "homepage",
    companyId,
    userAgent: "test",
    screenWidth: 1,
    screenHeight: 1,
    language: "en",
  });

// each case has its own minute, so the budget of one does not spill into another
let minute = 29_833_334 * 60_000;
const nextMinute = () => (minute += 60_000);

/** checkRecord hands its count to the writer of rows; here it is written before the next record. */
async function check(user: User, record: ReturnType<typeof recordOf>, now: number, limit?: number) {
  const deferred: Array<Promise<unknown>> = [];
  const result = await checkRecord(t.db, user, record, { now, count: (hits) => deferred.push(addRateLimitHits(t.db, [hits])), limit });
  await Promise.all(deferred);
  return result;
}

describe("the beacon's checks of a record", () => {
  it("accepts the member's own record on a published project, or on no project", async () => {
    const id = await project("published");
    expect(await check(buyer, recordOf(buyer.id, id), nextMinute())).toEqual({ ok: true });
    expect(await check(buyer, recordOf(buyer.id, await project("under_offer")), nextMinute())).toEqual({ ok: true });
    expect(await check(buyer, recordOf(buyer.id, null), nextMinute())).toEqual({ ok: true });
  });

  it("keeps a look at a project from buyers and brokers only: a seller's, at their own listing or another's, is answered 204 and not kept", async () => {
    const id = await project("published");
    for (const member of [buyer, broker, both]) {
      expect(await check(member, recordOf(member.id, id), nextMinute()), member.roles.join()).toEqual({ ok: true });
    }
    for (const member of [otherSeller, seller]) {
      expect(await check(member, recordOf(member.id, id), nextMinute()), member.roles.join()).toEqual({ ok: false, status: 204 });
    }
    // a seller's other pages are kept as before
    expect(await check(otherSeller, recordOf(otherSeller.id, null), nextMinute())).toEqual({ ok: true });
  });

  it("keeps no look of the listing's own team: its seller or a colleague who also buys is answered 204", async () => {
    const [team] = await t.db.insert(customers).values({ name: "Beacon Bank", customerType: "seller" }).returning();
    const [owner, colleague, outsider] = [
      await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] }),
      await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] }),
      await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] }),
    ];
    await t.db.update(users).set({ customerId: team!.id }).where(inArray(users.id, [owner.id, colleague.id]));
    const [row] = await t.db.insert(projects).values({ sellerId: owner.id, kind: "insurance_loan", status: "published", projectName: "Beacon team's" }).returning();
    const member = async (id: number) => (await t.db.query.users.findFirst({ where: eq(users.id, id) }))!;
    for (const id of [owner.id, colleague.id]) {
      expect(await check(await member(id), recordOf(id, row!.id), nextMinute())).toEqual({ ok: false, status: 204 });
    }
    // one who buys and sells at no company of theirs is a buyer here
    expect(await check(await member(outsider.id), recordOf(outsider.id, row!.id), nextMinute())).toEqual({ ok: true });
  });

  it("refuses a record that names another member, or none", async () => {
    const id = await project("published");
    for (const userId of [other.id, null]) {
      expect(await check(buyer, recordOf(userId, id), nextMinute())).toMatchObject({ ok: false, status: 400, fields: ["userId"] });
    }
  });

  it("refuses a project that is unknown or not on show, even to its own seller", async () => {
    for (const status of ["draft", "submitted", "rejected", "withdrawn", "sold"] as const) {
      const id = await project(status);
      expect(await check(buyer, recordOf(buyer.id, id), nextMinute())).toMatchObject({ ok: false, status: 400, fields: ["companyId"] });
      expect(await check(seller, recordOf(seller.id, id), nextMinute())).toMatchObject({ ok: false, status: 400 });
    }
    expect(await check(buyer, recordOf(buyer.id, 987_654), nextMinute())).toMatchObject({ ok: false, status: 400, fields: ["companyId"] });
  });

  it("refuses a session that starts or ends in the future past a clock's skew, naming the fields", async () => {
    const now = nextMinute();
    const at = (start: number, end: number) => ({ ...recordOf(buyer.id, null), sessionStart: start, sessionEnd: end, lastActiveTime: start });
    // a script's session a year ahead would sit on top of the admin's newest-first table
    const yearAhead = now + 365 * 86_400_000;
    expect(await check(buyer, at(yearAhead, yearAhead + 4000), now)).toEqual({
      ok: false,
      status: 400,
      error: "The session cannot start or end in the future",
      fields: ["sessionStart", "sessionEnd"],
    });
    expect(await check(buyer, at(now - 4000, now + 3_600_000), now)).toMatchObject({ ok: false, status: 400, fields: ["sessionEnd"] });
    // a browser's clock a little ahead of the server's is not a forgery
    expect(await check(buyer, at(now + 60_000, now + 120_000), now)).toEqual({ ok: true });
  });

  it("refuses a session that started more than a week ago, and takes a late resend within it", async () => {
    const now = nextMinute();
    const startedAt = (start: number) => ({ ...recordOf(buyer.id, null), sessionStart: start, sessionEnd: start + 4000, lastActiveTime: start + 3000 });
    expect(await check(buyer, startedAt(now - MAX_SESSION_AGE_MS - 60_000), now)).toEqual({
      ok: false,
      status: 400,
      error: "The session started too long ago",
      fields: ["sessionStart"],
    });
    // the tracker's queue sends a failed session at the member's next visit, days later
    expect(await check(buyer, startedAt(now - 6 * 86_400_000), now)).toEqual({ ok: true });
  });

  it("answers 429 past the member's budget in a minute, without touching another member's", async () => {
    const now = nextMinute();
    for (let i = 0; i < BEACON_LIMIT.limit; i++) {
      expect((await check(buyer, recordOf(buyer.id, null), now)).ok).toBe(true);
    }
    const over = await check(buyer, recordOf(buyer.id, null), now + 1_000);
    expect(over).toMatchObject({ ok: false, status: 429 });
    expect(over.ok === false && over.status === 429 && over.retryAfterSeconds).toBe(59);
    expect(await check(other, recordOf(other.id, null), now)).toEqual({ ok: true });
    expect(await check(buyer, recordOf(buyer.id, null), now + 60_000)).toEqual({ ok: true });
  });

  it("stores the member's count at a window's first record and then every tenth, for a restart to start from", async () => {
    const now = nextMinute();
    const stored = () => rateLimitCount(t.db, `beacon:user:${other.id}`, BEACON_LIMIT.windowMs, now);
    expect((await check(other, recordOf(other.id, null), now)).ok).toBe(true);
    expect(await stored()).toBe(1);
    for (let i = 0; i < 9; i++) await check(other, recordOf(other.id, null), now);
    expect(await stored()).toBe(1);
    await check(other, recordOf(other.id, null), now);
    expect(await stored()).toBe(11);
  });

  it("takes the operator's budget when one is set (BEACON_RECORDS_PER_MINUTE)", async () => {
    const now = nextMinute();
    for (let i = 0; i < 3; i++) expect((await check(other, recordOf(other.id, null), now, 3)).ok).toBe(true);
    expect(await check(other, recordOf(other.id, null), now + 1_000, 3)).toMatchObject({ ok: false, status: 429 });
  });

  it("remembers a project for a minute: one taken off show stops counting within it", async () => {
    const id = await project("published");
    const now = nextMinute();
    expect(await check(buyer, recordOf(buyer.id, id), now)).toEqual({ ok: true });
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, id));
    expect(await check(buyer, recordOf(buyer.id, id), now + 1_000)).toEqual({ ok: true });
    expect(await check(buyer, recordOf(buyer.id, id), now + 61_000)).toMatchObject({ ok: false, status: 400, fields: ["companyId"] });
  });
});

describe("the record's own consistency", () => {
  const fieldsOf = (overrides: Record<string, unknown>) => {
    const parsed = pageSessionSchema().safeParse({ ...recordOf(buyer.id, 22), ...overrides });
    return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.path.join(".")))];
  };

  it("refuses a total duration longer than the session's span, past a second's slack", () => {
    const start = 1_790_000_000_000;
    // hours of "time on the pages" claimed for a minute's session
    expect(fieldsOf({ sessionStart: start, sessionEnd: start + 59_000, totalDuration: 10_000_000, activeTime: 10_000_000 })).toEqual(["totalDuration"]);
    const longAgo = Date.UTC(2017, 9, 1);
    expect(fieldsOf({ sessionStart: longAgo, sessionEnd: longAgo + 1000, lastActiveTime: longAgo, totalDuration: 59_000, activeTime: 0 })).toEqual(["totalDuration"]);
    expect(fieldsOf({ sessionStart: start, sessionEnd: start + 4000, totalDuration: 5000, activeTime: 3000 })).toEqual([]);
    expect(fieldsOf({ sessionStart: start, sessionEnd: start + 4000, totalDuration: 5001, activeTime: 3000 })).toEqual(["totalDuration"]);
  });

  it("refuses a page type or project the route does not show", () => {
    expect(fieldsOf({ route: "/admin/anything" })).toEqual(["pageType", "companyId"]);
    expect(fieldsOf({ route: "/projects/more-details/23" })).toEqual(["companyId"]);
    expect(fieldsOf({ route: "/buyers/myprojects/22" })).toEqual(["pageType"]);
    expect(fieldsOf({ route: "/home", pageType: "homepage" })).toEqual(["companyId"]);
    // the pages the tracker names, as it names them
    expect(fieldsOf({ route: "/projects/more-details/22/" })).toEqual([]);
    expect(fieldsOf({ route: "/sellers/myprojects/22", pageType: "company-after-nda" })).toEqual([]);
    expect(fieldsOf({ route: "/buyers/search", pageType: "search-results", companyId: null })).toEqual([]);
    expect(fieldsOf({ route: "/profile", pageType: "other", companyId: null })).toEqual([]);
  });
});
