import { projects } from "~/.server/db/schema";
import type { Database } from "~/.server/db";
import type { BuyerCriteria } from "~/lib/buyer-criteria";
import { DEFAULT_WEIGHTS, WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { PROJECT_KINDS } from "~/lib/project-kinds";

/**
 * A generated market and generated criteria for the tests that compare a score written in SQL with
 * `scoreProject`: every kind, sale type, loan status, property type, size band and place, the same on
 * every run.
 */
export function seeded(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const some = <T,>(xs: readonly T[], most: number) => xs.filter(() => next() < most / xs.length);
  return { next, pick, some };
}
type Generator = ReturnType<typeof seeded>;

export const INDUSTRIES = ["Healthcare", "Technology", "Intellectual Property", "Energy", ""];
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

/** 700 listings, a tenth of them drafts (never matched). */
export async function buildMarket(db: Database, sellerId: number) {
  const g = seeded(7);
  const rows = Array.from({ length: 700 }, (_, i) => {
    const [location, state] = g.pick(PLACES);
    return {
      sellerId,
      projectName: `P${i}`,
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
  for (let i = 0; i < rows.length; i += 100) await db.insert(projects).values(rows.slice(i, i + 100));
}

/** The round's weights: the defaults first, then random ones with some at nought. */
export function weightsFor(g: Generator, round: number): MatchWeights {
  if (round === 0) return DEFAULT_WEIGHTS;
  return Object.fromEntries(WEIGHT_KEYS.map((k) => [k, g.next() < 0.15 ? 0 : Math.floor(g.next() * 40)])) as MatchWeights;
}

/** The round's criteria, in the form's spelling and the market's both. */
export function criteriaFor(g: Generator, round: number): BuyerCriteria {
  return {
    industryPreferences: round % 7 === 3 ? ["No Preferred Industry"] : g.some(INDUSTRIES, 2),
    statePreferences: g.some(["IL", "TX", "Illinois", "New York"], 1.5),
    borrowerLocationPreferences: g.some(["Midwest", "South", "Northeast", "Nationwide"], 1.5),
    transactionScalePreferences: g.some([...BANDS, "$5-$10m"], 2),
    performingLoanPreference: g.pick(["Performing", "Non-Performing", "Either", ""] as const),
    investmentPref: g.some(INVESTMENT, 1.5),
    transactionPref: g.some(TRANSACTION, 2),
    investmentCriteria: "",
  };
}
