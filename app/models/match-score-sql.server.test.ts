import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { buildMarket, criteriaFor, seeded, weightsFor } from "../../tests/support/match-market";
import { withD1Limits } from "../../tests/support/d1-limits";
import { CONSTANT_LISTS } from "../../cms/seed/constants";
import { projects, systemSettings } from "~/.server/db/schema";
import { ANY_INDUSTRY, CRITERIA_LIMITS, type BuyerCriteria } from "~/lib/buyer-criteria";
import { buyerCriteriaSchema } from "~/lib/schemas/buyer-criteria";
import { DEFAULT_WEIGHTS, MIN_MATCH_SCORE, NO_BEHAVIOUR, projectFacts, scoreProject, WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { makeUser } from "~/seed/factories";
import { criteriaForMatching } from "./criteria-vocabulary.server";
import { bestProjectsFor } from "./matches.server";
import { criteriaOptionsOf } from "./buyer-criteria.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  await buildMarket(t.db, seller.id);
});
afterAll(() => t?.cleanup());

/** What scoring every visible listing in JavaScript proposes: the score's own ranking. */
async function scoredByHand(criteria: BuyerCriteria, weights: MatchWeights, limit: number) {
  const all = await t.db.select().from(projects);
  const forMatching = criteriaForMatching(criteria);
  return all
    .filter((p) => p.status === "published" || p.status === "under_offer")
    .map((p) => ({ projectId: p.id, ...scoreProject(forMatching, projectFacts(p), NO_BEHAVIOUR, weights) }))
    .filter((m) => m.score >= MIN_MATCH_SCORE)
    .sort((a, b) => b.score - a.score || a.projectId - b.projectId)
    .slice(0, limit);
}

describe("the assistant's proposal ranked in the database", () => {
  it("proposes what scoring each listing by hand proposes, with its reasons, for any criteria and weights", async () => {
    const g = seeded(11);
    let compared = 0;
    for (let round = 0; round < 60; round++) {
      const weights = weightsFor(g, round);
      await t.db.delete(systemSettings);
      await t.db.insert(systemSettings).values({ key: "matchWeights", value: weights, updatedAt: new Date() });
      const criteria = criteriaFor(g, round);
      const limit = round % 2 ? 3 : 200;
      const expected = await scoredByHand(criteria, weights, limit);
      expect(await bestProjectsFor(t.db, { criteria, limit }), JSON.stringify({ criteria, weights })).toEqual(expected);
      compared += expected.length;
    }
    // the rounds did propose listings, most of them many
    expect(compared).toBeGreaterThan(3000);
  });

  it("ranks the largest criteria the forms allow within D1's 100 parameters a statement", async () => {
    await t.db.delete(systemSettings);
    const options = criteriaOptionsOf(Object.fromEntries(CONSTANT_LISTS.map((l) => [l.key, l])));
    // every list at its cap (14 industries, none of them "any", 3 states), the others whole
    const posted = {
      industryPreferences: options.industries.filter((i) => i !== ANY_INDUSTRY).slice(0, CRITERIA_LIMITS.industries),
      statePreferences: options.states.slice(0, CRITERIA_LIMITS.states),
      borrowerLocationPreferences: options.locations,
      transactionScalePreferences: options.transactionScales,
      performingLoanPreference: "Performing",
      investmentPref: options.investmentTypes,
      transactionPref: options.transactionTypes,
      buyerType: options.investorTypes[0],
      investmentCriteria: "x".repeat(2000),
    };
    const parsed = buyerCriteriaSchema(options).safeParse(posted);
    expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
    expect(parsed.data!.industryPreferences).toHaveLength(CRITERIA_LIMITS.industries);
    const criteria: BuyerCriteria = { ...parsed.data!, performingLoanPreference: "Performing" };
    const d1 = withD1Limits(t.client);
    const proposed = await bestProjectsFor(d1.db, { criteria, limit: 3 });
    // the criteria are bound in the score and again in its ORDER BY: 51 parameters today
    expect(d1.seen.refused).toEqual([]);
    expect(proposed).toEqual(await scoredByHand(criteria, DEFAULT_WEIGHTS, 3));
  });

  it("proposes nothing when every weight is nought", async () => {
    await t.db.delete(systemSettings);
    await t.db.insert(systemSettings).values({ key: "matchWeights", value: Object.fromEntries(WEIGHT_KEYS.map((k) => [k, 0])), updatedAt: new Date() });
    const criteria = { industryPreferences: ["No Preferred Industry"], statePreferences: ["IL"], borrowerLocationPreferences: [], transactionScalePreferences: [], performingLoanPreference: "Either", investmentPref: [], transactionPref: [], investmentCriteria: "" } satisfies BuyerCriteria;
    expect(await bestProjectsFor(t.db, { criteria })).toEqual([]);
  });
});
