import * as z from "zod/mini";
import type { ProjectKind } from "../project-kinds";
import { PROJECT_KINDS } from "../project-kinds";
import { field, FILE_DAY_FORMAT, DAY_YEARS, fromUsDay, isCalendarDay, isOutsideDealYears, messages, orEmpty, byIntent } from "../validation";
import { oneOf } from "./account";
import { marketToday } from "../days";
import { STEPS } from "~/lib/listing-steps";
import { TEXT_LIMITS } from "~/lib/listing-steps";
import { once } from "~/lib/once";
export { TEXT_LIMITS };
export { STEPS };

/**
 * The largest amount a listing names (a trillion dollars): past 10^21 a number is written as 1e+21,
 * which the wizard then refused as its own saved value.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/** The options of the constant lists the project forms use, by list key (values only). */
export type ProjectOptions = Record<
  "industries" | "saleTypes" | "locations" | "usStates" | "loanStatus" | "propertyTypes" | "policyTypes",
  readonly string[]
>;

// a day written well in a year out of range is told the years (one message, not the format's as well)
// a listing upload re-saved by US Excel writes 6/30/2031 (decision 122)
const date = () =>
  z.string({ error: messages.required }).check(z.overwrite(fromUsDay), z.refine((v) => isCalendarDay(v) || isOutsideDealYears(v), FILE_DAY_FORMAT), z.refine((v) => !isOutsideDealYears(v), DAY_YEARS));
const optionalDate = () =>
  z.pipe(
    z.optional(z.string().check(z.overwrite(fromUsDay))).check(z.refine((v) => !v || isCalendarDay(v) || isOutsideDealYears(v), FILE_DAY_FORMAT), z.refine((v) => !v || !isOutsideDealYears(v), DAY_YEARS)),
    z.transform((v: string | undefined) => v || null),
  );
const yesNo = () => field.listed(["Yes", "No"]);
const optionalYesNo = () =>
  z.pipe(z.optional(z.enum(["Yes", "No", ""], { error: "Choose one of the listed options." })), z.transform((v: "Yes" | "No" | "" | undefined) => (v ? v === "Yes" : null)));

/** Degrees from the address lookup: optional (no lookup, no point), within ±limit. */
const coordinate = (limit: number) =>
  z.pipe(
    z.optional(z.string()).check(z.refine((v) => !v || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= limit), messages.decimal)),
    z.transform((v: string | undefined) => (v ? Number(v) : null)),
  );

/** Step 1: what is for sale. */
export const basicsSchema = (o: ProjectOptions) =>
  z.object({
    projectName: field.text({ min: 3, max: TEXT_LIMITS.projectName }),
    industry: oneOf(o.industries),
    sector: field.optionalText({ max: TEXT_LIMITS.sector }),
    saleType: oneOf(o.saleTypes),
    location: oneOf(o.locations),
    state: oneOf(o.usStates),
    fullDetails: field.text({ min: 20, max: TEXT_LIMITS.fullDetails }),
  });

/** Step 2: the money: amounts, rate, maturity, security. */
export const termsSchema = (o: ProjectOptions) =>
  z.object({
    loanAmount: field.decimal({ min: 0, thousands: true, cents: true, max: MAX_AMOUNT }),
    size: field.decimal({ min: 1, thousands: true, cents: true, max: MAX_AMOUNT }),
    waInterest: field.decimal({ min: 0, max: 100, percent: true }),
    maturityDate: date(),
    term: oneOf(o.loanStatus),
    secured: z.pipe(yesNo(), z.transform((v: "Yes" | "No") => v === "Yes")),
    borrower: field.text({ max: TEXT_LIMITS.borrower }),
    // a listing whose bids were due yesterday reads as closed to every buyer: the offers form refuses a past expiry too
    projectDueDate: optionalDate().check(z.refine((v) => !v || v >= marketToday(), "Bids cannot be due in the past: days are counted in New York time.")),
    longTermDebtSecured: optionalYesNo(),
    longTermDebtLevelOfSecurity: field.optionalText({ max: TEXT_LIMITS.levelOfSecurity }),
  });

/** Step 3: what only this kind of listing has. */
export const detailsSchemas = {
  loan_pool: (_o: ProjectOptions) =>
    z.object({
      loanPool: field.text({ min: 3, max: TEXT_LIMITS.loanPool }),
      overallSummary: field.text({ min: 20, max: TEXT_LIMITS.summary }),
      propertySummary: field.optionalText({ max: TEXT_LIMITS.summary }),
      termSummary: field.optionalText({ max: TEXT_LIMITS.summary }),
    }),
  real_estate: (o: ProjectOptions) =>
    z.object({
      propertyType: oneOf(o.propertyTypes),
      address: field.text({ min: 5, max: TEXT_LIMITS.address }),
      city: field.text({ max: TEXT_LIMITS.city }),
      zip: field.zip(),
      // step 1's state and region, shown again beside the address so a lookup can fill them
      state: oneOf(o.usStates),
      location: oneOf(o.locations),
      latitude: coordinate(90),
      longitude: coordinate(180),
      // the zip code the coordinates were looked up for: a zip code changed since drops them
      locatedZip: field.optionalText({ max: 10 }),
      units: field.integer({ min: 1, max: 100_000, thousands: true }),
      occupancy: field.decimal({ min: 0, max: 100, percent: true }),
      noi: field.decimal({ min: -MAX_AMOUNT, thousands: true, cents: true, max: MAX_AMOUNT }),
    }),
  insurance_loan: (o: ProjectOptions) =>
    z.object({
      carrier: field.text({ min: 2, max: TEXT_LIMITS.carrier }),
      policyType: oneOf(o.policyTypes),
      faceAmount: field.decimal({ min: 0, thousands: true, cents: true, max: MAX_AMOUNT }),
      cashSurrenderValue: field.decimal({ min: 0, thousands: true, cents: true, max: MAX_AMOUNT }),
      insuredAge: field.integer({ min: 18, max: 120 }),
    }),
  limited_company: (_o: ProjectOptions) =>
    z.object({
      overview: field.text({ min: 20, max: TEXT_LIMITS.overview }),
      sicCode: z.string({ error: messages.required }).check(z.trim(), z.regex(/^\d{4}$/, messages.domain)),
      website: orEmpty(z.string().check(z.trim())).check(z.refine((v) => v === "" || /^https?:\/\/\S+\.\S+/.test(v), messages.url)),
      contactPhone: field.optionalPhone(),
      revenue: field.decimal({ thousands: true, cents: true, min: 0, max: MAX_AMOUNT }),
      ebitda: field.decimal({ min: -MAX_AMOUNT, thousands: true, cents: true, max: MAX_AMOUNT }),
      totalDebt: field.decimal({ thousands: true, cents: true, min: 0, max: MAX_AMOUNT }),
      employees: field.integer({ min: 0, max: 10_000_000, thousands: true }),
    }),
} satisfies Record<ProjectKind, (o: ProjectOptions) => z.ZodMiniType>;

export function schemaForStep(step: number, kind: ProjectKind, o: ProjectOptions) {
  if (step === 1) return basicsSchema(o);
  if (step === 2) return termsSchema(o);
  return detailsSchemas[kind](o);
}

const draftId = () => z.coerce.number().check(z.int(), z.positive());

/**
 * The listing wizard's forms: start a draft of a kind, save a step, import the loan
 * tape, submit for review. A step's own fields are read by schemaForStep, the
 * schema the step's form validates with, once the draft's kind is known.
 */
export const draftIntentSchema = once(() => byIntent([
  // `key`: the Start page's one-time key (decision 083); a post without it (an old page, a client) starts a draft as before
  z.object({
    intent: z.literal("start"),
    kind: z.enum(PROJECT_KINDS, { error: "Choose what you are listing." }),
    key: z.optional(z.string().check(z.maxLength(100))),
  }),
  z.object({
    intent: z.literal("save"),
    draft: draftId(),
    step: z.coerce.number().check(z.int(), z.gte(1), z.lte(3)),
    then: z.optional(z.string()),
  }),
  z.object({ intent: z.literal("tape"), draft: draftId(), tape: field.optionalFile() }),
  z.object({ intent: z.literal("submit"), draft: draftId() }),
  // a real-estate listing's "Look up address": fills the step's location fields, saves nothing
  z.object({ intent: z.literal("lookup"), draft: draftId(), address: z.optional(z.string()), zip: field.zip() }),
]));
