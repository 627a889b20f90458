// The on-boarding chat's forms: one schema per question, built from the criteria and customer schemas.
import * as z from "zod/mini";
import type { OnboardingOptions, Step } from "../onboarding";
import { messages, byIntent } from "../validation";
import { buyerCriteriaSchema } from "./buyer-criteria";
import { customerSchema } from "./customer";

const nonEmpty = <T extends string | string[]>(value: T) => (Array.isArray(value) ? value.length > 0 : value.trim() !== "");

/** The answer's own fields, from the same schemas /preferences and the customer forms use; an answer must say something. */
function answerShape(step: Step, options: OnboardingOptions) {
  if (step.key === "company") {
    const { customerName, website } = customerSchema(options.businessTypes).shape;
    return { customerName, website };
  }
  if (step.key === "businessType") {
    return { businessType: customerSchema(options.businessTypes).shape.type.check(z.refine(nonEmpty, messages.required)) };
  }
  const piece = buyerCriteriaSchema(options).shape[step.key];
  return { [step.key]: (piece as z.ZodMiniType<string | string[]>).check(z.refine(nonEmpty, messages.required)) };
}

/**
 * What one question's form posts: an answer, "Skip" (optional questions) or "Back".
 * The step's key travels with it, so an answer to a question no longer shown is not taken
 * for the current one.
 */
export function stepSchema(step: Step, options: OnboardingOptions) {
  const base = { step: z.literal(step.key) };
  return byIntent([
    z.object({ intent: z.literal("answer"), ...base, ...answerShape(step, options) }),
    z.object({ intent: z.literal("back"), ...base }),
    ...(step.optional ? [z.object({ intent: z.literal("skip"), ...base })] : []),
  ]);
}
export type StepValues = z.output<ReturnType<typeof stepSchema>>;
export type AnswerValues = Extract<StepValues, { intent: "answer" }> & Record<string, unknown>;

