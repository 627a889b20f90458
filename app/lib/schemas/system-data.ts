import * as z from "zod/mini";
import { SIC_DIVISION_KEYS, SIC_DIVISIONS, sicDivisionOf } from "../system-data";
import { field, messages, byIntent } from "../validation";
import { oneOf } from "./account";
import { once } from "~/lib/once";

/** The lists a property-assumption row is checked against: property types and regions (spec §9). */
export type PropertyOptions = { propertyTypes: readonly string[]; regions: readonly string[] };

const percent = (max: number) => field.decimal({ min: 0, max, percent: true });

/**
 * Vacancy and expenses as a share of income stop short of 100: a listing's rent is backed out of its
 * NOI by what is left after both (real-estate-valuation.ts), and at 100 nothing is left, so every
 * listing of the type and region would show an NOI of $0 and no value. No market runs past 95%
 * (even a distressed one), so a figure past 95 is a typing mistake, not an assumption.
 */
const MARKET_SHARE_MAX = 95;

/** One property-assumption row, as the form and each CSV line give it. */
export const propertyAssumptionSchema = (o: PropertyOptions) =>
  z.object({
    propertyType: oneOf(o.propertyTypes),
    region: oneOf(o.regions),
    capRate: field.decimal({ min: 0.1, max: 30, percent: true }),
    vacancy: percent(MARKET_SHARE_MAX),
    expenseRatio: percent(MARKET_SHARE_MAX),
  });

export const SIC_TITLE_MAX = 150;

/** A SIC code: four digits. */
export const sicCodeField = () => z.string({ error: messages.required }).check(z.trim(), z.regex(/^\d{4}$/, "Enter a four-digit SIC code."));

const sicCodeShape = once(() => ({
  code: sicCodeField(),
  title: field.text({ max: SIC_TITLE_MAX }),
  division: z
    .string({ error: messages.required })
    .check(z.trim(), z.toUpperCase(), z.refine((v) => (SIC_DIVISION_KEYS as string[]).includes(v), "Choose one of the listed options.")),
}));

/**
 * The division is the code's own (its first two digits' major group): 0111 filed under Manufacturing
 * would be listed and filtered under the wrong division. Run once the fields are
 * valid, so the message is about the division only when the code and division are each well formed.
 */
const divisionOfCode = once(() => z.refine<{ code: string; division: string }>((v) => v.division === sicDivisionOf(v.code), {
  path: ["division"],
  when: (payload) => payload.issues.length === 0,
  error: (issue) => {
    const { code } = issue.input as { code: string };
    const right = sicDivisionOf(code);
    return `SIC code ${code} is in division ${right} (${SIC_DIVISIONS[right]}).`;
  },
}));

/**
 * A line of the CSV import: a code of three digits is a spreadsheet's reading of one that starts with 0
 * (the export's 0111 opened in Excel and saved again is 111), which no major group is otherwise (they
 * start at 01), so it is read as the four digits it was; every other code as the form takes it.
 */
export const sicCodeSchema = once(() => z
  .object({ ...sicCodeShape(), code: z.pipe(z.pipe(z.string({ error: messages.required }), z.transform((v: string) => v.trim().replace(/^\d{3}$/, "0$&"))), sicCodeField()) })
  .check(divisionOfCode()));

const id = () => z.coerce.number().check(z.int(), z.positive());
const csvFile = () => z.optional(z.file({ error: "Choose a CSV file." }));

/** The forms of the properties page: add a row, change one, delete one, import a CSV file. */
export const propertyIntentSchema = (o: PropertyOptions) =>
  byIntent([
    z.extend(propertyAssumptionSchema(o), { intent: z.literal("create") }),
    z.extend(propertyAssumptionSchema(o), { intent: z.literal("update"), id: id() }),
    z.object({ intent: z.literal("delete"), id: id() }),
    z.object({ intent: z.literal("import"), file: csvFile() }),
  ]);

/** SIC codes are their own key: update and delete name the code they change. */
export const sicIntentSchema = once(() => byIntent([
  z.object({ ...sicCodeShape(), intent: z.literal("create") }).check(divisionOfCode()),
  z.object({ ...sicCodeShape(), intent: z.literal("update"), original: sicCodeField() }).check(divisionOfCode()),
  z.object({ intent: z.literal("delete"), code: sicCodeField() }),
  z.object({ intent: z.literal("import"), file: csvFile() }),
]));
