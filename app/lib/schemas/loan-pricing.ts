import * as z from "zod/mini";
import { AMORTIZATIONS, MAX_TERM_MONTHS } from "../loan-pricing";
import { field, messages } from "../validation";
import { oneOf } from "./account";
import { MAX_AMOUNT } from "./project";
import { LOAN_PARAMS } from "~/lib/loan-pricing";
import { once } from "~/lib/once";
export { LOAN_PARAMS };

/**
 * /sellers/analytics/loan-pricing: the inputs of one loan, which are also the query
 * parameters of /results (a result is a link), or one of the seller's loan pools.
 * Percentages are percent (6 for 6 %); a blank CPR, CDR or severity takes the loan
 * status's default from the coefficients, a blank yield the curve plus the spread.
 */
export type PricingOptions = { loanStatuses: readonly string[]; propertyTypes: readonly string[] };

const optionalDecimal = (opts: { min?: number; max?: number; thousands?: boolean; percent?: boolean }) => z.optional(field.decimal(opts));
const percent = () => optionalDecimal({ min: 0, max: 100, percent: true });

/** What both forms may set: the default assumptions and the discount rate, overridden. */
const overrides = once(() => ({
  cpr: percent(),
  cdr: percent(),
  severity: percent(),
  yield: percent(),
}));

export const loanPricingSchema = (o: PricingOptions) =>
  z
    .object({
      // a tape's loan is as large at most: past it, twice the balance (the similar listings' range) was Infinity, a 500
      balance: field.decimal({ min: 1, max: MAX_AMOUNT, thousands: true }),
      noteRate: field.decimal({ min: 0, max: 100, percent: true }),
      termMonths: field.integer({ min: 1, max: MAX_TERM_MONTHS }),
      amortization: z.enum(AMORTIZATIONS, { error: "Choose one of the listed options." }),
      balloonMonths: z.optional(field.integer({ min: 1, max: MAX_TERM_MONTHS })),
      loanStatus: oneOf(o.loanStatuses),
      propertyType: z.pipe(
        z.optional(z.string()).check(z.refine((v) => !v || o.propertyTypes.includes(v), "Choose one of the listed options.")),
        z.transform((v: string | undefined) => v || null),
      ),
      ltv: optionalDecimal({ min: 0, max: 200, percent: true }),
      dscr: optionalDecimal({ min: 0, max: 20 }),
      ...overrides(),
    })
    .check(
      z.superRefine((loan, ctx) => {
        if (loan.amortization !== "balloon") return;
        if (loan.balloonMonths === undefined) ctx.addIssue({ code: "custom", path: ["balloonMonths"], message: messages.required });
        else if (loan.balloonMonths > loan.termMonths) ctx.addIssue({ code: "custom", path: ["balloonMonths"], message: messages.max(loan.termMonths) });
      }),
    );
export type LoanPricingValues = z.output<ReturnType<typeof loanPricingSchema>>;

/** A pool: one of the seller's loan-pool projects, priced from its loan tape. */
export const poolPricingSchema = once(() => z.object({
  projectId: z.coerce.number({ error: messages.required }).check(z.int(messages.required), z.positive(messages.required)),
  ...overrides(),
}));
export type PoolPricingValues = z.output<ReturnType<typeof poolPricingSchema>>;

