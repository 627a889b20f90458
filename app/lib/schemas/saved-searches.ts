import { z } from "zod";
import { SAVED_SEARCH_NAME_MAX } from "../saved-searches";
import { field, messages } from "../validation";

const id = () =>
  z
    .string({ error: messages.required })
    .regex(/^[1-9]\d{0,11}$/, messages.required)
    .transform(Number);

/** "Save this search" on the search page: a name; the filters are the page's own URL. */
export const saveSearchSchema = z.object({ intent: z.literal("save-search"), name: field.text({ max: SAVED_SEARCH_NAME_MAX }) });

/** The forms of one saved search on /preferences: alerts on or off, delete. */
export const savedSearchFormSchemas = [
  z.object({ intent: z.literal("search-alerts"), searchId: id(), alerts: z.enum(["on", "off"], { error: messages.required }) }),
  z.object({ intent: z.literal("delete-search"), searchId: id() }),
] as const;
