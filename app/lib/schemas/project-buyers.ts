import * as z from "zod/mini";
import { messages, byIntent } from "../validation";
import { tableActionSchema } from "./table";
import { once } from "~/lib/once";

export const SELECT_BUYERS = "Select at least one buyer.";

/** A company id as a checkbox sends it. */
const customerId = () => z.pipe(z.string({ error: messages.required }).check(z.regex(/^[1-9]\d{0,11}$/, messages.required)), z.transform(Number));

/** The admin's buyer table on a project: its column choices, and "Invite to view" for the ticked companies. */
export const projectBuyersIntentSchema = once(() => byIntent([
  tableActionSchema("projectBuyers"),
  z.object({ intent: z.literal("invite"), customerId: z.array(customerId(), { error: SELECT_BUYERS }).check(z.minLength(1, SELECT_BUYERS), z.maxLength(100)) }),
]));
export type ProjectBuyersIntent = z.output<ReturnType<typeof projectBuyersIntentSchema>>;
