import * as z from "zod/mini";
import { SAVED_SEARCH_NAME_MAX } from "../saved-searches";
import { field, messages, byIntent } from "../validation";
import { buyerCriteriaSchema, type CriteriaOptions } from "./buyer-criteria";
import { tableActionSchema } from "./table";
import { once } from "~/lib/once";
import { resubscribeSchema } from "./subscription";

const id = () =>
  z.pipe(z.string({ error: messages.required }).check(z.regex(/^[1-9]\d{0,11}$/, messages.required)), z.transform(Number));

/** "Save this search" on the search page: a name; the filters are the page's own URL. */
export const saveSearchSchema = once(() => z.object({ intent: z.literal("save-search"), name: field.text({ max: SAVED_SEARCH_NAME_MAX }) }));

/** The search page's forms: its table's preferences, and "Save this search". */
export const searchPageSchema = once(() => byIntent([...tableActionSchema("projectSearch").def.options, saveSearchSchema()]));

/** The forms of one saved search on /preferences: alerts on or off, delete. */
// `shown`: the page's proof that it listed the search to this member, which tells a search they deleted
// (another tab, a second click) from one that was never theirs; without it, both are not found
const shown = () => z.optional(z.string().check(z.maxLength(100)));
export const savedSearchFormSchemas = once(() => [
  z.object({ intent: z.literal("search-alerts"), searchId: id(), shown: shown(), alerts: field.listed(["on", "off"]) }),
  z.object({ intent: z.literal("delete-search"), searchId: id(), shown: shown() }),
] as const);

/** /preferences: the company's criteria, each saved search's forms, and "Subscribe again" when the member unsubscribed. */
export const preferencesPageSchema = (options: CriteriaOptions) =>
  byIntent([z.extend(buyerCriteriaSchema(options), { intent: z.literal("criteria") }), ...savedSearchFormSchemas(), resubscribeSchema()]);
