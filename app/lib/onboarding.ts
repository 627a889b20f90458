import { PERFORMING_LOAN_PREFERENCES, type BuyerCriteria } from "./buyer-criteria";
import type { OnboardSide, TranscriptEntry } from "./onboard-chats";
import type { CriteriaOptions } from "./schemas/buyer-criteria";
import type { AnswerValues } from "./schemas/onboarding";

export type { AnswerValues, StepValues } from "./schemas/onboarding";

/** Every list a question may offer: the criteria's CMS lists and the business descriptions. */
export type OnboardingOptions = CriteriaOptions & { businessTypes: readonly string[] };

type CriteriaKey = keyof BuyerCriteria | "buyerType";

/**
 * One question of the conversation. Its key is the form field it posts (the spec's
 * column names), so the answer is validated by the same piece of schema /preferences
 * and the customer forms use.
 */
export type Step = {
  key: "company" | "businessType" | CriteriaKey;
  question: Record<OnboardSide, string>;
  hint?: string;
  /** company: a name and a website; one: radio buttons; many: check boxes; text: a text area. */
  kind: "company" | "one" | "many" | "text";
  /** The list the answer is chosen from. */
  list?: keyof OnboardingOptions | "performing";
  /** May be skipped ("Skip" button). */
  optional: boolean;
  /** Where the answer is kept: the customer's profile, or its criteria (saveCriteria). */
  writes: "profile" | "criteria";
  sides: readonly OnboardSide[];
};

const BOTH = ["buyer", "seller"] as const;
const BUYERS = ["buyer"] as const;

export const STEPS: readonly Step[] = [
  {
    key: "company",
    question: { buyer: "Welcome! Which company do you invest for?", seller: "Welcome! Which company are you selling for?" },
    hint: "Its website helps us tell it from companies with a similar name.",
    kind: "company",
    optional: false,
    writes: "profile",
    sides: BOTH,
  },
  {
    key: "businessType",
    question: { buyer: "What kind of business is it?", seller: "What kind of business is it?" },
    kind: "one",
    list: "businessTypes",
    optional: true,
    writes: "profile",
    sides: BOTH,
  },
  {
    key: "buyerType",
    question: { buyer: "What type of investor are you?", seller: "" },
    hint: "Accredited investors and QIBs are asked for evidence before signing NDAs.",
    kind: "one",
    list: "investorTypes",
    optional: true,
    writes: "criteria",
    sides: BUYERS,
  },
  {
    key: "investmentPref",
    question: { buyer: "What do you buy?", seller: "What do you sell?" },
    kind: "many",
    list: "investmentTypes",
    optional: true,
    writes: "criteria",
    sides: BOTH,
  },
  {
    key: "transactionPref",
    question: { buyer: "Which kinds of transaction interest you?", seller: "" },
    kind: "many",
    list: "transactionTypes",
    optional: true,
    writes: "criteria",
    sides: BUYERS,
  },
  {
    key: "industryPreferences",
    question: { buyer: "Which industries do you invest in?", seller: "Which industries are your borrowers or assets in?" },
    hint: "Up to 14.",
    kind: "many",
    list: "industries",
    optional: true,
    writes: "criteria",
    sides: BOTH,
  },
  {
    key: "borrowerLocationPreferences",
    question: { buyer: "Which regions?", seller: "Which regions are your borrowers or assets in?" },
    kind: "many",
    list: "locations",
    optional: true,
    writes: "criteria",
    sides: BOTH,
  },
  {
    key: "statePreferences",
    question: { buyer: "Any states you focus on?", seller: "" },
    hint: "Up to 3.",
    kind: "many",
    list: "states",
    optional: true,
    writes: "criteria",
    sides: BUYERS,
  },
  {
    key: "transactionScalePreferences",
    question: { buyer: "Which transaction sizes?", seller: "How large are the portfolios or assets you sell?" },
    kind: "many",
    list: "transactionScales",
    optional: true,
    writes: "criteria",
    sides: BOTH,
  },
  {
    key: "performingLoanPreference",
    question: { buyer: "Performing or non-performing loans?", seller: "Are the loans you sell performing or non-performing?" },
    kind: "one",
    list: "performing",
    optional: true,
    writes: "criteria",
    sides: BOTH,
  },
  {
    key: "investmentCriteria",
    question: { buyer: "Anything else we should know about what you look for?", seller: "" },
    kind: "text",
    optional: true,
    writes: "criteria",
    sides: BUYERS,
  },
];

export function stepsFor(side: OnboardSide) {
  return STEPS.filter((s) => s.sides.includes(side));
}

export function stepOf(side: OnboardSide, key: string) {
  return stepsFor(side).find((s) => s.key === key) ?? null;
}

export const firstStep = (side: OnboardSide) => stepsFor(side)[0]!;

/** The side of the conversation a URL is for. */
export const sideOfPath = (pathname: string): OnboardSide => (/^\/on-board\/sellers\/?$/.test(pathname) ? "seller" : "buyer");
export const ONBOARD_PATHS: Record<OnboardSide, string> = { buyer: "/on-board/buyers", seller: "/on-board/sellers" };

/** Steps answered or skipped, from the transcript. */
export function settledSteps(transcript: readonly TranscriptEntry[]) {
  return new Set(transcript.map((e) => e.step));
}

/** Steps with a real answer (not skipped): what the admin list counts. */
export function answeredCount(transcript: readonly TranscriptEntry[]) {
  const latest = latestTurns(transcript);
  return [...latest.values()].filter((e) => !e.skipped).length;
}

/** The last turn of each step: what the member said in the end. */
export function latestTurns(transcript: readonly TranscriptEntry[]) {
  const latest = new Map<string, TranscriptEntry>();
  for (const entry of transcript) latest.set(entry.step, entry);
  return latest;
}

/**
 * The question after `key`: the first later one not yet answered or skipped (after
 * going back and answering again, the member returns to where they were), or null
 * when the conversation is over.
 */
export function nextStep(side: OnboardSide, key: string, transcript: readonly TranscriptEntry[]) {
  const steps = stepsFor(side);
  const settled = settledSteps(transcript);
  const at = steps.findIndex((s) => s.key === key);
  return steps.slice(at + 1).find((s) => !settled.has(s.key)) ?? null;
}

export function previousStep(side: OnboardSide, key: string) {
  const steps = stepsFor(side);
  const at = steps.findIndex((s) => s.key === key);
  return at > 0 ? steps[at - 1]! : null;
}

/** The conversation so far, in question order, as the member last answered it, up to the question shown. */
export function conversationSoFar(side: OnboardSide, currentStep: string, transcript: readonly TranscriptEntry[]) {
  const latest = latestTurns(transcript);
  const steps = stepsFor(side);
  const upTo = steps.findIndex((s) => s.key === currentStep);
  return steps
    .slice(0, upTo < 0 ? steps.length : upTo)
    .map((s) => latest.get(s.key))
    .filter((e): e is TranscriptEntry => Boolean(e));
}

export function choicesOf(step: Step, options: OnboardingOptions): readonly string[] {
  if (!step.list) return [];
  return step.list === "performing" ? PERFORMING_LOAN_PREFERENCES : options[step.list];
}

/** The answer as the member's chat bubble says it. */
export function answerText(step: Step, value: AnswerValues) {
  if (step.kind === "company") return value.website ? `${String(value.customerName)} (${String(value.website)})` : String(value.customerName);
  const answer = value[step.key];
  return Array.isArray(answer) ? answer.join(", ") : String(answer ?? "");
}

/**
 * Whether an answer may set a company's name, business type or investor type: only
 * when this member's chat created the company, or the company has no such value yet.
 * A company an admin set up (and perhaps verified) keeps what the admin wrote.
 */
export const mayWriteProfile = ({ createdCustomer, current }: { createdCustomer: boolean; current: string }) => createdCustomer || current.trim() === "";

/** The criteria after one answer: only the answered field changes. */
export function criteriaAfter(
  step: Step,
  value: AnswerValues,
  current: { criteria: BuyerCriteria; buyerType: string },
  { createdCustomer }: { createdCustomer: boolean },
) {
  const values = { ...current.criteria, buyerType: current.buyerType };
  if (step.key === "buyerType") {
    if (mayWriteProfile({ createdCustomer, current: current.buyerType })) values.buyerType = String(value.buyerType);
  } else if (step.writes === "criteria") {
    (values as Record<string, unknown>)[step.key] = value[step.key];
  }
  return values;
}
