import { z } from "zod";
import { messages } from "../validation";
import { tableActionSchema } from "./table";

export const SELECT_BUYERS = "Select at least one buyer.";

/** A company id as a checkbox sends it. */
const customerId = () => z.string({ error: messages.required }).regex(/^[1-9]\d{0,11}$/, messages.required).transform(Number);

/** The admin's buyer table on a project: its column choices, and "Invite to view" for the ticked companies. */
export const projectBuyersIntentSchema = z.discriminatedUnion("intent", [
  tableActionSchema("projectBuyers"),
  z.object({ intent: z.literal("invite"), customerId: z.array(customerId(), { error: SELECT_BUYERS }).min(1, SELECT_BUYERS).max(100) }),
]);
export type ProjectBuyersIntent = z.output<typeof projectBuyersIntentSchema>;
