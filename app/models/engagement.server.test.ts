import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { contracts, customers, feedback, offers, pageSessions, projects, recentlyViewed, users } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { dealFunnel, projectActivity, projectViewers, sessionsPerDayByPageType, VIEWERS_PAGE_SIZE } from "./engagement.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-23T15:00:00Z");
let sessions = 0;

function visit(projectId: number, userId: number, at: Date, activeTime: number) {
  return {
    sessionId: `s-${++sessions}`,
    userId,
    route: `/projects/company/${projectId}`,
    pageType: "company-before-nda" as const,
    projectId,
    sessionStart: at,
    sessionEnd: new Date(at.getTime() + activeTime),
    totalDuration: activeTime,
    activeTime,
    scrollDepthMax: 0.5,
    record: {},
  };
}

describe("a project's engagement over time", () => {
  it("counts buyers' visits and their active minutes per day over 90 days, and how far buyers got in the deal", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [a, b, c, d] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const [project, other] = await t.db
      .insert(projects)
      .values([
        { sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Charted" },
        { sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Other" },
      ])
      .returning();
    const id = project!.id;
    const empty = await projectActivity(t.db, { projectId: id, now });
    expect(empty.days).toHaveLength(90);
    expect(empty.views.every((v) => v === 0)).toBe(true);
    expect(await dealFunnel(t.db, { projectId: id })).toEqual({ viewed: 0, signed: 0, approved: 0, offer: 0 });

    await t.db.insert(pageSessions).values([
      visit(id, a.id, new Date(now.getTime() - 2 * 60 * 60 * 1000), 90_000),
      visit(id, b.id, new Date(now.getTime() - 3 * 60 * 60 * 1000), 150_000),
      visit(id, a.id, new Date(now.getTime() - 2 * DAY), 60_000),
      visit(id, a.id, new Date(now.getTime() - 89 * DAY), 60_000),
      // too old, the seller's own, another project's
      visit(id, a.id, new Date(now.getTime() - 90 * DAY), 60_000),
      visit(id, seller.id, now, 60_000),
      visit(other!.id, c.id, now, 60_000),
    ]);
    const envelope = (buyerId: number) => ({ projectId: id, buyerId, envelopeId: `env-${buyerId}`, documentKey: "k", documentSha256: "s", requestedAt: now });
    await t.db.insert(contracts).values([
      { ...envelope(a.id), ndaStatus: "NDA Approved", signedAt: now },
      // c signed without a tracked visit: still counted as having viewed it
      { ...envelope(c.id), ndaStatus: "Signed", signedAt: now },
      { ...envelope(d.id), ndaStatus: "Requested" },
    ]);
    const offer = { status: "submitted" as const, price: 1, structure: "Whole loan", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "k", pdfSha256: "s" };
    await t.db.insert(offers).values([
      { ...offer, projectId: id, buyerId: a.id },
      { ...offer, projectId: other!.id, buyerId: b.id },
    ]);

    const activity = await projectActivity(t.db, { projectId: id, now });
    expect(activity.days[0]).toBe("2026-08-26");
    expect(activity.views.at(-1)).toBe(2);
    expect(activity.activeMinutes.at(-1)).toBe(4);
    expect(activity.views.at(-3)).toBe(1);
    expect(activity.views[0]).toBe(1);
    expect(activity.views.reduce((x, y) => x + y, 0)).toBe(4);
    expect(activity.activeMinutes.reduce((x, y) => x + y, 0)).toBe(6);
    // d only requested the NDA, on the teaser: viewed, with a, b and c
    expect(await dealFunnel(t.db, { projectId: id })).toEqual({ viewed: 4, signed: 2, approved: 1, offer: 1 });
  });
});

describe("sessions per day by page type", () => {
  it("counts every member's sessions per UTC day and page type over 90 days, in one grouped query", async () => {
    // later than the sessions above, so only these fall in its 90 days
    const later = new Date("2027-06-01T10:00:00Z");
    const member = await makeUser(t.db);
    const at = (daysAgo: number, hour = 9) => new Date(Date.UTC(2027, 5, 1 - daysAgo, hour));
    const session = (pageType: "homepage" | "search-results" | "company-after-nda", when: Date) => ({ ...visit(1, member.id, when, 1000), pageType, projectId: null });
    await t.db.insert(pageSessions).values([
      session("homepage", at(0)),
      session("homepage", at(0, 8)),
      session("search-results", at(0)),
      // late in a UTC day: that day, not the next
      session("company-after-nda", at(1, 23)),
      session("search-results", at(89)),
      // a day too old
      session("search-results", at(90)),
    ]);
    const { days, byType } = await sessionsPerDayByPageType(t.db, { now: later });
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe("2027-06-01");
    expect(byType.homepage.at(-1)).toBe(2);
    expect(byType["search-results"].at(-1)).toBe(1);
    expect(byType["company-after-nda"].at(-2)).toBe(1);
    expect(byType["search-results"][0]).toBe(1);
    expect(byType["search-results"].reduce((a, b) => a + b, 0)).toBe(2);
    expect(byType.other.every((n) => n === 0)).toBe(true);
    expect(byType["company-before-nda"].every((n) => n === 0)).toBe(true);
  });
});

describe("a project's viewers", () => {
  it("past the last page (a stale or made-up ?viewers=) shows the last page, not an empty table that says no one looked", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Looked at" }).returning();
    // written at once: a password hashed for each would cost seconds
    const lookers = await t.db
      .insert(users)
      .values(Array.from({ length: VIEWERS_PAGE_SIZE + 2 }, (_, i) => ({ email: `looker-${i}@example.test`, name: `Looker ${i}`, passwordHash: "-", roles: ["ROLE_BUYER"] })))
      .returning();
    await t.db.insert(pageSessions).values(lookers.map((u, i) => visit(project!.id, u.id, new Date(now.getTime() - i * 60_000), 1000)));
    const last = await projectViewers(t.db, project!.id, { page: 2 });
    expect(last.rows).toHaveLength(2);
    const past = await projectViewers(t.db, project!.id, { page: 9 });
    expect(past).toMatchObject({ total: VIEWERS_PAGE_SIZE + 2, page: 2 });
    expect(past.rows.map((r) => r.userId)).toEqual(last.rows.map((r) => r.userId));
    expect(await projectViewers(t.db, seller.id + 100_000, { page: 3 })).toMatchObject({ rows: [], total: 0, page: 1 });
  });
});

describe("a project's interest, apart from the seller's company", () => {
  it("leaves the seller's colleagues out of the viewers, the charts and the funnel's viewed step, as it leaves out the seller", async () => {
    const [company, buyers] = await t.db.insert(customers).values([{ name: "Selling Bank", customerType: "seller" }, { name: "Buying Fund" }]).returning();
    const [seller, colleague, buyer, loner] = [await makeUser(t.db, { roles: ["ROLE_SELLER"] }), await makeUser(t.db, { roles: ["ROLE_SELLER"] }), await makeUser(t.db), await makeUser(t.db)];
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, seller.id));
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, colleague.id));
    await t.db.update(users).set({ customerId: buyers!.id }).where(eq(users.id, buyer.id));
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Team's own" }).returning();
    const id = project!.id;
    await t.db.insert(pageSessions).values([
      visit(id, colleague.id, new Date(now.getTime() - 60_000), 120_000),
      visit(id, seller.id, now, 60_000),
      visit(id, buyer.id, new Date(now.getTime() - 2 * 60_000), 60_000),
      // a member of no company is nobody's colleague
      visit(id, loner.id, new Date(now.getTime() - 3 * 60_000), 60_000),
    ]);

    const viewers = await projectViewers(t.db, id);
    expect(viewers.rows.map((r) => r.userId)).toEqual([buyer.id, loner.id]);
    expect(viewers.total).toBe(2);
    const activity = await projectActivity(t.db, { projectId: id, now });
    expect(activity.views.at(-1)).toBe(2);
    expect(activity.activeMinutes.at(-1)).toBe(2);
    expect(await dealFunnel(t.db, { projectId: id })).toMatchObject({ viewed: 2 });
  });
});

describe("a project's deal funnel, counted per buyer", () => {
  it("counts each buyer once, at the furthest step they reached, in every step up to it", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Funnel Bank", customerType: "seller" }).returning();
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const colleague = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, seller.id));
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, colleague.id));
    const [looker, lookerTwice, signer, rejected, approved, bidder, bidderOnly, elsewhere] = await t.db
      .insert(users)
      .values(Array.from({ length: 8 }, (_, i) => ({ email: `funnel-${i}@example.test`, name: `Funnel ${i}`, passwordHash: "-", roles: ["ROLE_BUYER"] })))
      .returning();
    const [project, other] = await t.db
      .insert(projects)
      .values([
        { sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Funnelled" },
        { sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Funnelled elsewhere" },
      ])
      .returning();
    const id = project!.id;
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await t.db.insert(pageSessions).values([
      visit(id, looker!.id, at(1), 1000),
      visit(id, lookerTwice!.id, at(2), 1000),
      visit(id, lookerTwice!.id, at(3), 1000),
      visit(id, signer!.id, at(4), 1000),
      visit(id, approved!.id, at(5), 1000),
      visit(id, bidder!.id, at(6), 1000),
      // the seller's company's looks are not interest; another project's looks are not this one's
      visit(id, seller.id, at(7), 1000),
      visit(id, colleague.id, at(8), 1000),
      visit(other!.id, elsewhere!.id, at(9), 1000),
    ]);
    const envelope = (projectId: number, buyerId: number) => ({ projectId, buyerId, envelopeId: `funnel-${projectId}-${buyerId}`, documentKey: "k", documentSha256: "s", requestedAt: now });
    await t.db.insert(contracts).values([
      { ...envelope(id, signer!.id), ndaStatus: "Signed", signedAt: now },
      // signed, then rejected: still got as far as signing
      { ...envelope(id, rejected!.id), ndaStatus: "Rejected", signedAt: now },
      { ...envelope(id, approved!.id), ndaStatus: "NDA Approved", signedAt: now },
      { ...envelope(id, bidder!.id), ndaStatus: "NDA Approved", signedAt: now },
      { ...envelope(id, looker!.id), ndaStatus: "Requested" },
      { ...envelope(other!.id, elsewhere!.id), ndaStatus: "NDA Approved", signedAt: now },
    ]);
    const offer = { status: "submitted" as const, price: 1, structure: "Whole loan", dueDiligenceDays: 30, expiresOn: "2026-12-31", pdfKey: "k", pdfSha256: "s" };
    await t.db.insert(offers).values([
      { ...offer, projectId: id, buyerId: bidder!.id },
      { ...offer, projectId: id, buyerId: bidder!.id, status: "rejected" as const },
      // an offer with no tracked visit and no NDA on record still passed every step before it
      { ...offer, projectId: id, buyerId: bidderOnly!.id },
      { ...offer, projectId: other!.id, buyerId: elsewhere!.id },
    ]);

    expect(await dealFunnel(t.db, { projectId: id })).toEqual({ viewed: 7, signed: 5, approved: 3, offer: 2 });
    expect(await dealFunnel(t.db, { projectId: other!.id })).toEqual({ viewed: 1, signed: 1, approved: 1, offer: 1 });
  });
});

describe("the deal funnel's viewed step and the desk's pipeline", () => {
  it("counts as viewed every buyer the pipeline lists: a teaser view without a tracked visit, an NDA only requested, a pass", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Pipeline Bank", customerType: "seller" }).returning();
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    // a colleague who also buys: their look at the team's listing is not a buyer's
    const colleague = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, seller.id));
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, colleague.id));
    const [tracked, withoutJs, requester, passer] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Seen without JavaScript" }).returning();
    const id = project!.id;
    await t.db.insert(pageSessions).values(visit(id, tracked.id, now, 60_000));
    // the teaser's views as the server counts them (recordView), tracked or not
    await t.db.insert(recentlyViewed).values([
      { userId: tracked.id, projectId: id, viewedAt: now },
      { userId: withoutJs.id, projectId: id, viewedAt: now },
      { userId: colleague.id, projectId: id, viewedAt: now },
    ]);
    await t.db.insert(contracts).values({ projectId: id, buyerId: requester.id, envelopeId: `requested-${id}`, documentKey: "k", documentSha256: "s", requestedAt: now, ndaStatus: "Requested" });
    await t.db.insert(feedback).values({ projectId: id, buyerId: passer.id, reasons: ["Pricing"] });

    expect(await dealFunnel(t.db, { projectId: id })).toEqual({ viewed: 4, signed: 0, approved: 0, offer: 0 });
  });
});

describe("a project's views per day", () => {
  it("counts a buyer once a UTC day however many visits, and sums every visit's active time", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const [buyer, other] = [await makeUser(t.db), await makeUser(t.db)];
    const [project] = await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Looked at often" }).returning();
    const id = project!.id;
    const today = (time: string) => new Date(`2026-11-23T${time}Z`);
    await t.db.insert(pageSessions).values([
      visit(id, buyer.id, today("08:00:00"), 60_000),
      visit(id, buyer.id, today("09:00:00"), 60_000),
      visit(id, buyer.id, today("14:00:00"), 60_000),
      visit(id, other.id, today("10:00:00"), 60_000),
      // yesterday at 23:30 UTC, a visit running past midnight: yesterday's
      visit(id, buyer.id, new Date("2026-11-22T23:30:00Z"), 45 * 60_000),
    ]);

    const activity = await projectActivity(t.db, { projectId: id, now });
    expect(activity.views.slice(-2)).toEqual([1, 2]);
    expect(activity.activeMinutes.slice(-2)).toEqual([45, 4]);
    expect(activity.views.reduce((x, y) => x + y, 0)).toBe(3);
  });
});
