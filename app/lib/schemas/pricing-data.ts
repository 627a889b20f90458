import * as z from "zod/mini";
import { bandsOf, COEFFICIENT_DIMENSIONS, DEFAULT_DIMENSIONS, MAX_TERM_MONTHS, type CoefficientDimension } from "../loan-pricing";
import type { $RefinementCtx as RefinementContext, $ZodType } from "zod/v4/core";
import { field, FILE_DAY_FORMAT, fromUsDay, isCalendarDay, isDecimalText, messages, withoutPercent, byIntent } from "../validation";
import { latestToday } from "../days";
import { COEFFICIENT_COLUMNS } from "~/lib/system-data";
import { INTEREST_RATE_COLUMNS } from "~/lib/system-data";
import { once } from "~/lib/once";
export { INTEREST_RATE_COLUMNS };
export { COEFFICIENT_COLUMNS };

/**
 * The system data pricing reads (/admin/system/interest-rates and /coefficients):
 * one row schema each, which the page's form and every line of a CSV import share,
 * so a file is checked exactly as a form would be. The CSV's columns are the fields.
 */

export const isoDay = () =>
  z
    .string({ error: messages.required })
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      // a file re-saved by US Excel writes 12/1/2026 (decision 122)
      z.overwrite(fromUsDay),
      z.refine(isCalendarDay, FILE_DAY_FORMAT),
      // the latest day's rates are the curve every pricing uses: a day to come would become it at once.
      // Today anywhere on earth is not to come (decision 121): an admin east of New York enters their morning's rate
      z.refine((v) => v <= latestToday(), "The date cannot be in the future."),
    );

const interestRateShape = once(() => ({
  asOf: isoDay(),
  tenorMonths: field.integer({ min: 1, max: MAX_TERM_MONTHS }),
  rate: field.decimal({ min: -5, max: 100, percent: true }),
}));
export const interestRateSchema = once(() => z.object(interestRateShape()));
export type InterestRateValues = z.output<ReturnType<typeof interestRateSchema>>;

const SPREAD_LIMIT_BPS = 10_000;
/** A spread's value in basis points; a default assumption's in percent, which may end in "%" as rates do ("12.5%"). */
const spreadValue = once(() => field.decimal({ min: -SPREAD_LIMIT_BPS, max: SPREAD_LIMIT_BPS }));
const percentValue = once(() => field.decimal({ min: 0, max: 100, percent: true }));
export const SPREAD_IN_BASIS_POINTS = "Spreads are in basis points: enter a number without %, e.g. 125 for 1.25 %.";
const inPercent = (dimension: string) => (DEFAULT_DIMENSIONS as readonly string[]).includes(dimension);
const valueOf = (dimension: string) => (inPercent(dimension) ? percentValue() : spreadValue());

const coefficientShape = once(() => ({
  dimension: z.enum(COEFFICIENT_DIMENSIONS, { error: "Choose one of the listed options." }),
  band: field.text({ max: 100 }),
  // a number, "%" or not, here; its unit and bounds are the dimension's (coefficientRules), read as a number after
  value: z.string({ error: messages.required }).check(
    z.trim(),
    z.refine((v) => isDecimalText(withoutPercent(v)), messages.decimal),
  ),
}));
type CoefficientRow = { dimension: CoefficientDimension; band: string; value: string };

/** The band must be one its dimension has; spreads are in bp, the default assumptions in percent (0–100). */
const coefficientRules = (propertyTypes: readonly string[]) => (row: CoefficientRow, ctx: RefinementContext) => {
  const bands = bandsOf(row.dimension, propertyTypes);
  if (!bands.includes(row.band)) ctx.addIssue({ code: "custom", path: ["band"], message: `Choose one of: ${bands.join(", ")}.` });
  if (!inPercent(row.dimension) && /%$/.test(row.value)) return void ctx.addIssue({ code: "custom", path: ["value"], message: SPREAD_IN_BASIS_POINTS });
  const value = valueOf(row.dimension).safeParse(row.value);
  if (!value.success) ctx.addIssue({ code: "custom", path: ["value"], message: value.error.issues[0]!.message });
};
/** The row with its value a number, once the rules passed. */
const withValue = (row: CoefficientRow) => ({ ...row, value: valueOf(row.dimension).parse(row.value) });
export const coefficientSchema = (propertyTypes: readonly string[]) =>
  z.pipe(z.object(coefficientShape()).check(z.superRefine(coefficientRules(propertyTypes))), z.transform(withValue));
export type CoefficientValues = z.output<ReturnType<typeof coefficientSchema>>;

const id = () => z.coerce.number().check(z.int(), z.positive());

/** The forms of a system-data page: add, change, delete, and import a CSV file. */
function systemDataSchema<Shape extends Record<string, $ZodType>, Row>(shape: Shape, rules?: (row: Row, ctx: RefinementContext) => void, finish?: (row: Row) => Row) {
  const refined = <S extends z.ZodMiniObject>(s: S) => {
    const checked = rules ? s.check(z.superRefine(rules as never)) : s;
    return finish ? z.pipe(checked, z.transform(finish as never)) : checked;
  };
  return byIntent([
    refined(z.object({ intent: z.literal("create"), ...shape })),
    refined(z.object({ intent: z.literal("update"), id: id(), ...shape })),
    z.object({ intent: z.literal("delete"), id: id() }),
    z.object({ intent: z.literal("import"), file: z.file({ error: "Choose a CSV file." }) }),
  ]);
}

export const interestRatesPageSchema = once(() => systemDataSchema(interestRateShape()));
export const coefficientsPageSchema = (propertyTypes: readonly string[]) => systemDataSchema(coefficientShape(), coefficientRules(propertyTypes), withValue as never);
