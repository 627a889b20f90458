import * as z from "zod/mini";
import { field, messages, orEmpty, byIntent } from "../validation";
import { INBOUND_STATUSES, LEAD_CSV_COLUMNS } from "../inbound";
import { contactSchema } from "./account";
import { customerWebsite } from "../customers";
import type { TableKey } from "../table-preferences";
import { tableActionSchema } from "./table";
import { CONTACT_TOPICS } from "~/lib/inbound";
import { once } from "~/lib/once";
export { CONTACT_TOPICS };

export const contactFormSchema = once(() => z.extend(contactSchema(), {
  topic: z.pipe(z.optional(z.enum(["general", "demo"], { error: "Choose one of the listed options." })), z.transform((v: "general" | "demo" | undefined) => v ?? "general")),
}));

/** A website, optional: kept as the customer form will take it once converted ("lead.example" as https://lead.example). */
const optionalWebsite = () =>
  z.pipe(
    orEmpty(z.string().check(z.trim())).check(z.refine((v) => v === "" || customerWebsite(v) !== null, messages.url)),
    z.transform((v: string) => (v === "" ? "" : customerWebsite(v)!)),
  );

/** /broker-affiliate: the affiliate application. */
export const affiliateSchema = once(() => z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  company: field.text({ max: 150 }),
  phone: field.optionalPhone(),
  companyWebsite: optionalWebsite(),
  message: field.text({ min: 10, max: 4000 }),
}));

/** The teaser: a member's question about the project. */
export const askSchema = once(() => z.object({
  intent: z.literal("ask"),
  question: field.text({ min: 10, max: 4000 }),
}));

const id = once(() => z.coerce.number({ error: messages.required }).check(z.int(), z.positive()));

/** What an admin does with an inbound item: status, owner and notes; an answer to a member's inquiry. */
export const inboundAdminSchema = once(() => byIntent([
  z.object({
    intent: z.literal("update"),
    id: id(),
    status: field.listed(INBOUND_STATUSES),
    ownerId: z
      .pipe(z.optional(z.string()), z.transform((v: string | undefined) => (v ? Number(v) : null)))
      .check(z.refine((v) => v === null || (Number.isInteger(v) && v > 0), messages.required)),
    notes: field.optionalText({ max: 4000 }),
  }),
  z.object({ intent: z.literal("answer"), id: id(), answer: field.text({ min: 2, max: 4000 }) }),
]));

/** An inbound list page's forms: its table's column and view forms, and the item forms. */
export const inboundPageSchema = (table: TableKey) =>
  byIntent([...tableActionSchema(table).def.options, ...inboundAdminSchema().def.options]);

/** /admin/potential-customers: the lead forms and the table's column and view forms. */
export const leadAdminSchema = once(() => byIntent([
  z.object({ intent: z.literal("convert"), id: id() }),
  z.object({ intent: z.literal("dismiss"), id: id() }),
  // the page's one-time key (the loader's): the same form posted twice imports once
  z.object({ intent: z.literal("import"), key: z.optional(z.string().check(z.maxLength(100))) }),
  ...tableActionSchema("potentialCustomers").def.options,
]));

/** One line of a potential-customer CSV. */
export const leadCsvLineSchema = once(() => z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  company: field.text({ max: 150 }),
  phone: field.optionalPhone(),
  website: optionalWebsite(),
  notes: field.optionalText({ max: 4000 }),
}));
export const LEAD_CSV_HEADER = LEAD_CSV_COLUMNS.join(",");
