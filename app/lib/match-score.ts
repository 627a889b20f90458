import { ANY_INDUSTRY, type BuyerCriteria } from "./buyer-criteria";
import { SIZE_BANDS, sizeBandOf, type Project } from "./projects";

/**
 * How well a project fits a buyer company: 0–100 and the reasons, each with its
 * points. Pure: the caller reads the criteria, the buyer's past behaviour and its
 * responsiveness from the database and passes them in, so the same function ranks
 * one project's buyers, one buyer's projects and the benchmark's 100,000 projects.
 */

/** The most points each reason can earn, before scaling to 100 (system data, edited by admins). */
export type MatchWeights = {
  industry: number;
  location: number;
  size: number;
  loanStatus: number;
  investmentType: number;
  transactionType: number;
  behaviour: number;
  responsiveness: number;
};
export const WEIGHT_KEYS = ["industry", "location", "size", "loanStatus", "investmentType", "transactionType", "behaviour", "responsiveness"] as const satisfies readonly (keyof MatchWeights)[];

export const WEIGHT_LABELS: Record<keyof MatchWeights, string> = {
  industry: "Industry",
  location: "Region or state",
  size: "Transaction size band",
  loanStatus: "Performing / non-performing",
  investmentType: "Investment type",
  transactionType: "Transaction type",
  behaviour: "Past behaviour (NDAs, time on similar projects)",
  responsiveness: "Responsiveness",
};

export const DEFAULT_WEIGHTS: MatchWeights = {
  industry: 25,
  location: 15,
  size: 15,
  loanStatus: 10,
  investmentType: 10,
  transactionType: 5,
  behaviour: 10,
  responsiveness: 10,
};

/** Scores below this are not stored: a buyer is not "matched" to a project it shares nothing with. */
export const MIN_MATCH_SCORE = 20;

/**
 * The criteria in the vocabulary of the projects table: states as their codes ("IL"),
 * size bands as their keys ("5-10m"). The CMS offers labels; the caller translates.
 */
export type MatchCriteria = BuyerCriteria;

/** What the score reads of a project. */
export type ProjectFacts = {
  industry: string;
  region: string;
  state: string;
  sizeBand: string | null;
  loanStatus: string;
  investmentTypes: string[];
  transactionTypes: string[];
};

/** The buyer's history with projects like this one (same industry), counted by the caller. */
export type Behaviour = { ndasOnSimilar: number; minutesOnSimilar: number };
export const NO_BEHAVIOUR: Behaviour = { ndasOnSimilar: 0, minutesOnSimilar: 0 };

export type MatchReason = { reason: string; points: number };
export type MatchResult = { score: number; reasons: MatchReason[] };

/** Spec §9 band labels, for reasons people read. */
export const SIZE_BAND_LABELS: Record<string, string> = {
  lt1m: "<$1m",
  "1-5m": "$1-$5m",
  "5-10m": "$5-$10m",
  "10-25m": "$10-$25m",
  "25-50m": "$25-$50m",
  "50-100m": "$50-$100m",
  "100-300m": "$100-$300m",
  "300-500m": "$300-$500m",
  gt500m: "Above $500m",
};
const BAND_ORDER = Object.keys(SIZE_BANDS);

/**
 * The projects table has no investment or transaction type: they follow from the
 * kind, the sale type and the loan status (spec §9 lists).
 */
export function projectFacts(
  p: Pick<Project, "kind" | "industry" | "location" | "state" | "size" | "term" | "saleType" | "details">,
): ProjectFacts {
  const investmentTypes: string[] = [];
  const transactionTypes: string[] = ["Financial Investment"];
  switch (p.kind) {
    case "loan_pool":
      investmentTypes.push("Debt (loans)", "Credit (lending)");
      transactionTypes.push("Trading Loans");
      if (p.term === "Non-Performing") transactionTypes.push("Loan-to-Own investment");
      break;
    case "insurance_loan":
      investmentTypes.push("Debt (loans)", "Credit (lending)");
      transactionTypes.push("Alternative Lending");
      break;
    case "real_estate": {
      investmentTypes.push("Assets");
      const propertyType = typeof p.details?.propertyType === "string" ? p.details.propertyType : "";
      transactionTypes.push("Real Estate of Any Kind", propertyType === "Industrial" ? "Industrial Real Estate" : "Commercial Real Estate");
      break;
    }
    case "limited_company":
      investmentTypes.push(p.saleType === "Company sale" ? "Equity" : "Debt (loans)");
      if (p.industry === "Technology") transactionTypes.push("High Tech/High Growth Investment");
      if (p.industry === "Intellectual Property") transactionTypes.push("IP/R&D");
      break;
  }
  if (p.saleType === "Asset sale") transactionTypes.push("Trading Assets/Liquidation");
  return {
    industry: p.industry,
    region: p.location,
    state: p.state,
    sizeBand: sizeBandOf(p.size),
    loanStatus: p.term,
    investmentTypes,
    transactionTypes,
  };
}

const overlap = (a: readonly string[], b: readonly string[]) => a.filter((x) => b.includes(x));

/** Each reason's share (0–1) of its weight, and the words that explain it. */
export function fractions(c: MatchCriteria, f: ProjectFacts, behaviour: Behaviour, responsiveness: number | null) {
  const out: Partial<Record<keyof MatchWeights, { share: number; reason: string }>> = {};
  if (c.industryPreferences.includes(f.industry)) out.industry = { share: 1, reason: `Industry: ${f.industry}` };
  else if (c.industryPreferences.includes(ANY_INDUSTRY)) out.industry = { share: 1, reason: "Any industry (No Preferred Industry)" };

  if (f.state && c.statePreferences.includes(f.state)) out.location = { share: 1, reason: `State: ${f.state}` };
  else if (f.region && c.borrowerLocationPreferences.includes(f.region)) out.location = { share: 0.8, reason: `Region: ${f.region}` };
  else if (c.borrowerLocationPreferences.includes("Nationwide") || (f.region === "Nationwide" && c.borrowerLocationPreferences.length))
    out.location = { share: 0.5, reason: "Nationwide" };

  if (f.sizeBand) {
    const label = SIZE_BAND_LABELS[f.sizeBand] ?? f.sizeBand;
    if (c.transactionScalePreferences.includes(f.sizeBand)) out.size = { share: 1, reason: `Size band: ${label}` };
    else {
      const at = BAND_ORDER.indexOf(f.sizeBand);
      const near = [BAND_ORDER[at - 1], BAND_ORDER[at + 1]].some((b) => b !== undefined && c.transactionScalePreferences.includes(b));
      if (near) out.size = { share: 0.5, reason: `Size band ${label}, next to yours` };
    }
  }

  const pref = c.performingLoanPreference;
  if (f.loanStatus && (pref === "Either" || pref === f.loanStatus)) out.loanStatus = { share: 1, reason: `Loan status: ${f.loanStatus}` };

  const investment = overlap(c.investmentPref, f.investmentTypes);
  if (investment.length) out.investmentType = { share: 1, reason: `Investment type: ${investment.join(", ")}` };
  const transaction = overlap(c.transactionPref, f.transactionTypes);
  if (transaction.length) out.transactionType = { share: 1, reason: `Transaction type: ${transaction.join(", ")}` };

  // two NDAs or twenty active minutes on similar projects earn the whole weight
  const ndas = Math.max(0, behaviour.ndasOnSimilar);
  const minutes = Math.max(0, behaviour.minutesOnSimilar);
  const behaved = 0.6 * Math.min(1, ndas / 2) + 0.4 * Math.min(1, minutes / 20);
  if (behaved > 0) {
    const words = [
      ndas ? `signed ${ndas} NDA${ndas === 1 ? "" : "s"} on similar projects` : "",
      minutes ? `${Math.round(minutes)} min on similar projects` : "",
    ].filter(Boolean);
    const sentence = words.join("; ");
    out.behaviour = { share: behaved, reason: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
  }

  if (responsiveness !== null && responsiveness > 0) {
    const r = Math.min(100, responsiveness);
    out.responsiveness = { share: r / 100, reason: `Responsiveness ${Math.round(r)}/100` };
  }
  return out;
}

/** Weights read from storage, made safe: whole points from 0 to 100, unknown keys dropped. */
export function weightsFrom(stored: unknown): MatchWeights {
  const s = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const w = { ...DEFAULT_WEIGHTS };
  for (const key of WEIGHT_KEYS) {
    const v = s[key];
    if (typeof v === "number" && Number.isFinite(v)) w[key] = Math.min(100, Math.max(0, Math.round(v)));
  }
  return w;
}

/** What a reason earns: its weight times its share, scaled so that every weight together makes 100. */
export function pointsOf(weights: MatchWeights, key: keyof MatchWeights, share: number, total = weightTotal(weights)) {
  return total > 0 ? Math.round((100 * Math.max(0, weights[key]) * share) / total) : 0;
}

export const weightTotal = (weights: MatchWeights) => WEIGHT_KEYS.reduce((sum, k) => sum + Math.max(0, weights[k]), 0);

/**
 * The score: each reason earns its weight times its share, and the total is scaled
 * so that a project matching on every count scores 100 whatever the weights add up to.
 * Reasons come best first; their points add up to the score.
 */
export function scoreProject(
  criteria: MatchCriteria,
  facts: ProjectFacts,
  behaviour: Behaviour = NO_BEHAVIOUR,
  weights: MatchWeights = DEFAULT_WEIGHTS,
  responsiveness: number | null = null,
): MatchResult {
  const total = weightTotal(weights);
  if (total <= 0) return { score: 0, reasons: [] };
  const found = fractions(criteria, facts, behaviour, responsiveness);
  const reasons: MatchReason[] = [];
  for (const key of WEIGHT_KEYS) {
    const hit = found[key];
    if (!hit) continue;
    const points = pointsOf(weights, key, hit.share, total);
    if (points > 0) reasons.push({ reason: hit.reason, points });
  }
  reasons.sort((a, b) => b.points - a.points);
  const score = Math.min(100, reasons.reduce((sum, r) => sum + r.points, 0));
  return { score, reasons };
}
