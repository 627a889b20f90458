/**
 * Responsiveness, both ways (issue #13 item 4; docs/decisions/019): of what the other
 * side asked of a company in the last 90 days, how much it answered (75 points) and
 * how fast (25 points, from the median reply time). Pure: the model gathers the asks
 * from the records and stores the result.
 */

export const RESPONSIVENESS_SIDES = ["buyer", "seller"] as const;
export type ResponsivenessSide = (typeof RESPONSIVENESS_SIDES)[number];

/** What a buyer company is asked (left) and what a seller company is asked (right). */
export const BUYER_ASK_KINDS = ["invitation", "nda_approval", "message", "counter_offer"] as const;
export const SELLER_ASK_KINDS = ["nda_request", "message", "offer"] as const;
export type AskKind = (typeof BUYER_ASK_KINDS)[number] | (typeof SELLER_ASK_KINDS)[number];

export type Ask = { kind: AskKind; askedAt: number; answeredAt: number | null };

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Asks older than this are forgotten. */
export const RESPONSIVENESS_WINDOW_MS = 90 * DAY_MS;
export const ANSWERED_POINTS = 75;
export const SPEED_POINTS = 25;
/** The speed curve: full marks for a median reply within FAST, none from SLOW on. */
export const FAST_REPLY_MS = HOUR_MS;
export const SLOW_REPLY_MS = 7 * DAY_MS;
/**
 * An ask still waiting counts against a company only once it is this old (decision 148): a buyer's
 * NDA signed a minute ago is no unanswered request yet.
 */
export const ANSWER_DUE_MS = 2 * DAY_MS;

export const NO_REQUESTS = "No requests in the last 90 days.";

export type Responsiveness = {
  score: number | null;
  reason: string;
  asked: number;
  answered: number;
  medianReplyMs: number | null;
  byKind: Partial<Record<AskKind, { asked: number; answered: number }>>;
};

/**
 * Speed (0–1) of a median reply: 1 up to an hour, 0 from a week, and in between
 * falling with the logarithm of the time, so the first hours cost most (5 h ≈ 0.69,
 * a day ≈ 0.38, three days ≈ 0.17).
 */
export function speedOf(medianReplyMs: number) {
  if (medianReplyMs <= FAST_REPLY_MS) return 1;
  if (medianReplyMs >= SLOW_REPLY_MS) return 0;
  return 1 - Math.log(medianReplyMs / FAST_REPLY_MS) / Math.log(SLOW_REPLY_MS / FAST_REPLY_MS);
}

export function median(values: readonly number[]) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const NOUNS: Record<AskKind, [string, string]> = {
  invitation: ["invitation", "invitations"],
  nda_approval: ["approved NDA", "approved NDAs"],
  message: ["message", "messages"],
  counter_offer: ["counter-offer", "counter-offers"],
  nda_request: ["NDA request", "NDA requests"],
  offer: ["offer", "offers"],
};
const KIND_ORDER: readonly AskKind[] = ["invitation", "nda_request", "nda_approval", "message", "offer", "counter_offer"];

function listOf(words: string[]) {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** "5 h", "40 min", "2.5 days". */
export function formatReplyTime(ms: number) {
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (ms < 2 * DAY_MS) return `${Math.round(ms / HOUR_MS)} h`;
  const days = Math.round((ms / DAY_MS) * 10) / 10;
  return `${days} days`;
}

/** What a score is made of: the kinds of asks, how many were asked and answered, and the median reply. */
export type Tally = { kinds: readonly AskKind[]; asked: number; answered: number; medianReplyMs: number | null };

/** Whether an ask counts at `now`: answered by then, or waiting longer than ANSWER_DUE_MS. */
export function isAnsweredAt(a: Ask, now: number) {
  return a.answeredAt !== null && a.answeredAt >= a.askedAt && a.answeredAt <= now;
}

/**
 * The score of the asks made in the 90 days up to `now` (an ask on the window's
 * first instant counts, one after `now` does not); an answer after `now` is not one yet,
 * and an ask waiting for less than ANSWER_DUE_MS does not count yet.
 */
export function scoreResponsiveness(asks: readonly Ask[], now: number): Responsiveness {
  const since = now - RESPONSIVENESS_WINDOW_MS;
  const byKind: Responsiveness["byKind"] = {};
  const replies: number[] = [];
  for (const a of asks) {
    if (a.askedAt < since || a.askedAt > now) continue;
    const answered = isAnsweredAt(a, now);
    if (!answered && now - a.askedAt < ANSWER_DUE_MS) continue;
    const k = (byKind[a.kind] ??= { asked: 0, answered: 0 });
    k.asked += 1;
    if (answered) {
      k.answered += 1;
      replies.push(a.answeredAt! - a.askedAt);
    }
  }
  const counts = Object.values(byKind);
  const tally = {
    kinds: Object.keys(byKind) as AskKind[],
    asked: counts.reduce((n, k) => n + k.asked, 0),
    answered: replies.length,
    medianReplyMs: median(replies),
  };
  return { ...scoreTally(tally), byKind };
}

/** The score and reason of a tally (the model counts a company's kept asks in SQL). */
export function scoreTally({ kinds, asked, answered, medianReplyMs }: Tally): Omit<Responsiveness, "byKind"> {
  if (!asked) return { score: null, reason: NO_REQUESTS, asked, answered, medianReplyMs };
  const speed = medianReplyMs === null ? 0 : speedOf(medianReplyMs);
  const score = Math.round(ANSWERED_POINTS * (answered / asked) + SPEED_POINTS * speed);
  const nouns = listOf(KIND_ORDER.filter((k) => kinds.includes(k)).map((k) => NOUNS[k][asked === 1 ? 0 : 1]));
  const reason = `Answered ${answered} of ${asked} ${nouns}${medianReplyMs === null ? "" : `; median reply ${formatReplyTime(medianReplyMs)}`}.`;
  return { score, reason, asked, answered, medianReplyMs };
}
