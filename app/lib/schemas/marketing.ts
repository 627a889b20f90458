import * as z from "zod/mini";
import { LIST_CHANNELS } from "../marketing";
import { mergeFieldProblem } from "../merge-fields";
import { field, messages, orEmpty } from "../validation";

/** An id as a form sends it (a string, so the field is typed as one). */
const id = () =>
  z.pipe(z.string({ error: messages.required }).check(z.regex(/^[1-9]\d{0,11}$/, messages.required)), z.transform(Number));
const name = () => field.text({ max: 120 });
const channel = () => z.enum(LIST_CHANNELS, { error: messages.required });

/** "Save as list" from /admin/customers: picked rows, the filters in force, or a project's matched buyers. */
export const saveListSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("selection"),
    name: name(),
    channel: channel(),
    customerId: z.array(id(), { error: "Select at least one customer." }).check(z.minLength(1, "Select at least one customer."), z.maxLength(5000)),
  }),
  z.object({ kind: z.literal("filters"), name: name(), channel: channel(), query: orEmpty(z.string().check(z.maxLength(4000))) }),
  z.object({ kind: z.literal("project"), name: name(), channel: channel(), projectId: id() }),
]);
export type SaveListValues = z.infer<typeof saveListSchema>;

/** A new bulk e-mail: an unknown merge field (or a project field without a project) is refused on its field. */
export const campaignDraftSchema = z
  .object({
    listId: id(),
    subject: field.text({ max: 200 }),
    body: field.text({ max: 20_000 }),
    projectId: z.optional(id()),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const key of ["subject", "body"] as const) {
        const problem = mergeFieldProblem(v[key], { hasProject: v.projectId !== undefined });
        if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
      }
    }),
  );

/** The campaign page: a test to oneself, or send now. */
export const campaignActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("test") }), z.object({ intent: z.literal("send") })]);

/** RFC 8058's one-click body, which the page's own button posts too. */
export const unsubscribeSchema = z.object({ "List-Unsubscribe": z.literal("One-Click", { error: "Press Unsubscribe to confirm." }) });
