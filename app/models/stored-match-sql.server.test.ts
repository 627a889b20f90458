import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../tests/support/db";
import { buildMarket, criteriaFor, seeded, weightsFor } from "../../tests/support/match-market";
import { D1_MAX_PARAMETERS, withD1Limits } from "../../tests/support/d1-limits";
import { CONSTANT_LISTS } from "../../cms/seed/constants";
import { contracts, customers, matches, pageSessions, projects, responsiveness, systemSettings, users } from "~/.server/db/schema";
import { MIN_MATCH_SCORE, projectFacts, scoreProject, WEIGHT_KEYS } from "~/lib/match-score";
import { VISIBLE_TO_BUYERS } from "~/lib/project-kinds";
import { makeUser } from "~/seed/factories";
import { criteriaForMatching } from "./criteria-vocabulary.server";
import { behaviourByCustomer, recomputeCustomerMatches } from "./matches.server";
import { CRITERIA_LIMITS, criteriaFrom } from "~/lib/buyer-criteria";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let buyer: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  await buildMarket(t.db, seller.id);
  const [company] = await t.db.insert(customers).values({ name: "Compared Capital", customerType: "buyer" }).returning();
  buyer = company!.id;
  const members = [await makeUser(t.db), await makeUser(t.db)];
  await t.db.update(users).set({ customerId: buyer }).where(inArray(users.id, members.map((m) => m.id)));
  // past behaviour in some industries: one NDA, three, minutes alone, both
  const byIndustry = async (industry: string) => (await t.db.select({ id: projects.id }).from(projects).where(eq(projects.industry, industry)).limit(4)).map((p) => p.id);
  const [health, tech, energy, blank] = await Promise.all(["Healthcare", "Technology", "Energy", ""].map(byIndustry));
  const signed = [health![0]!, tech![0]!, tech![1]!, tech![2]!, blank![0]!];
  await t.db.insert(contracts).values(
    signed.map((projectId, i) => ({ projectId, buyerId: members[i % 2]!.id, envelopeId: `env-${i}`, documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: new Date() })),
  );
  const minutes = [[energy![0]!, 7], [energy![1]!, 30], [tech![3]!, 5.5], [blank![1]!, 12]] as const;
  await t.db.insert(pageSessions).values(
    minutes.map(([projectId, m], i) => ({
      sessionId: `s-${i}`,
      userId: members[i % 2]!.id,
      route: `/projects/more-details/${projectId}`,
      pageType: "company-after-nda" as const,
      projectId,
      sessionStart: new Date(),
      sessionEnd: new Date(),
      totalDuration: m * 60_000,
      activeTime: m * 60_000,
      scrollDepthMax: 0.5,
      record: {},
    })),
  );
});
afterAll(() => t?.cleanup());

/** The company's matches as scoring each visible listing in JavaScript gives them. */
async function scoredByHand(responsivenessScore: number | null) {
  const [company] = await t.db.select().from(customers).where(eq(customers.id, buyer));
  const [weightsRow] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, "matchWeights"));
  const behaviour = await behaviourByCustomer(t.db, { customerId: buyer });
  const criteria = criteriaForMatching(criteriaFrom(company!.preferences));
  const visible = await t.db.select().from(projects).where(inArray(projects.status, [...VISIBLE_TO_BUYERS])).orderBy(asc(projects.id));
  return visible
    .map((p) => ({
      projectId: p.id,
      ...scoreProject(criteria, projectFacts(p), behaviour(buyer, p.industry), weightsRow!.value as never, responsivenessScore),
    }))
    .filter((m) => m.score >= MIN_MATCH_SCORE);
}

describe("a buyer's matches scored and stored by the database", () => {
  it("stores what scoring each listing by hand gives, reasons and their order included, for any criteria, weights, behaviour and responsiveness", async () => {
    const g = seeded(23);
    const responsivenessScores = [null, 0, 37, 100, 64];
    let compared = 0;
    for (let round = 0; round < 40; round++) {
      const weights = weightsFor(g, round);
      await t.db.delete(systemSettings);
      await t.db.insert(systemSettings).values({ key: "matchWeights", value: weights, updatedAt: new Date() });
      await t.db.update(customers).set({ preferences: criteriaFor(g, round) }).where(eq(customers.id, buyer));
      const score = responsivenessScores[round % responsivenessScores.length]!;
      await t.db.delete(responsiveness);
      await t.db.insert(responsiveness).values({ customerId: buyer, side: "buyer", score, reason: "r", answered: 1, asked: 1, computedAt: new Date() });

      await recomputeCustomerMatches(t.db, { customerId: buyer });
      const stored = await t.db
        .select({ projectId: matches.projectId, score: matches.score, reasons: matches.reasons })
        .from(matches)
        .where(eq(matches.customerId, buyer))
        .orderBy(asc(matches.projectId));
      const expected = await scoredByHand(score === 0 ? null : score);
      expect(stored, JSON.stringify({ round, weights })).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it("fits one D1 statement with the most the criteria form takes and past behaviour in every industry", async () => {
    // every industry of the vocabulary a listing, each with a signed NDA of the company's: a behaviour arm each
    const vocabulary = CONSTANT_LISTS.find((l) => l.key === "industries")!.items.map((i) => i.value);
    const [member] = await t.db.select().from(users).where(eq(users.customerId, buyer)).limit(1);
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const listed = await t.db
      .insert(projects)
      .values(vocabulary.map((industry) => ({ sellerId: seller.id, projectName: industry, status: "published" as const, kind: "loan_pool" as const, industry })))
      .returning({ id: projects.id });
    await t.db.insert(contracts).values(
      listed.map((p, i) => ({ projectId: p.id, buyerId: member!.id, envelopeId: `env-all-${i}`, documentKey: "k", documentSha256: "s", requestedAt: new Date(), signedAt: new Date() })),
    );
    const list = (key: string) => CONSTANT_LISTS.find((l) => l.key === key)!.items.map((i) => i.value);
    await t.db
      .update(customers)
      .set({
        preferences: {
          industryPreferences: vocabulary.slice(0, CRITERIA_LIMITS.industries),
          statePreferences: list("usStates").slice(0, CRITERIA_LIMITS.states),
          borrowerLocationPreferences: list("locations"),
          transactionScalePreferences: list("transactionScales"),
          performingLoanPreference: "Either",
          investmentPref: list("investmentTypes"),
          transactionPref: list("transactionTypes"),
        },
      })
      .where(eq(customers.id, buyer));
    await t.db.delete(systemSettings);

    const d1 = withD1Limits(t.client);
    await recomputeCustomerMatches(d1.db, { customerId: buyer });
    expect(d1.seen.refused).toEqual([]);
    expect(d1.seen.maxParameters).toBeLessThanOrEqual(D1_MAX_PARAMETERS);
    const stored = await t.db.select({ projectId: matches.projectId, reasons: matches.reasons }).from(matches).where(eq(matches.customerId, buyer));
    // the listings of the industries just added carry the behaviour reason
    expect(stored.filter((m) => listed.some((p) => p.id === m.projectId) && m.reasons.some((r) => r.reason === "Signed 1 NDA on similar projects"))).not.toHaveLength(0);
    expect(stored).toEqual(expect.arrayContaining(listed.map((p) => expect.objectContaining({ projectId: p.id }))));
  });

  it("stores nothing when every weight is nought", async () => {
    await t.db.delete(systemSettings);
    await t.db.insert(systemSettings).values({ key: "matchWeights", value: Object.fromEntries(WEIGHT_KEYS.map((k) => [k, 0])), updatedAt: new Date() });
    await recomputeCustomerMatches(t.db, { customerId: buyer });
    expect(await t.db.select().from(matches).where(eq(matches.customerId, buyer))).toEqual([]);
  });
});
