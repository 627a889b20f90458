import * as z from "zod/mini";
import { WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { BOT_QUESTION_KEYS, BOT_QUESTION_MAX, type BotQuestion } from "~/lib/matchmaking-bot";
import { field, byIntent } from "~/lib/validation";
import { once } from "~/lib/once";

const weightFields = once(() => z.object(
  Object.fromEntries(WEIGHT_KEYS.map((k) => [k, field.integer({ min: 0, max: 100 })])) as Record<keyof MatchWeights, ReturnType<typeof field.integer>>,
));
const someWeight = once(() => z.refine<Record<keyof MatchWeights, unknown>>((w) => WEIGHT_KEYS.some((k) => Number(w[k]) > 0), { message: "At least one weight must be above 0.", path: [] }));

/** /admin/system/matchmaking-bot: the most points each match reason can earn, whole numbers 0–100. */
export const matchWeightsSchema = once(() => weightFields().check(someWeight()));

const questionFields = once(() => Object.fromEntries(
  BOT_QUESTION_KEYS.flatMap((k) => [
    [`text_${k}`, field.text({ max: BOT_QUESTION_MAX })],
    [`order_${k}`, field.integer({ min: 1, max: BOT_QUESTION_KEYS.length })],
    [`enabled_${k}`, z.optional(z.literal("on"))],
  ]),
) as Record<`text_${BotQuestion["key"]}`, ReturnType<typeof field.text>> &
  Record<`order_${BotQuestion["key"]}`, ReturnType<typeof field.integer>> &
  Record<`enabled_${BotQuestion["key"]}`, z.ZodMiniOptional<z.ZodMiniLiteral<"on">>>);

/** The page's two forms: the weights, and the assistant's questions (text, place in the order, asked or not). */
export const matchmakingPageSchema = once(() => byIntent([
  z.extend(weightFields(), { intent: z.literal("weights") }).check(someWeight()),
  // with none asked the buyer's assistant opened on an empty chat, with nothing to answer
  z.object({ intent: z.literal("questions"), ...questionFields() }).check(
    z.refine((v: Record<string, unknown>) => BOT_QUESTION_KEYS.some((k) => v[`enabled_${k}`] === "on"), { message: "Ask at least one question.", path: [] }),
  ),
]));
export type BotQuestionValues = Extract<z.output<ReturnType<typeof matchmakingPageSchema>>, { intent: "questions" }>;

/** The questions a form posted, in the order given (ties keep the listed order). */
export const questionsFromForm = (v: BotQuestionValues): BotQuestion[] =>
  BOT_QUESTION_KEYS.map((key, i) => ({ key, i, order: Number(v[`order_${key}`]), text: v[`text_${key}`], enabled: v[`enabled_${key}`] === "on" }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ key, text, enabled }) => ({ key, text, enabled }));
