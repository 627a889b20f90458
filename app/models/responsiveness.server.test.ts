import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, explained } from "../../tests/support/db";
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
  responsivenessAsks,
  systemSettings,
  users,
  type User,
} from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { HOUR_MS, DAY_MS, speedOf } from "~/lib/responsiveness";
import {
  askSelects,
  gatherAsks,
  keptCountsQuery,
  keptOf,
  middleRepliesQuery,
  recomputeAllResponsiveness,
  recomputeDealResponsiveness,
  recomputeInvitedResponsiveness,
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
    await recomputeAllResponsiveness(t.db, now);
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
    // as on a database no pass has run on
    await t.db.delete(systemSettings).where(eq(systemSettings.key, "responsivenessComputedAt"));
    expect(await recomputeResponsivenessIfDue(t.db, now)).toBe(2);
    expect(await recomputeResponsivenessIfDue(t.db, now + HOUR_MS)).toBeNull();
    // 200 days on, everything has left the window
    expect(await recomputeResponsivenessIfDue(t.db, now + 200 * DAY_MS)).toBe(0);
    expect(await t.db.select().from(responsiveness)).toEqual([]);
    expect(await recomputeAllResponsiveness(t.db, now)).toBe(2);
  });

  it("does not count a request against the seller until its two days to answer are over", async () => {
    await recomputeAllResponsiveness(t.db, now);
    const before = await sellerResponsiveness(t.db, { projectId: p2 });
    // another buyer signs the NDA on p2 a minute ago: the seller has not had time to answer
    const other = await makeUser(t.db);
    const [k] = await t.db
      .insert(contracts)
      .values({ projectId: p2, buyerId: other.id, envelopeId: envelope(), documentKey: "k", documentSha256: "s", ndaStatus: "Signed", requestedAt: at(HOUR_MS), signedAt: at(60_000) })
      .returning();
    try {
      await recomputeDealResponsiveness(t.db, { projectId: p2, buyerId: other.id }, now);
      expect(await sellerResponsiveness(t.db, { projectId: p2 })).toEqual(before);
      // the nightly pass gives the same
      await recomputeAllResponsiveness(t.db, now);
      expect(await sellerResponsiveness(t.db, { projectId: p2 })).toEqual(before);
      // two days on, still unanswered, it counts: 3 of 5 (the revision of p1's offer is then 5 days and 2 h old)
      await recomputeAllResponsiveness(t.db, now + 2 * DAY_MS);
      expect((await sellerResponsiveness(t.db, { projectId: p2 })).reason).toMatch(/^Answered 3 of 5 NDA requests, messages and offers;/);
    } finally {
      await t.db.delete(contracts).where(eq(contracts.id, k!.id));
      await recomputeAllResponsiveness(t.db, now);
    }
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

  it("after a deal's event gathers that deal's asks again and scores its companies to the rows all at once gives", async () => {
    const table = async () => (await t.db.select().from(responsiveness).orderBy(asc(responsiveness.customerId), asc(responsiveness.side))).map(({ computedAt: _, ...r }) => r);
    const kept = () =>
      t.db
        .select({ c: responsivenessAsks.customerId, s: responsivenessAsks.side, k: responsivenessAsks.kind, p: responsivenessAsks.projectId, b: responsivenessAsks.buyerId, a: responsivenessAsks.askedAt, n: responsivenessAsks.answeredAt })
        .from(responsivenessAsks)
        .orderBy(sql`1, 2, 3, 4, 5, 6, 7`);
    await recomputeAllResponsiveness(t.db, now);
    // new records on p1 the kept asks do not hold yet: the seller answers the open turn, the buyer asks again, the seller counters
    await t.db.insert(messages).values([
      { projectId: p1, buyerId: buyer.id, senderId: buyer.id, body: "Q3", createdAt: at(3 * DAY_MS) },
      { projectId: p1, buyerId: buyer.id, senderId: seller.id, body: "A3", createdAt: at(3 * DAY_MS - 30 * 60_000) },
      { projectId: p1, buyerId: buyer.id, senderId: buyer.id, body: "Q4", createdAt: at(2 * DAY_MS) },
    ]);
    const [o] = await t.db.select({ id: offers.id }).from(offers).where(eq(offers.projectId, p1));
    await t.db.insert(offerEvents).values({ offerId: o!.id, actorId: seller.id, action: "countered", revision: 4, createdAt: at(DAY_MS) });
    const stale = await table();

    expect(await recomputeDealResponsiveness(t.db, { projectId: p1, buyerId: buyer.id }, now)).toBe(2);
    const afterEvent = { rows: await table(), asks: await kept() };
    expect(afterEvent.rows).not.toEqual(stale);
    await recomputeAllResponsiveness(t.db, now);
    expect(afterEvent).toEqual({ rows: await table(), asks: await kept() });
  });

  it("after an invitation and after a buyer changed company, scores the companies whose asks changed", async () => {
    const table = async () => (await t.db.select().from(responsiveness).orderBy(asc(responsiveness.customerId), asc(responsiveness.side))).map(({ computedAt: _, ...r }) => r);
    const [fresh] = await t.db.insert(customers).values({ name: "Fresh Co" }).returning();
    await recomputeAllResponsiveness(t.db, now);
    await t.db.insert(projectInvitations).values({ projectId: p2, customerId: fresh!.id, recipients: 1, invitedAt: at(3 * DAY_MS) });
    expect(await recomputeInvitedResponsiveness(t.db, { projectId: p2, customerIds: [fresh!.id] }, now)).toBe(1);
    expect((await responsivenessOf(t.db, { customerIds: [fresh!.id], side: "buyer" }))(fresh!.id)).toMatchObject({ reason: "Answered 0 of 1 invitation." });

    // the buyer moves to Fresh Co: an event on p1 takes the deal's asks from Buyer Co to it
    await t.db.update(users).set({ customerId: fresh!.id }).where(eq(users.id, buyer.id));
    await recomputeDealResponsiveness(t.db, { projectId: p1, buyerId: buyer.id }, now);
    const afterEvent = await table();
    await recomputeAllResponsiveness(t.db, now);
    const afterPass = await table();
    expect(afterEvent.filter((r) => r.customerId !== buyerCo)).toEqual(afterPass.filter((r) => r.customerId !== buyerCo));
    // Buyer Co keeps only its invitations (a company's, not the buyer's); the look that answered one was the
    // buyer's, who is no longer its member: a change of company, not a deal's event, so the nightly pass counts it
    const buyerCoRows = (rows: typeof afterEvent) => rows.filter((r) => r.customerId === buyerCo).map(({ answered: _, medianReplyMs: __, score: ___, reason: ____, ...r }) => r);
    expect(buyerCoRows(afterEvent)).toEqual([{ customerId: buyerCo, side: "buyer", asked: 2 }]);
    expect(buyerCoRows(afterEvent)).toEqual(buyerCoRows(afterPass));
    await t.db.update(users).set({ customerId: buyerCo }).where(eq(users.id, buyer.id));
  });

  it("migration 0070 keeps every ask of the window, as gathering them from the records gives", async () => {
    const file = fs.readFileSync(path.resolve(__dirname, "../../migrations/0070_responsiveness_asks_kept.sql"), "utf8");
    const backfill = file
      .split("--> statement-breakpoint")
      .filter((s) => s.includes("INSERT INTO `responsiveness_asks`"))
      // the records here are dated around `now`, not today: the window is moved there
      .map((s) => s.replaceAll("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)", String(now)));
    expect(backfill).toHaveLength(7);
    await t.db.delete(responsivenessAsks);
    for (const statement of backfill) await t.client.execute(statement);
    const kept = await t.db.select().from(responsivenessAsks);
    const key = (a: { customerId: number; side: string; kind: string; projectId: number; buyerId: number | null; askedAt: number; answeredAt: number | null }) =>
      [a.customerId, a.side, a.kind, a.projectId, a.buyerId, a.askedAt, a.answeredAt, a.answeredAt !== null && a.answeredAt >= a.askedAt ? a.answeredAt - a.askedAt : null].join("|");
    const gathered = (await gatherAsks(t.db, { now })).map(key).sort();
    expect(kept.filter((a) => a.replyMs !== null).length).toBeGreaterThan(3);
    expect(gathered.length).toBeGreaterThan(10);
    expect(kept.map((a) => key(a).replace(/\|[^|]*$/, `|${a.replyMs ?? ""}`)).sort()).toEqual(gathered);
  });

  it("gathers a deal's asks and finds its kept ones by the deal's own records, never reading a table through", async () => {
    const deal = { projectId: p1, buyerId: buyer.id, invited: [buyerCo] };
    const dialect = new SQLiteSyncDialect();
    const planOf = async (query: SQL) => {
      const q = dialect.sqlToQuery(query);
      return (await explained(t.url, { sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params })).rows.map((r) => String(r.detail)).join(" ; ");
    };
    // a table read through is a SCAN of it (not of a subquery, a constant row or the ids' JSON)
    const scans = (plan: string) => {
      const steps = plan.split(" ; ");
      const coroutines = new Set(steps.flatMap((step) => /^CO-ROUTINE (\S+)/.exec(step)?.[1] ?? []));
      return steps.filter((step) => /^SCAN /.test(step) && !/^SCAN (CONSTANT ROW|json_each)/.test(step) && !coroutines.has(step.split(" ")[1]!));
    };
    const plans = await Promise.all(askSelects(now, { deal }).map(planOf));
    expect(plans).toHaveLength(7);
    for (const plan of plans) expect(scans(plan), plan).toEqual([]);
    // the check sees one: the nightly pass's over every company reads all their invitations
    expect(scans(await planOf(askSelects(now, { companies: (c) => sql`${c} is not null` })[0]!))).toEqual(["SCAN i USING COVERING INDEX project_invitations_project_idx"]);
    // a thread from the buyer's index, the seller from the project
    expect(plans[2]).toMatch(/SEARCH t USING INDEX messages_(buyer|thread)_idx/);
    expect(plans[4]).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/);
    const kept = await planOf(sql`select id from responsiveness_asks where ${keptOf(deal)}`);
    expect(kept).toMatch(/MULTI-INDEX OR/);
    // the companies scored from their kept asks: counted on the company index, the median walked on it in order
    const counts = await planOf(keptCountsQuery(t.db, [buyerCo, sellerCo], now).getSQL());
    expect(scans(counts), counts).toEqual([]);
    expect(counts).toMatch(/USING COVERING INDEX responsiveness_asks_company_idx \(customer_id=\?/);
    const middle = await planOf(middleRepliesQuery(t.db, { customerId: sellerCo, side: "seller", replies: 5, now }).getSQL());
    expect(middle).toMatch(/^SEARCH responsiveness_asks USING COVERING INDEX responsiveness_asks_company_idx \(customer_id=\? AND side=\? AND reply_ms>\?\)$/);
    expect(kept.match(/SEARCH responsiveness_asks USING (COVERING )?INDEX responsiveness_asks_deal_idx \(project_id=\? AND buyer_id=\?/g), kept).toHaveLength(2);
  });
});
