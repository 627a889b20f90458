import * as z from "zod/mini";
import { WEIGHT_KEYS, type MatchWeights } from "~/lib/match-score";
import { field } from "~/lib/validation";

/** /admin/system/matchmaking-bot: the most points each match reason can earn, whole numbers 0–100. */
export const matchWeightsSchema = z
  .object(Object.fromEntries(WEIGHT_KEYS.map((k) => [k, field.integer({ min: 0, max: 100 })])) as Record<keyof MatchWeights, ReturnType<typeof field.integer>>)
  .check(z.refine((w) => WEIGHT_KEYS.some((k) => Number(w[k]) > 0), { message: "At least one weight must be above 0.", path: [] }));
