import type { SubmissionResult } from "@conform-to/react";

/**
 * What every action answers when it does not redirect: `{ result }`, Conform's
 * `submission.reply()` to the form that was sent. Validation errors sit on their
 * fields, a refusal is a form error (`submission.reply({ formErrors: [message] })`),
 * and `initialValue.intent` says which form it answers.
 */
export type ActionResult = SubmissionResult<string[]>;

/**
 * The form error of a form whose intent is none the action knows (a post made by hand, a page older than its
 * action), and the message on its `intent`: plain words, not zod's list of the intents the action takes.
 */
export const UNKNOWN_REQUEST = "This action is not available on this page.";

/** The intent a result answers: the `intent` field of the form that was sent. */
export function intentOf(result: ActionResult | null | undefined): string | undefined {
  const intent = result?.initialValue?.intent;
  return typeof intent === "string" ? intent : undefined;
}

/**
 * The result when it answers one of these intents and, with `fields`, the form of
 * that record (`{ offerId: 3 }`: the form that sent offerId 3): what a form's
 * `lastResult` is when several forms share one action.
 */
export function resultFor(
  result: ActionResult | null | undefined,
  intents: string | readonly string[],
  fields: Record<string, string | number> = {},
): ActionResult | undefined {
  const intent = intentOf(result);
  if (!result || intent === undefined || !(typeof intents === "string" ? [intents] : intents).includes(intent)) return undefined;
  const sent = result.initialValue ?? {};
  return Object.entries(fields).every(([name, value]) => String(sent[name]) === String(value)) ? result : undefined;
}

/** The messages for the whole form (a refusal, or an unknown intent), if the result has any. */
export function formErrorsOf(result: ActionResult | null | undefined): string[] | undefined {
  const errors = result?.error?.[""];
  return errors?.length ? errors : undefined;
}

/**
 * The `opened` (what the edit page showed, decision: a save writes only what its person changed) a refused
 * form was sent with, or the one its reply put in its place: a refused page keeps it, not the record as the
 * page's data now has it, or saving again would put back, unseen, whatever changed meanwhile.
 */
export function openedOf(result: ActionResult | null | undefined): string | undefined {
  const opened = result?.initialValue?.opened;
  return typeof opened === "string" ? opened : undefined;
}
