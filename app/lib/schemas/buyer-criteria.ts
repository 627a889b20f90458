import { z } from "zod";
import { CRITERIA_LIMITS, PERFORMING_LOAN_PREFERENCES } from "~/lib/buyer-criteria";
import { field } from "~/lib/validation";

/** The CMS lists the criteria are chosen from (spec §9). */
export type CriteriaOptions = {
  industries: readonly string[];
  states: readonly string[];
  locations: readonly string[];
  transactionScales: readonly string[];
  investmentTypes: readonly string[];
  transactionTypes: readonly string[];
  investorTypes: readonly string[];
};

const UNLISTED = "Choose one of the listed options.";

/** A repeated field: none, one or many values, each from the list, no more than `max`. */
const many = (values: readonly string[], max?: { n: number; message: string }) => {
  let list = z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])].filter((x) => x !== ""))
    .refine((v) => v.every((x) => values.includes(x)), UNLISTED);
  if (max) list = list.refine((v) => v.length <= max.n, max.message);
  return list;
};

const optionalOneOf = (values: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || values.includes(v), UNLISTED);

/**
 * A buyer's criteria, as `/preferences`, `/buyers/profile`, on-boarding and the admin's
 * customer page post them (field names of spec §3; lists as repeated fields).
 */
export const buyerCriteriaSchema = (o: CriteriaOptions) =>
  z.object({
    industryPreferences: many(o.industries, {
      n: CRITERIA_LIMITS.industries,
      message: `Choose at most ${CRITERIA_LIMITS.industries} industries.`,
    }),
    statePreferences: many(o.states, { n: CRITERIA_LIMITS.states, message: `Choose at most ${CRITERIA_LIMITS.states} states.` }),
    borrowerLocationPreferences: many(o.locations),
    transactionScalePreferences: many(o.transactionScales),
    performingLoanPreference: optionalOneOf(PERFORMING_LOAN_PREFERENCES),
    investmentPref: many(o.investmentTypes),
    transactionPref: many(o.transactionTypes),
    buyerType: optionalOneOf(o.investorTypes),
    investmentCriteria: field.optionalText({ max: 2000 }),
  });
export type BuyerCriteriaValues = z.output<ReturnType<typeof buyerCriteriaSchema>>;
