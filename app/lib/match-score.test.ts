import { describe, expect, it } from "vitest";
import { EMPTY_CRITERIA, type BuyerCriteria } from "./buyer-criteria";
import { DEFAULT_WEIGHTS, projectFacts, scoreProject, weightsFrom, type MatchWeights, type ProjectFacts } from "./match-score";

const facts: ProjectFacts = {
  industry: "Healthcare",
  region: "Midwest",
  state: "IL",
  sizeBand: "5-10m",
  loanStatus: "Performing",
  investmentTypes: ["Debt (loans)", "Credit (lending)"],
  transactionTypes: ["Financial Investment", "Trading Loans"],
};
const criteria = (c: Partial<BuyerCriteria>): BuyerCriteria => ({ ...EMPTY_CRITERIA, ...c });
const only = (key: keyof MatchWeights): MatchWeights =>
  Object.fromEntries(Object.keys(DEFAULT_WEIGHTS).map((k) => [k, k === key ? 10 : 0])) as MatchWeights;

describe("scoreProject", () => {
  it("scores nothing for a buyer who said nothing", () => {
    expect(scoreProject(EMPTY_CRITERIA, facts)).toEqual({ score: 0, reasons: [] });
  });

  it("scores 100 when every reason matches in full", () => {
    const all = criteria({
      industryPreferences: ["Healthcare"],
      statePreferences: ["IL"],
      transactionScalePreferences: ["5-10m"],
      performingLoanPreference: "Performing",
      investmentPref: ["Debt (loans)"],
      transactionPref: ["Trading Loans"],
    });
    const result = scoreProject(all, facts, { ndasOnSimilar: 2, minutesOnSimilar: 20 }, DEFAULT_WEIGHTS, 100);
    expect(result.score).toBe(100);
    expect(result.reasons.reduce((s, r) => s + r.points, 0)).toBe(100);
    expect(result.reasons[0]).toEqual({ reason: "Industry: Healthcare", points: 25 });
  });

  it.each<[string, Partial<BuyerCriteria>, keyof MatchWeights, string]>([
    ["industry", { industryPreferences: ["Energy", "Healthcare"] }, "industry", "Industry: Healthcare"],
    ["any industry", { industryPreferences: ["No Preferred Industry"] }, "industry", "Any industry (No Preferred Industry)"],
    ["state", { statePreferences: ["IL"] }, "location", "State: IL"],
    ["size band", { transactionScalePreferences: ["5-10m"] }, "size", "Size band: $5-$10m"],
    ["loan status", { performingLoanPreference: "Performing" }, "loanStatus", "Loan status: Performing"],
    ["either loan status", { performingLoanPreference: "Either" }, "loanStatus", "Loan status: Performing"],
    ["investment type", { investmentPref: ["Equity", "Debt (loans)"] }, "investmentType", "Investment type: Debt (loans)"],
    ["transaction type", { transactionPref: ["Trading Loans"] }, "transactionType", "Transaction type: Trading Loans"],
  ])("gives the whole weight for a matching %s", (_, c, key, reason) => {
    expect(scoreProject(criteria(c), facts, undefined, only(key))).toEqual({ score: 100, reasons: [{ reason, points: 100 }] });
  });

  it("gives part of the weight for a region, a neighbouring size band, and nothing for a mismatch", () => {
    expect(scoreProject(criteria({ borrowerLocationPreferences: ["Midwest"] }), facts, undefined, only("location")).score).toBe(80);
    expect(scoreProject(criteria({ transactionScalePreferences: ["10-25m"] }), facts, undefined, only("size"))).toEqual({
      score: 50,
      reasons: [{ reason: "Size band $5-$10m, next to yours", points: 50 }],
    });
    expect(scoreProject(criteria({ transactionScalePreferences: ["gt500m"] }), facts, undefined, only("size")).score).toBe(0);
    expect(scoreProject(criteria({ industryPreferences: ["Energy"] }), facts, undefined, only("industry")).score).toBe(0);
    expect(scoreProject(criteria({ performingLoanPreference: "Non-Performing" }), facts, undefined, only("loanStatus")).score).toBe(0);
  });

  it("counts past behaviour and responsiveness passed in by the caller", () => {
    expect(scoreProject(EMPTY_CRITERIA, facts, { ndasOnSimilar: 1, minutesOnSimilar: 0 }, only("behaviour"))).toEqual({
      score: 30,
      reasons: [{ reason: "Signed 1 NDA on similar projects", points: 30 }],
    });
    expect(scoreProject(EMPTY_CRITERIA, facts, { ndasOnSimilar: 9, minutesOnSimilar: 99 }, only("behaviour")).score).toBe(100);
    expect(scoreProject(EMPTY_CRITERIA, facts, undefined, only("responsiveness"), 75)).toEqual({
      score: 75,
      reasons: [{ reason: "Responsiveness 75/100", points: 75 }],
    });
    expect(scoreProject(EMPTY_CRITERIA, facts, undefined, only("responsiveness"), null).score).toBe(0);
  });

  it("weights decide the points, scaled to 100 whatever they add up to", () => {
    const c = criteria({ industryPreferences: ["Healthcare"], statePreferences: ["IL"] });
    const doubled = Object.fromEntries(Object.entries(DEFAULT_WEIGHTS).map(([k, v]) => [k, v * 2])) as MatchWeights;
    expect(scoreProject(c, facts, undefined, doubled)).toEqual(scoreProject(c, facts));
    const industryHeavy = { ...DEFAULT_WEIGHTS, industry: 100 };
    expect(scoreProject(c, facts, undefined, industryHeavy).score).toBeGreaterThan(scoreProject(c, facts).score);
    expect(scoreProject(c, facts, undefined, { ...only("industry"), industry: 0 })).toEqual({ score: 0, reasons: [] });
  });

  it("stays within 0–100 and orders reasons best first", () => {
    const c = criteria({ industryPreferences: ["No Preferred Industry"], statePreferences: ["IL"], performingLoanPreference: "Either" });
    const { score, reasons } = scoreProject(c, facts, { ndasOnSimilar: -5, minutesOnSimilar: 1e9 }, weightsFrom({ industry: 1e6, size: -3 }), 500);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
    expect(reasons.map((r) => r.points)).toEqual([...reasons.map((r) => r.points)].sort((a, b) => b - a));
  });
});

describe("weightsFrom", () => {
  it("keeps whole points from 0 to 100 and falls back to the defaults", () => {
    expect(weightsFrom(null)).toEqual(DEFAULT_WEIGHTS);
    expect(weightsFrom({ industry: 250, size: -1, location: 7.6, other: 5, loanStatus: "x" })).toEqual({
      ...DEFAULT_WEIGHTS,
      industry: 100,
      size: 0,
      location: 8,
    });
  });
});

describe("projectFacts", () => {
  it("derives investment and transaction types from the kind and sale type", () => {
    const base = { industry: "Technology", location: "West", state: "CA", size: 7_000_000, term: "Non-Performing", details: {} };
    expect(projectFacts({ ...base, kind: "loan_pool", saleType: "Portfolio sale" })).toMatchObject({
      sizeBand: "5-10m",
      investmentTypes: ["Debt (loans)", "Credit (lending)"],
      transactionTypes: ["Financial Investment", "Trading Loans", "Loan-to-Own investment"],
    });
    expect(projectFacts({ ...base, kind: "limited_company", saleType: "Company sale" })).toMatchObject({
      investmentTypes: ["Equity"],
      transactionTypes: ["Financial Investment", "High Tech/High Growth Investment"],
    });
    expect(projectFacts({ ...base, kind: "real_estate", saleType: "Asset sale", details: { propertyType: "Industrial" } }).transactionTypes).toEqual([
      "Financial Investment",
      "Real Estate of Any Kind",
      "Industrial Real Estate",
      "Trading Assets/Liquidation",
    ]);
  });
});
