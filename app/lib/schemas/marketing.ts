import * as z from "zod/mini";
import { LIST_CHANNELS, SUPPRESSION_CHANNELS } from "../marketing";
import { mergeFieldProblem } from "../merge-fields";
import { field, messages, notAJsonObject, orEmpty, byIntent } from "../validation";
import { SMS_MAX_LENGTH } from "~/lib/sms";
import { once } from "~/lib/once";
export { SMS_MAX_LENGTH };

/** An id as a form sends it (a string, so the field is typed as one). */
const id = () =>
  z.pipe(z.string({ error: messages.required }).check(z.regex(/^[1-9]\d{0,11}$/, messages.required)), z.transform(Number));
const name = () => field.text({ max: 120 });
const channel = () => field.listed(LIST_CHANNELS);

/** "Save as list" from /admin/customers: picked rows, the filters in force, or a project's matched buyers. */
/** The page's one-time key (decision 083); a post without it (an old page) saves a list as before. */
const key = () => z.optional(z.string().check(z.maxLength(100)));

export const saveListSchema = once(() => z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("selection"),
    name: name(),
    channel: channel(),
    key: key(),
    customerId: z.array(id(), { error: "Select at least one customer." }).check(z.minLength(1, "Select at least one customer."), z.maxLength(5000)),
  }),
  z.object({ kind: z.literal("filters"), name: name(), channel: channel(), key: key(), query: orEmpty(z.string().check(z.maxLength(4000))) }),
  z.object({ kind: z.literal("project"), name: name(), channel: channel(), key: key(), projectId: id() }),
]));
export type SaveListValues = z.infer<ReturnType<typeof saveListSchema>>;

/** Refuses an unknown merge field (or a project field without a project) on the field that uses it. */
const mergeFieldsKnown = <K extends string>(keys: readonly K[], { projectOffered = true } = {}) =>
  z.superRefine((v: Record<K, string> & { projectId?: number }, ctx) => {
    for (const key of keys) {
      const problem = mergeFieldProblem(v[key], { hasProject: v.projectId !== undefined, projectOffered });
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
    }
  });

/** A new bulk e-mail. */
export const campaignDraftSchema = once(() => z
  .object({
    listId: id(),
    subject: field.text({ max: 200 }),
    body: field.text({ max: 20_000 }),
    projectId: z.optional(id()),
  })
  .check(mergeFieldsKnown(["subject", "body"])));

/** A new bulk SMS: the opt-out line is added when it is sent. */
export const smsDraftSchema = once(() => z
  .object({
    listId: id(),
    body: field.text({ max: SMS_MAX_LENGTH }),
    projectId: z.optional(id()),
  })
  .check(mergeFieldsKnown(["body"])));

/** The campaign page: a test to oneself, or send now. */
export const campaignActionSchema = once(() => byIntent([
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("send") }),
  // a draft whose promoted listing has left the market: another listing, or none
  z.object({ intent: z.literal("project"), projectId: z.optional(id()) }),
  // a campaign being queued or sent: nothing more of it goes
  z.object({ intent: z.literal("cancel") }),
]));

/** RFC 8058's one-click body, which the page's own button posts too. */
export const unsubscribeSchema = once(() => z.object({ "List-Unsubscribe": z.literal("One-Click", { error: "Press Unsubscribe to confirm." }) }));

/** How far ahead the API may schedule: a message not sent within a week of being due is given up (outbox retention). */
export const MAX_SCHEDULE_DAYS = 7;

/**
 * How far behind ours a client's clock may run: a sendAt this recent is sent at once, an older one is
 * refused (a past time was sent at once to every recipient: a CRM's time-zone slip is a mistake, not
 * "now"). Judged when a campaign would be made, not in the schema: a retry of one already made, its
 * time since passed, is answered with it.
 */
export const SEND_AT_SKEW_MINUTES = 5;
export const SEND_AT_IN_THE_PAST = "sendAt is in the past: send a future time, or leave it out to send now.";

const CUSTOMER_IDS = "customerIds must be a list of customer ids.";

/**
 * POST /api/1.0/campaigns (CRM automation): the customers to reach, the text, and
 * optionally when. Every refusal names its reason; the API answers the first.
 */
export const campaignApiSchema = once(() => z
  .object(
    {
      // lengths are refinements, skipped once the type is refused: zod's length checks run on anything
      // with a length, and an empty list sent for the body was told "body is empty." too
      channel: z.enum(SUPPRESSION_CHANNELS, { error: 'channel must be "email" or "sms".' }),
      customerIds: z
        // an id that is no whole positive number ("1", 1.5) is told what the list is, not zod's "expected number"
        .array(z.number({ error: CUSTOMER_IDS }).check(z.int(CUSTOMER_IDS), z.positive(CUSTOMER_IDS)), { error: CUSTOMER_IDS })
        .check(
          z.refine((ids) => ids.length > 0, "customerIds is empty: name at least one customer."),
          z.refine((ids) => ids.length <= 10_000, "customerIds may name at most 10000 customers."),
          // a customer named twice is reached once
          z.overwrite((ids: number[]) => [...new Set(ids)]),
        ),
      subject: z._default(z.string({ error: "subject must be a string." }).check(z.trim(), z.refine((v) => v.length <= 200, "subject may be at most 200 characters.")), ""),
      body: z
        .string({ error: "body must be a string." })
        .check(z.trim(), z.refine((v) => v.length > 0, "body is empty."), z.refine((v) => v.length <= 20_000, "body may be at most 20000 characters.")),
      // a time without its offset is ISO 8601 too (a local time, whose zone we cannot know): told that
      // it must name one, where it was told it was no ISO 8601 date and time
      sendAt: z.optional(z.iso.datetime({ offset: true, error: "sendAt must be an ISO 8601 date and time with seconds and a time zone, e.g. 2026-05-01T14:00:00Z or 2026-05-01T10:00:00-04:00." })),
    },
    // a list, null or a string for the body: as /api/auth/login answers it
    { error: notAJsonObject(["channel", "customerIds", "subject?", "body", "sendAt?"]) },
  )
  .check(
    mergeFieldsKnown(["subject", "body"], { projectOffered: false }),
    z.superRefine((v, ctx) => {
      if (v.channel === "email" && !v.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required for e-mail." });
      // the bulk-SMS form's limit, so that a text the page refuses is not sent through the API
      if (v.channel === "sms" && v.body.length > SMS_MAX_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["body"], message: `body may be at most ${SMS_MAX_LENGTH} characters for SMS.` });
      }
      if (v.sendAt && Date.parse(v.sendAt) > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) {
        ctx.addIssue({ code: "custom", path: ["sendAt"], message: `sendAt may be at most ${MAX_SCHEDULE_DAYS} days ahead.` });
      }
    }),
  ));
