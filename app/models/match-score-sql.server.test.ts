import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { projects, systemSettings } from "~/.server/db/schema";
import type { BuyerCriteria } from "~/lib/buyer-criteria";
import { DEFAULT_WEIGHTS, MIN_MATCH_SCORE, NO_BEHAVIOUR, projectFacts, scoreProject, WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { PROJECT_KINDS } from "~/lib/project-kinds";
import { makeUser } from "~/seed/factories";
import { criteriaForMatching } from "./criteria-vocabulary.server";
import { bestProjectsFor } from "./matches.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;

// a small seeded generator: the same market and criteria on every run
function seeded(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const some = <T,>(xs: readonly T[], most: number) => xs.filter(() => next() < most / xs.length);
  return { next, pick, some };
}

const INDUSTRIES = ["Healthcare", "Technology", "Intellectual Property", "Energy", ""];
const PLACES = [["Midwest", "IL"], ["Nationwide", ""], ["South", "TX"], ["", ""], ["Northeast", "NY"], ["", "IL"]] as const;
const TERMS = ["Performing", "Non-Performing", ""];
const SALE_TYPES = ["Company sale", "Asset sale", "Loan sale", ""];
const DETAILS = [{ propertyType: "Industrial" }, { propertyType: "Office" }, { propertyType: 5 }, {}];
const SIZES = [null, -1, 0, 999_999, 1_000_000, 4_999_999.5, 7_000_000, 10_000_000, 25_000_000, 99_000_000, 300_000_000, 500_000_000, 6e9];
const BANDS = ["lt1m", "1-5m", "5-10m", "10-25m", "25-50m", "50-100m", "100-300m", "300-500m", "gt500m"];
const INVESTMENT = ["Debt (loans)", "Credit (lending)", "Assets", "Equity", "Something else"];
const TRANSACTION = [
  "Financial Investment",
  "Trading Loans",
  "Loan-to-Own investment",
  "Alternative Lending",
  "Real Estate of Any Kind",
  "Industrial Real Estate",
  "Commercial Real Estate",
  "High Tech/High Growth Investment",
  "IP/R&D",
  "Trading Assets/Liquidation",
];

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const g = seeded(7);
  const rows = Array.from({ length: 700 }, (_, i) => {
    const [location, state] = g.pick(PLACES);
    return {
      sellerId: seller.id,
      projectName: `P${i}`,
      // a tenth not visible to buyers: never proposed
      status: i % 10 === 9 ? ("draft" as const) : g.pick(["published", "under_offer"] as const),
      kind: g.pick(PROJECT_KINDS),
      industry: g.pick(INDUSTRIES),
      location,
      state,
      term: g.pick(TERMS),
      saleType: g.pick(SALE_TYPES),
      details: g.pick(DETAILS),
      size: g.pick(SIZES),
    };
  });
  for (let i = 0; i < rows.length; i += 100) await t.db.insert(projects).values(rows.slice(i, i + 100));
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
      const weights =
        round === 0
          ? DEFAULT_WEIGHTS
          : (Object.fromEntries(WEIGHT_KEYS.map((k) => [k, g.next() < 0.15 ? 0 : Math.floor(g.next() * 40)])) as MatchWeights);
      await t.db.delete(systemSettings);
      await t.db.insert(systemSettings).values({ key: "matchWeights", value: weights, updatedAt: new Date() });
      const criteria: BuyerCriteria = {
        industryPreferences: round % 7 === 3 ? ["No Preferred Industry"] : g.some(INDUSTRIES, 2),
        // codes and the form's labels both
        statePreferences: g.some(["IL", "TX", "Illinois", "New York"], 1.5),
        borrowerLocationPreferences: g.some(["Midwest", "South", "Northeast", "Nationwide"], 1.5),
        transactionScalePreferences: g.some([...BANDS, "$5-$10m"], 2),
        performingLoanPreference: g.pick(["Performing", "Non-Performing", "Either", ""] as const),
        investmentPref: g.some(INVESTMENT, 1.5),
        transactionPref: g.some(TRANSACTION, 2),
        investmentCriteria: "",
      };
      const limit = round % 2 ? 3 : 200;
      const expected = await scoredByHand(criteria, weights, limit);
      expect(await bestProjectsFor(t.db, { criteria, limit }), JSON.stringify({ criteria, weights })).toEqual(expected);
      compared += expected.length;
    }
    // the rounds did propose listings, most of them many
    expect(compared).toBeGreaterThan(3000);
  });

  it("proposes nothing when every weight is nought", async () => {
    await t.db.delete(systemSettings);
    await t.db.insert(systemSettings).values({ key: "matchWeights", value: Object.fromEntries(WEIGHT_KEYS.map((k) => [k, 0])), updatedAt: new Date() });
    const criteria = { industryPreferences: ["No Preferred Industry"], statePreferences: ["IL"], borrowerLocationPreferences: [], transactionScalePreferences: [], performingLoanPreference: "Either", investmentPref: [], transactionPref: [], investmentCriteria: "" } satisfies BuyerCriteria;
    expect(await bestProjectsFor(t.db, { criteria })).toEqual([]);
  });
});
