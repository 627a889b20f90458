/**
 * What a buyer company looks for (spec §3 customer columns). Kept on the customer
 * record under the spec's own names, so forms, tables, CSV and the API read alike.
 * `buyerType` (the investor type) is the customer's own column, not part of this.
 */
export type BuyerCriteria = {
  industryPreferences: string[];
  statePreferences: string[];
  borrowerLocationPreferences: string[];
  transactionScalePreferences: string[];
  performingLoanPreference: PerformingLoanPreference | "";
  investmentPref: string[];
  transactionPref: string[];
  investmentCriteria: string;
};

export const PERFORMING_LOAN_PREFERENCES = ["Performing", "Non-Performing", "Either"] as const;
export type PerformingLoanPreference = (typeof PERFORMING_LOAN_PREFERENCES)[number];

/** Spec §3 has industryPreference1..14 and statePreference1..3: the most a buyer may name. */
export const CRITERIA_LIMITS = { industries: 14, states: 3 } as const;
/** Spec §5: what a buyer naming more is told, by the forms and by the matchmaking assistant alike. */
export const CRITERIA_LIMIT_MESSAGES = {
  industries: `Choose at most ${CRITERIA_LIMITS.industries} industries.`,
  states: `Choose at most ${CRITERIA_LIMITS.states} states.`,
} as const;

/** The industry that means "any industry". */
export const ANY_INDUSTRY = "No Preferred Industry";

export const EMPTY_CRITERIA: BuyerCriteria = {
  industryPreferences: [],
  statePreferences: [],
  borrowerLocationPreferences: [],
  transactionScalePreferences: [],
  performingLoanPreference: "",
  investmentPref: [],
  transactionPref: [],
  investmentCriteria: "",
};

const LIST_KEYS = [
  "industryPreferences",
  "statePreferences",
  "borrowerLocationPreferences",
  "transactionScalePreferences",
  "investmentPref",
  "transactionPref",
] as const;

/** Whatever is stored (older rows may miss keys), read as complete criteria. */
export function criteriaFrom(stored: { [K in keyof BuyerCriteria]?: unknown } | null | undefined): BuyerCriteria {
  const s = stored ?? {};
  const criteria = { ...EMPTY_CRITERIA };
  for (const key of LIST_KEYS) {
    const value = s[key];
    criteria[key] = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  }
  criteria.performingLoanPreference = (PERFORMING_LOAN_PREFERENCES as readonly unknown[]).includes(s.performingLoanPreference)
    ? (s.performingLoanPreference as PerformingLoanPreference)
    : "";
  criteria.investmentCriteria = typeof s.investmentCriteria === "string" ? s.investmentCriteria : "";
  return criteria;
}

/** True once the buyer has said anything about what it buys (the on-boarding checklist's "preferences captured"). */
export const hasCriteria = (c: BuyerCriteria) =>
  LIST_KEYS.some((k) => c[k].length > 0) || c.performingLoanPreference !== "" || c.investmentCriteria.trim() !== "";

/** Each criterion as the criteria form names it (its legends), in the form's order. */
export const CRITERIA_LABELS: Record<keyof BuyerCriteria, string> = {
  industryPreferences: "Industries",
  borrowerLocationPreferences: "Regions",
  statePreferences: "States",
  transactionScalePreferences: "Transaction size",
  performingLoanPreference: "Loan status",
  investmentPref: "Investment types",
  transactionPref: "Transaction types",
  investmentCriteria: "Investment criteria",
};

/**
 * The criteria a buyer named, each as a label and a line to read (the admin's customer page): the
 * stored keys and band codes ("transactionScalePreferences", "25-50m") are no words for people.
 */
export function criteriaToRead(stored: Parameters<typeof criteriaFrom>[0], bandLabels: Record<string, string>) {
  const criteria = criteriaFrom(stored);
  return (Object.keys(CRITERIA_LABELS) as Array<keyof BuyerCriteria>).flatMap((key) => {
    const value = criteria[key];
    const text = Array.isArray(value) ? value.map((v) => (key === "transactionScalePreferences" ? (bandLabels[v] ?? v) : v)).join(", ") : value.trim();
    return text ? [{ label: CRITERIA_LABELS[key], text }] : [];
  });
}
