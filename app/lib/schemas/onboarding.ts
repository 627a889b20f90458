// The on-boarding chat's forms: one schema per question, built from the criteria and customer schemas.
import * as z from "zod/mini";
import type { OnboardingOptions, Step } from "../onboarding";
import { messages, byIntent } from "../validation";
import { buyerCriteriaSchema } from "./buyer-criteria";
import { customerSchema } from "./customer";

const nonEmpty = <T extends string | string[]>(value: T) => (Array.isArray(value) ? value.length > 0 : value.trim() !== "");

/**
 * The answer's own fields, from the same schemas /preferences and the customer forms use. An answer to a
 * question that must be answered must say something; an empty one to an optional question is taken as
 * its Skip (the action skips it), not refused with "Required." beside the Skip button.
 */
function answerShape(step: Step, options: OnboardingOptions) {
  if (step.key === "company") {
    const { customerName, website } = customerSchema(options.businessTypes).shape;
    return { customerName, website };
  }
  const said = <T extends z.ZodMiniType<string | string[]>>(piece: T) => (step.optional ? piece : piece.check(z.refine(nonEmpty, messages.required)));
  if (step.key === "businessType") return { businessType: said(customerSchema(options.businessTypes).shape.type) };
  return { [step.key]: said(buyerCriteriaSchema(options).shape[step.key] as z.ZodMiniType<string | string[]>) };
}

/** An answer that says nothing (no choice, no text): an optional question's Skip. */
export const saysNothing = (step: Step, value: Record<string, unknown>) => {
  if (step.kind === "company") return false;
  const answer = value[step.key];
  return answer === undefined || answer === null || nonEmpty(answer as string | string[]) === false;
};

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

