import * as z from "zod/mini";
import { CRITERIA_LIMITS, CRITERIA_LIMIT_MESSAGES, PERFORMING_LOAN_PREFERENCES } from "~/lib/buyer-criteria";
import { field, orEmpty } from "~/lib/validation";

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
const many = (values: readonly string[], max?: { n: number; message: string }) =>
  z
    .pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((v: string | string[] | undefined) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])].filter((x) => x !== "")),
    )
    .check(
      z.refine((v) => v.every((x) => values.includes(x)), UNLISTED),
      ...(max ? [z.refine<string[]>((v) => v.length <= max.n, max.message)] : []),
    );

const optionalOneOf = (values: readonly string[]) =>
  orEmpty(z.string()).check(z.refine((v) => v === "" || values.includes(v), UNLISTED));

/**
 * A buyer's criteria, as `/preferences`, `/buyers/profile`, on-boarding and the admin's
 * customer page post them (field names of spec §3; lists as repeated fields).
 */
export const buyerCriteriaSchema = (o: CriteriaOptions) =>
  z.object({
    industryPreferences: many(o.industries, { n: CRITERIA_LIMITS.industries, message: CRITERIA_LIMIT_MESSAGES.industries }),
    statePreferences: many(o.states, { n: CRITERIA_LIMITS.states, message: CRITERIA_LIMIT_MESSAGES.states }),
    borrowerLocationPreferences: many(o.locations),
    transactionScalePreferences: many(o.transactionScales),
    performingLoanPreference: optionalOneOf(PERFORMING_LOAN_PREFERENCES),
    investmentPref: many(o.investmentTypes),
    transactionPref: many(o.transactionTypes),
    buyerType: optionalOneOf(o.investorTypes),
    investmentCriteria: field.optionalText({ max: 2000 }),
  });
export type BuyerCriteriaValues = z.output<ReturnType<typeof buyerCriteriaSchema>>;
