import { ANY_INDUSTRY, CRITERIA_LIMITS, criteriaFrom, type BuyerCriteria } from "~/lib/buyer-criteria";
import { BOT_QUESTION_KEYS, ruleBasedBrain, type BotBrain, type BotContext, type BotOptions, type BotReply } from "~/lib/matchmaking-bot";
import type { Env } from "./env";

/** A provider that has not answered by then is not waited for: the rule-based brain answers instead. */
const TIMEOUT_MS = 8_000;

/** Only values the forms offer, within the spec's limits: a provider cannot write what a buyer could not. */
export function listedCriteria(proposed: unknown, options: BotOptions): BuyerCriteria | null {
  if (!proposed || typeof proposed !== "object") return null;
  const c = criteriaFrom(proposed as Record<string, unknown>);
  const keep = (values: string[], list: readonly string[]) => [...new Set(values)].filter((v) => list.includes(v));
  const out: BuyerCriteria = {
    ...c,
    industryPreferences: keep(c.industryPreferences, options.industries.includes(ANY_INDUSTRY) ? options.industries : [...options.industries, ANY_INDUSTRY]),
    statePreferences: keep(c.statePreferences, options.states),
    borrowerLocationPreferences: keep(c.borrowerLocationPreferences, options.locations),
    transactionScalePreferences: keep(c.transactionScalePreferences, options.transactionScales),
    investmentPref: keep(c.investmentPref, options.investmentTypes),
    transactionPref: keep(c.transactionPref, options.transactionTypes),
    investmentCriteria: c.investmentCriteria.slice(0, 2000),
  };
  if (out.industryPreferences.length > CRITERIA_LIMITS.industries || out.statePreferences.length > CRITERIA_LIMITS.states) return null;
  return out;
}

/**
 * A language-model provider behind the BotBrain interface: one JSON POST a turn to
 * MATCHMAKING_BOT_URL with { turns, criteria, questions, options }, answered with
 * { message, proposedCriteria? , asks? }. Whatever it proposes is checked against the
 * lists; when it fails, is slow or answers nonsense, the rule-based brain answers.
 */
export function httpBrain({ url, apiKey, fallback = ruleBasedBrain, fetcher = fetch }: { url: string; apiKey?: string; fallback?: BotBrain; fetcher?: typeof fetch }): BotBrain {
  return {
    async reply(context: BotContext): Promise<BotReply> {
      try {
        const response = await fetcher(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          body: JSON.stringify(context),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`matchmaking provider answered ${response.status}`);
        const body = (await response.json()) as { message?: unknown; proposedCriteria?: unknown; asks?: unknown };
        if (typeof body.message !== "string" || !body.message.trim()) throw new Error("matchmaking provider sent no message");
        const asks = BOT_QUESTION_KEYS.find((k) => k === body.asks) ?? null;
        return { message: body.message.trim().slice(0, 2000), proposedCriteria: listedCriteria(body.proposedCriteria, context.options), asks };
      } catch (error) {
        console.warn("matchmaking provider failed; the rule-based brain answers", error);
        return fallback.reply(context);
      }
    },
  };
}

/** The brain the environment asks for: the provider when MATCHMAKING_BOT_URL is set, else the rules. */
export function botBrainFor(env: Pick<Env, "MATCHMAKING_BOT_URL" | "MATCHMAKING_BOT_API_KEY">): BotBrain {
  return env.MATCHMAKING_BOT_URL ? httpBrain({ url: env.MATCHMAKING_BOT_URL, apiKey: env.MATCHMAKING_BOT_API_KEY }) : ruleBasedBrain;
}
