import * as z from "zod/mini";
import { SIC_DIVISION_KEYS } from "../system-data";
import { field, messages } from "../validation";
import { oneOf } from "./account";

/** The lists a property-assumption row is checked against: property types and regions (spec §9). */
export type PropertyOptions = { propertyTypes: readonly string[]; regions: readonly string[] };

const percent = (max: number) => field.decimal({ min: 0, max });

/** One property-assumption row, as the form and each CSV line give it. */
export const propertyAssumptionSchema = (o: PropertyOptions) =>
  z.object({
    propertyType: oneOf(o.propertyTypes),
    region: oneOf(o.regions),
    capRate: field.decimal({ min: 0.1, max: 30 }),
    vacancy: percent(100),
    expenseRatio: percent(100),
  });

export const SIC_TITLE_MAX = 150;

/** A SIC code: four digits. */
export const sicCodeField = () => z.string({ error: messages.required }).check(z.trim(), z.regex(/^\d{4}$/, "Enter a four-digit SIC code."));

export const sicCodeSchema = z.object({
  code: sicCodeField(),
  title: field.text({ max: SIC_TITLE_MAX }),
  division: z
    .string({ error: messages.required })
    .check(z.trim(), z.toUpperCase(), z.refine((v) => (SIC_DIVISION_KEYS as string[]).includes(v), "Choose one of the listed options.")),
});

const id = () => z.coerce.number().check(z.int(), z.positive());
const csvFile = () => z.optional(z.file({ error: "Choose a CSV file." }));

/** The forms of the properties page: add a row, change one, delete one, import a CSV file. */
export const propertyIntentSchema = (o: PropertyOptions) =>
  z.discriminatedUnion("intent", [
    z.extend(propertyAssumptionSchema(o), { intent: z.literal("create") }),
    z.extend(propertyAssumptionSchema(o), { intent: z.literal("update"), id: id() }),
    z.object({ intent: z.literal("delete"), id: id() }),
    z.object({ intent: z.literal("import"), file: csvFile() }),
  ]);

/** SIC codes are their own key: update and delete name the code they change. */
export const sicIntentSchema = z.discriminatedUnion("intent", [
  z.extend(sicCodeSchema, { intent: z.literal("create") }),
  z.extend(sicCodeSchema, { intent: z.literal("update"), original: sicCodeField() }),
  z.object({ intent: z.literal("delete"), code: sicCodeField() }),
  z.object({ intent: z.literal("import"), file: csvFile() }),
]);
