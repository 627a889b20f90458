import { parseDecimal } from "./field-rules";
import { ANY_INDUSTRY, CRITERIA_LIMITS, CRITERIA_LIMIT_MESSAGES, type BuyerCriteria } from "./buyer-criteria";
import { SIZE_BAND_LABELS, type MatchReason } from "./match-score";
import { SIZE_BANDS } from "./projects";
import type { CriteriaOptions } from "./schemas/buyer-criteria";

/**
 * The matchmaking assistant (issue #13 item 5): a buyer says in plain words what it
 * looks for, the assistant proposes the criteria it understood and, with the buyer's
 * consent, saves them. The brain behind it is an interface: rule-based here, with no
 * outside service; a language-model provider plugs in through MATCHMAKING_BOT_URL.
 */

export const BOT_QUESTION_KEYS = ["industry", "location", "size", "performing", "types", "freeText"] as const;
export type BotQuestionKey = (typeof BOT_QUESTION_KEYS)[number];
export type BotQuestion = { key: BotQuestionKey; text: string; enabled: boolean };

/** What each question is about, for the admin's form. */
export const BOT_QUESTION_TOPICS: Record<BotQuestionKey, string> = {
  industry: "Industry",
  location: "Region or state",
  size: "Transaction size",
  performing: "Performing or not",
  types: "Investment and transaction type",
  freeText: "Anything else (free text)",
};

export const DEFAULT_BOT_QUESTIONS: readonly BotQuestion[] = [
  { key: "industry", text: "Which industries do you invest in? Say “any industry” if it does not matter.", enabled: true },
  { key: "location", text: "Which regions or states? (up to 3 states)", enabled: true },
  { key: "size", text: "What transaction size? For example “under $5M” or “$10M to $25M”.", enabled: true },
  { key: "performing", text: "Performing loans, non-performing, or either?", enabled: true },
  { key: "types", text: "What do you buy, and how? For example loan pools, real estate or equity; trading loans or loan-to-own.", enabled: true },
  { key: "freeText", text: "Anything else we should know about what you look for?", enabled: true },
];

export const BOT_QUESTION_MAX = 300;

/** The questions as stored (system data), made whole: every key once, in the stored order, defaults for what is missing. */
export function botQuestionsFrom(stored: unknown): BotQuestion[] {
  const list = Array.isArray(stored) ? stored : [];
  const out: BotQuestion[] = [];
  for (const item of list) {
    const q = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const key = BOT_QUESTION_KEYS.find((k) => k === q.key);
    if (!key || out.some((o) => o.key === key)) continue;
    const text = typeof q.text === "string" && q.text.trim() ? q.text.trim().slice(0, BOT_QUESTION_MAX) : DEFAULT_BOT_QUESTIONS.find((d) => d.key === key)!.text;
    out.push({ key, text, enabled: q.enabled !== false });
  }
  for (const d of DEFAULT_BOT_QUESTIONS) if (!out.some((o) => o.key === d.key)) out.push({ ...d });
  return out;
}

/** A project the assistant showed, with why it matches (names are looked up when shown, for projects still visible). */
export type BotMatch = { projectId: number; score: number; reasons: MatchReason[] };
export type BotTurn = { from: "bot" | "member"; text: string; asks?: BotQuestionKey | null; matches?: BotMatch[]; at: string };

/** The lists answers are understood against, and USPS codes to state names ("TX" → "Texas"). */
export type BotOptions = CriteriaOptions & { stateCodes: Readonly<Record<string, string>> };

export type BotContext = {
  turns: readonly BotTurn[];
  /** What the buyer has told so far: the proposal waiting for consent, else the saved criteria. */
  criteria: BuyerCriteria;
  questions: readonly BotQuestion[];
  options: BotOptions;
};
/** proposedCriteria: the whole criteria after this answer, or null when nothing changed. */
export type BotReply = { message: string; proposedCriteria: BuyerCriteria | null; asks: BotQuestionKey | null };

export interface BotBrain {
  reply(context: BotContext): Promise<BotReply>;
}

export const BOT_MESSAGE_MAX = 1000;
/** The conversation keeps its last turns only: enough to read back, bounded in the database. */
export const BOT_TURNS_KEPT = 40;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const phrase = (words: string) => new RegExp(`(^|[^a-z0-9])${escape(words.toLowerCase())}s?(?=$|[^a-z0-9])`);

/** Finds each label in the text, longest first, blanking what it matched ("West Virginia" is not "West" too). */
function findLabels(text: string, labels: readonly string[]) {
  let rest = text;
  const found: string[] = [];
  for (const label of [...labels].sort((a, b) => b.length - a.length)) {
    const re = phrase(label);
    if (re.test(rest)) {
      found.push(label);
      rest = rest.replace(new RegExp(re.source, "g"), "$1 ");
    }
  }
  return { found, rest };
}

// a figure with thousands commas first: "$1,000,000" was read as "$1,000", one dollar
const FIGURE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`;
const AMOUNT = String.raw`\$?\s*(${FIGURE})\s*(k|m|mm|mn|million|b|bn|billion)?\b`;
const UNIT: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, mn: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
const amount = (n: string, unit: string | undefined) => parseDecimal(n, true) * (unit ? UNIT[unit]! : 1);

/** The size range a text names ("under $5M", "$5-10m", "over $100 million", "$7m"), or null. */
export function sizeRange(text: string): { min: number; max: number } | null {
  const t = text.toLowerCase();
  const range = new RegExp(`(?:between\\s*)?${AMOUNT}\\s*(?:-|–|to|and)\\s*${AMOUNT}`).exec(t);
  // figures without a unit name dollars when they are written out ("$5,000,000 to $10,000,000"), not "$5-10"
  if (range && (range[2] || range[4] || amount(range[3]!, undefined) >= 1000) && (t.includes("$") || range[4])) {
    const unit = range[4] ?? range[2];
    return { min: amount(range[1]!, range[2] ?? unit), max: amount(range[3]!, unit) };
  }
  const under = new RegExp(`(?:under|below|less than|up to|at most|max(?:imum)?|<)\\s*${AMOUNT}`).exec(t);
  if (under && (under[2] || t.includes("$"))) return { min: 0, max: amount(under[1]!, under[2]) };
  const over = new RegExp(`(?:over|above|more than|at least|min(?:imum)?|>|\\+)\\s*${AMOUNT}`).exec(t);
  if (over && (over[2] || t.includes("$"))) return { min: amount(over[1]!, over[2]), max: Infinity };
  const one = new RegExp(`\\$\\s*(${FIGURE})\\s*(k|m|mm|mn|million|b|bn|billion)?\\b|(${FIGURE})\\s*(k|m|mm|mn|million|b|bn|billion)\\b`).exec(t);
  if (one) {
    const value = one[1] !== undefined ? amount(one[1], one[2]) : amount(one[3]!, one[4]);
    return { min: value, max: value };
  }
  return null;
}

/** The size bands (their labels, as the forms offer them) a range touches. */
function bandsOf(range: { min: number; max: number }, offered: readonly string[]) {
  return Object.entries(SIZE_BANDS)
    .filter(([, b]) => (range.min === range.max ? range.min >= b.min && (b.max === null || range.min < b.max) : b.min < range.max && (b.max === null || b.max > range.min)))
    .map(([key]) => SIZE_BAND_LABELS[key] ?? key)
    .filter((label) => offered.includes(label));
}

/** Plain words for investment and transaction types (matched as whole words, lower case). */
const INVESTMENT_WORDS: ReadonlyArray<[string, string]> = [
  ["loan pool", "Debt (loans)"],
  ["loans", "Debt (loans)"],
  ["debt", "Debt (loans)"],
  ["credit", "Credit (lending)"],
  ["lending", "Credit (lending)"],
  ["equity", "Equity"],
  ["companies", "Equity"],
  ["real estate", "Assets"],
  ["property", "Assets"],
  ["properties", "Assets"],
  ["assets", "Assets"],
];
const TRANSACTION_WORDS: ReadonlyArray<[string, string]> = [
  ["loan pool", "Trading Loans"],
  ["trading loans", "Trading Loans"],
  ["loan-to-own", "Loan-to-Own investment"],
  ["loan to own", "Loan-to-Own investment"],
  ["commercial real estate", "Commercial Real Estate"],
  ["cre", "Commercial Real Estate"],
  ["industrial", "Industrial Real Estate"],
  ["real estate", "Real Estate of Any Kind"],
  ["alternative lending", "Alternative Lending"],
  ["intellectual property", "IP/R&D"],
  ["r&d", "IP/R&D"],
  ["high tech", "High Tech/High Growth Investment"],
  ["high growth", "High Tech/High Growth Investment"],
  ["liquidation", "Trading Assets/Liquidation"],
  ["financial investment", "Financial Investment"],
];
const INDUSTRY_WORDS: ReadonlyArray<[string, string]> = [
  ["any industry", ANY_INDUSTRY],
  ["all industries", ANY_INDUSTRY],
  ["no preferred industry", ANY_INDUSTRY],
  ["health care", "Healthcare"],
  ["tech", "Technology"],
  ["software", "Technology"],
  ["aviation", "Aviation"],
  ["defense", "Aerospace & Defense"],
  ["farming", "Agriculture"],
];
const wordsFound = (text: string, words: ReadonlyArray<[string, string]>, offered: readonly string[]) => [
  ...new Set(words.filter(([w, v]) => offered.includes(v) && phrase(w).test(text)).map(([, v]) => v)),
];

const NOTHING = /^(no|none|nothing|skip|pass|next|n\/a|no thanks|not really|that'?s (it|all)|done)[.!]?$/;

export type Understood = { changes: Partial<BuyerCriteria>; refused: string | null };

/**
 * What one message says about the criteria. A field the message names replaces the
 * same field (so "Texas" then "Ohio" means Ohio); fields it does not name are kept.
 * More than 14 industries or 3 states is refused with the form's own message (spec §5).
 */
export function understand(message: string, options: BotOptions, { asked }: { asked?: BotQuestionKey | null } = {}): Understood {
  const raw = message.trim();
  const text = raw.toLowerCase();
  const changes: Partial<BuyerCriteria> = {};
  if (!text || NOTHING.test(text)) return { changes, refused: null };

  // states: names first (blanked, so "West Virginia" is not the West region), then upper-case codes as written
  const states = findLabels(text, options.states);
  const codes = [...raw.matchAll(/\b([A-Z]{2})\b/g)].map((m) => options.stateCodes[m[1]!]).filter((s): s is string => Boolean(s));
  const stateList = [...new Set([...states.found, ...codes])];
  const regions = findLabels(states.rest, options.locations).found;
  if (!regions.length && /\b(national|anywhere|all over|any region|everywhere)\b/.test(text) && options.locations.includes("Nationwide")) regions.push("Nationwide");

  const industryLabels = options.industries.filter((i) => i !== ANY_INDUSTRY && i !== "Other");
  const industries = [...new Set([...findLabels(text, industryLabels).found, ...wordsFound(text, INDUSTRY_WORDS, options.industries)])];
  if (industries.includes(ANY_INDUSTRY) && industries.length > 1) industries.splice(industries.indexOf(ANY_INDUSTRY), 1);

  if (industries.length > CRITERIA_LIMITS.industries) return { changes: {}, refused: CRITERIA_LIMIT_MESSAGES.industries };
  if (stateList.length > CRITERIA_LIMITS.states) return { changes: {}, refused: CRITERIA_LIMIT_MESSAGES.states };

  if (industries.length) changes.industryPreferences = industries;
  if (stateList.length) changes.statePreferences = stateList;
  if (regions.length) changes.borrowerLocationPreferences = regions;

  const range = sizeRange(text);
  const bands = range ? bandsOf(range, options.transactionScales) : [];
  if (bands.length) changes.transactionScalePreferences = bands;

  const non = /\b(non[- ]?performing|npls?|distressed)\b/.test(text);
  const performing = /(^|[^-a-z])performing\b/.test(text.replace(/non[- ]?performing/g, " "));
  if ((non && performing) || (asked === "performing" && /\b(either|both|any|does ?n[o']t matter|no preference)\b/.test(text))) changes.performingLoanPreference = "Either";
  else if (non) changes.performingLoanPreference = "Non-Performing";
  else if (performing) changes.performingLoanPreference = "Performing";

  const investment = wordsFound(text, INVESTMENT_WORDS, options.investmentTypes);
  if (investment.length) changes.investmentPref = investment;
  const transaction = wordsFound(text, TRANSACTION_WORDS, options.transactionTypes);
  if (transaction.length) changes.transactionPref = transaction;

  if (asked === "freeText") changes.investmentCriteria = raw.slice(0, 2000);
  return { changes, refused: null };
}

const LIST_WORDS: Array<[keyof BuyerCriteria, string]> = [
  ["industryPreferences", "industries"],
  ["borrowerLocationPreferences", "regions"],
  ["statePreferences", "states"],
  ["transactionScalePreferences", "size"],
  ["investmentPref", "investment types"],
  ["transactionPref", "transaction types"],
];

/** The criteria a change sets, in words ("states Texas; size <$1m, $1-$5m; performing loans"). */
export function describeChanges(changes: Partial<BuyerCriteria>) {
  const parts: string[] = [];
  for (const [key, words] of LIST_WORDS) {
    const v = changes[key];
    if (Array.isArray(v) && v.length) parts.push(`${words} ${v.join(", ")}`);
  }
  if (changes.performingLoanPreference) {
    parts.push(changes.performingLoanPreference === "Either" ? "performing or non-performing loans" : `${changes.performingLoanPreference.toLowerCase()} loans`);
  }
  if (changes.investmentCriteria) parts.push(`notes “${changes.investmentCriteria}”`);
  return parts.join("; ");
}

const sameCriteria = (a: BuyerCriteria, b: BuyerCriteria) => JSON.stringify(a) === JSON.stringify(b);

/** The question a bot turn asked last, and the next enabled one not yet asked. */
export function lastAsked(turns: readonly BotTurn[]): BotQuestionKey | null {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.from === "bot") return turns[i]!.asks ?? null;
  return null;
}
/** The criteria that answer each question: it is still open while all of them are empty. */
const QUESTION_FIELDS: Record<BotQuestionKey, readonly (keyof BuyerCriteria)[]> = {
  industry: ["industryPreferences"],
  location: ["borrowerLocationPreferences", "statePreferences"],
  size: ["transactionScalePreferences"],
  performing: ["performingLoanPreference"],
  types: ["investmentPref", "transactionPref"],
  freeText: ["investmentCriteria"],
};
const isAnswered = (key: BotQuestionKey, known: BuyerCriteria | null) =>
  known !== null && QUESTION_FIELDS[key].some((f) => (Array.isArray(known[f]) ? known[f].length > 0 : String(known[f]).trim() !== ""));

/** The next enabled question neither asked in this conversation nor answered by what is known (a buyer is not asked again what it told on-boarding). */
export function nextQuestion(questions: readonly BotQuestion[], turns: readonly BotTurn[], known: BuyerCriteria | null = null) {
  const asked = new Set(turns.flatMap((t) => (t.from === "bot" && t.asks ? [t.asks] : [])));
  return questions.find((q) => q.enabled && !asked.has(q.key) && !isAnswered(q.key, known)) ?? null;
}

/**
 * How a conversation begins: the first enabled question the saved criteria leave open; when they
 * answer them all, what they say and an offer to change it (asking nothing); null with every question off.
 */
export function openingQuestion(questions: readonly BotQuestion[], saved: BuyerCriteria | null = null): { key: BotQuestionKey | null; text: string } | null {
  if (!questions.some((q) => q.enabled)) return null;
  const open = nextQuestion(questions, [], saved);
  if (open) return { key: open.key, text: open.text };
  return { key: null, text: `Your criteria: ${describeChanges(saved!)}. Tell me anything you would change, and I will find what fits.` };
}

export const CLOSING = "That is all my questions. Save what I understood to your criteria, or tell me more.";

/** The default brain: plain rules over the lists the criteria are chosen from. No outside service. */
export const ruleBasedBrain: BotBrain = {
  async reply({ turns, criteria, questions, options }) {
    const last = turns[turns.length - 1];
    const asked = lastAsked(turns.slice(0, -1));
    const { changes, refused } = understand(last?.from === "member" ? last.text : "", options, { asked });
    if (refused) {
      const again = questions.find((q) => q.key === asked);
      return { message: `${refused}${again ? ` ${again.text}` : ""}`, proposedCriteria: null, asks: asked };
    }
    const merged = { ...criteria, ...changes };
    const changed = !sameCriteria(merged, criteria);
    const next = nextQuestion(questions, turns, merged);
    const heard = changed ? `Here is what I understood: ${describeChanges(changes)}.` : Object.keys(changes).length ? "That is what I have already." : "Noted.";
    return { message: `${heard} ${next ? next.text : CLOSING}`, proposedCriteria: changed ? merged : null, asks: next?.key ?? null };
  },
};
