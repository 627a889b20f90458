import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import {
  contracts,
  customers,
  documentEvents,
  messages,
  offerEvents,
  offers,
  pageSessions,
  projectInvitations,
  projects,
  recentlyViewed,
  responsiveness,
  systemSettings,
  users,
  type User,
} from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { HOUR_MS, DAY_MS, speedOf } from "~/lib/responsiveness";
import {
  gatherAsks,
  recomputeAllResponsiveness,
  recomputeDealResponsiveness,
  recomputeResponsivenessIfDue,
  responsivenessOf,
  sellerResponsiveness,
} from "./responsiveness.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let seller: User;
let buyer: User;
let buyerCo: number;
let sellerCo: number;
let p1: number;
let p2: number;
const now = Date.UTC(2026, 5, 1);
const at = (agoMs: number) => new Date(now - agoMs);
const envelope = () => Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  buyer = await makeUser(t.db);
  const [b] = await t.db.insert(customers).values({ name: "Buyer Co" }).returning();
  const [s] = await t.db.insert(customers).values({ name: "Seller Co", customerType: "seller" }).returning();
  buyerCo = b!.id;
  sellerCo = s!.id;
  await t.db.update(users).set({ customerId: buyerCo }).where(eq(users.id, buyer.id));
  await t.db.update(users).set({ customerId: sellerCo }).where(eq(users.id, seller.id));
  const project = async (name: string) =>
    (await t.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: name, size: 1 }).returning())[0]!.id;
  p1 = await project("One");
  p2 = await project("Two");

  // invitations: p1 answered by a view 5 h later, p2 never; one 100 days ago is out of the window
  await t.db.insert(projectInvitations).values([
    { projectId: p1, customerId: buyerCo, recipients: 1, invitedAt: at(10 * DAY_MS) },
    { projectId: p2, customerId: buyerCo, recipients: 1, invitedAt: at(10 * DAY_MS) },
    { projectId: p2, customerId: buyerCo, recipients: 1, invitedAt: at(100 * DAY_MS) },
  ]);
  await t.db.insert(recentlyViewed).values({ userId: buyer.id, projectId: p1, viewedAt: at(10 * DAY_MS - 5 * HOUR_MS) });

  // p1: NDA requested 10 days ago, signed 9, the seller approved 2 h after the signature; the buyer opened a file 1 h after
  const [k] = await t.db
    .insert(contracts)
    .values({
      projectId: p1,
      buyerId: buyer.id,
      envelopeId: envelope(),
      documentKey: "k",
      documentSha256: "s",
      ndaStatus: "NDA Approved",
      requestedAt: at(10 * DAY_MS - 5 * HOUR_MS),
      signedAt: at(9 * DAY_MS),
      decidedAt: at(9 * DAY_MS - 2 * HOUR_MS),
      decidedBy: seller.id,
    })
    .returning();
  await t.db.insert(documentEvents).values({ projectId: p1, documentName: "tape.csv", userId: buyer.id, action: "view", createdAt: at(9 * DAY_MS - 3 * HOUR_MS) });

  // a thread: the buyer writes twice (one turn), the seller answers 1 h later and again the next day (one turn), unanswered
  await t.db.insert(messages).values([
    { projectId: p1, buyerId: buyer.id, senderId: buyer.id, body: "Q1", createdAt: at(8 * DAY_MS) },
    { projectId: p1, buyerId: buyer.id, senderId: buyer.id, body: "Q2", createdAt: at(8 * DAY_MS - 60_000) },
    { projectId: p1, buyerId: buyer.id, senderId: seller.id, body: "A", createdAt: at(8 * DAY_MS - HOUR_MS) },
    { projectId: p1, buyerId: buyer.id, senderId: seller.id, body: "Anything else?", createdAt: at(7 * DAY_MS) },
  ]);

  // an offer 6 days ago, countered by the seller 1 day later, revised by the buyer 2 h after; the revision awaits the seller
  const [o] = await t.db
    .insert(offers)
    .values({ projectId: p1, buyerId: buyer.id, status: "submitted", price: 1, structure: "cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "k", pdfSha256: "s" })
    .returning();
  await t.db.insert(offerEvents).values([
    { offerId: o!.id, actorId: buyer.id, action: "submitted", revision: 1, createdAt: at(6 * DAY_MS) },
    { offerId: o!.id, actorId: seller.id, action: "countered", revision: 2, createdAt: at(5 * DAY_MS) },
    { offerId: o!.id, actorId: buyer.id, action: "revised", revision: 3, createdAt: at(5 * DAY_MS - 2 * HOUR_MS) },
  ]);
  void k;
});

afterAll(() => t.cleanup());

describe("responsiveness from the deal records", () => {
  it("reads every ask of both sides, with its answer", async () => {
    const asks = await gatherAsks(t.db, { customerIds: [buyerCo, sellerCo], now });
    const summary = asks.map((a) => [a.side, a.kind, (now - a.askedAt) / HOUR_MS, a.answeredAt === null ? null : (a.answeredAt - a.askedAt) / HOUR_MS]).sort();
    expect(summary).toEqual(
      [
        ["buyer", "invitation", 240, 5],
        ["buyer", "invitation", 240, null],
        ["buyer", "nda_approval", 214, 1],
        ["buyer", "message", 191, null],
        ["buyer", "counter_offer", 120, 2],
        ["seller", "nda_request", 216, 2],
        ["seller", "message", 192, 1],
        ["seller", "offer", 144, 24],
        ["seller", "offer", 118, null],
      ].sort(),
    );
  });

  it("stores the score and reason the records give, and pages read them", async () => {
    await recomputeDealResponsiveness(t.db, { projectId: p1, buyerId: buyer.id }, now);
    const buyerSide = (await responsivenessOf(t.db, { customerIds: [buyerCo], side: "buyer" }))(buyerCo);
    // 3 of 5 answered, replies 5 h, 1 h, 2 h: median 2 h
    expect(buyerSide).toEqual({
      score: Math.round(75 * (3 / 5) + 25 * speedOf(2 * HOUR_MS)),
      reason: "Answered 3 of 5 invitations, approved NDAs, messages and counter-offers; median reply 2 h.",
    });
    // 3 of 4 answered, replies 2 h, 1 h, 24 h: median 2 h
    expect(await sellerResponsiveness(t.db, { projectId: p2 })).toEqual({
      score: Math.round(75 * (3 / 4) + 25 * speedOf(2 * HOUR_MS)),
      reason: "Answered 3 of 4 NDA requests, messages and offers; median reply 2 h.",
    });
    const [row] = await t.db.select().from(responsiveness).where(eq(responsiveness.customerId, buyerCo));
    expect(row).toMatchObject({ side: "buyer", asked: 5, answered: 3, medianReplyMs: 2 * HOUR_MS });
  });

  it("has no score for a company nothing was asked of", async () => {
    const [quiet] = await t.db.insert(customers).values({ name: "Quiet" }).returning();
    expect((await responsivenessOf(t.db, { customerIds: [quiet!.id], side: "buyer" }))(quiet!.id)).toEqual({ score: null, reason: "No requests in the last 90 days." });
  });

  it("recomputes everyone once a day from maintenance", async () => {
    expect(await recomputeResponsivenessIfDue(t.db, now)).toBe(2);
    expect(await recomputeResponsivenessIfDue(t.db, now + HOUR_MS)).toBeNull();
    // 200 days on, everything has left the window
    expect(await recomputeResponsivenessIfDue(t.db, now + 200 * DAY_MS)).toBe(0);
    expect(await t.db.select().from(responsiveness)).toEqual([]);
    expect(await recomputeAllResponsiveness(t.db, now)).toBe(2);
  });

  it("counts a company's first look at a project it was invited to from any member's visit to its page", async () => {
    const [co] = await t.db.insert(customers).values({ name: "Invited Co" }).returning();
    const [first, second] = [await makeUser(t.db), await makeUser(t.db)];
    await t.db.update(users).set({ customerId: co!.id }).where(eq(users.id, first.id));
    await t.db.update(users).set({ customerId: co!.id }).where(eq(users.id, second.id));
    await t.db.insert(projectInvitations).values([
      { projectId: p1, customerId: co!.id, recipients: 2, invitedAt: at(20 * DAY_MS) },
      { projectId: p2, customerId: co!.id, recipients: 2, invitedAt: at(20 * DAY_MS) },
    ]);
    const visit = (userId: number, projectId: number, when: Date) => ({
      sessionId: `invited-${userId}-${projectId}-${when.getTime()}`,
      userId,
      route: `/buyers/projects/${projectId}`,
      pageType: "company-after-nda" as const,
      projectId,
      sessionStart: when,
      sessionEnd: new Date(when.getTime() + 60_000),
      totalDuration: 60_000,
      activeTime: 30_000,
      scrollDepthMax: 0.5,
      record: {},
    });
    // the second member looked at p1 before the invitation too (not an answer), and 3 h after; the first at p2 7 h after
    await t.db.insert(pageSessions).values([
      visit(second.id, p1, at(20 * DAY_MS + HOUR_MS)),
      visit(second.id, p1, at(20 * DAY_MS - 3 * HOUR_MS)),
      visit(first.id, p2, at(20 * DAY_MS - 7 * HOUR_MS)),
    ]);
    const asks = await gatherAsks(t.db, { customerIds: [co!.id], now });
    expect(asks.map((a) => [a.kind, (a.answeredAt! - a.askedAt) / HOUR_MS]).sort()).toEqual([
      ["invitation", 3],
      ["invitation", 7],
    ]);
  });

  it("recomputes everyone a step of companies at a time across maintenance runs, to the same rows as all at once", async () => {
    const table = () => t.db.select().from(responsiveness).orderBy(asc(responsiveness.customerId), asc(responsiveness.side));
    await recomputeAllResponsiveness(t.db, now);
    const atOnce = await table();
    expect(atOnce.length).toBeGreaterThanOrEqual(3);
    await t.db.delete(responsiveness);
    await t.db.delete(systemSettings).where(eq(systemSettings.key, "responsivenessComputedAt"));

    const companies = await t.db.$count(customers);
    let runs = 0;
    while ((await recomputeResponsivenessIfDue(t.db, now, { companiesPerStep: 1, budgetMs: 0 })) !== null) {
      runs++;
      // a run cut short leaves the companies after its step for the next
      if (runs === 1) expect((await table()).length).toBeLessThan(atOnce.length);
    }
    // one company a run, then a run that finds none after the last and ends the pass
    expect(runs).toBe(companies + 1);
    expect(await table()).toEqual(atOnce);
    // the pass counts from its start: the next is due a day after it
    expect(await recomputeResponsivenessIfDue(t.db, now + DAY_MS - 1)).toBeNull();
    expect(await recomputeResponsivenessIfDue(t.db, now + DAY_MS)).not.toBeNull();
  });
});
