import { parseWithZod } from "@conform-to/zod/v4";
import type { User } from "~/.server/db/schema";
import { clientAddress } from "~/.server/http";
import type { Services } from "~/.server/services";
import { json } from "@remix-run/server-runtime";
import { buyerCriteriaSchema, type CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import type { SubmissionResult } from "~/components/form-state";
import { criteriaChangedMeanwhileTo, criteriaOf, criteriaOptions, saveCriteria } from "~/models/buyer-criteria.server";
import { criteriaForForm } from "~/models/criteria-vocabulary.server";
import { criteriaChoicesMarkup } from "~/components/criteria-form.server";

/**
 * What the criteria form (`<CriteriaForm id={formId}>`) needs for one customer: the CMS lists, the
 * stored criteria as labels and its checkboxes drawn; null without a customer.
 */
export async function criteriaFormData(services: Services, customerId: number | null, formId = "criteria") {
  if (customerId === null) return null;
  const [options, found] = await Promise.all([criteriaOptions(services.content), criteriaOf(services.db, { customerId })]);
  if (!found) return null;
  const defaultValue = { ...criteriaForForm(found.criteria), buyerType: found.buyerType };
  return { options, defaultValue, opened: JSON.stringify(defaultValue), choices: criteriaChoicesMarkup(formId, options, defaultValue) };
}

/**
 * The criteria the form was opened with (its hidden `opened`), read by the same schema as the typed ones;
 * undefined when missing or unreadable (the save then writes every criterion, as before).
 */
export function openedCriteria(options: CriteriaOptions, payload: Record<string, unknown>) {
  try {
    const parsed = buyerCriteriaSchema(options).safeParse(JSON.parse(String(payload.opened ?? "")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A criterion another member or an admin changed since the page was opened, to something else than this post:
 * 409, the criteria as they are now with what this person changed kept as they sent it, the message on the
 * list saying what it holds now, and the form opened on the criteria as stored (as the admin's user and customer
 * edits): saving again is a decision made having seen the other's change.
 */
export function criteriaClash(
  submission: { payload: Record<string, unknown>; reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> },
  { clash, current }: { clash: string; current: Record<string, unknown> },
) {
  let was: Record<string, unknown> = {};
  try {
    was = JSON.parse(String(submission.payload.opened ?? "")) as Record<string, unknown>;
  } catch {
    // unreadable: every criterion counts as this person's
  }
  const typed = submission.payload;
  // as posted: one ticked box is a text, none is no field; a list in another order is the same list
  const text = (value: unknown) => [value ?? []].flat().map(String).sort().join("\u001f");
  const shown = Object.fromEntries(Object.entries(current).map(([key, value]) => [key, text(typed[key]) === text(was[key]) ? value : typed[key]]));
  const now = current[clash];
  const result = submission.reply({ fieldErrors: { [clash]: [criteriaChangedMeanwhileTo(Array.isArray(now) ? now.map(String) : String(now ?? ""))] } });
  return json({ result: { ...result, initialValue: { ...result.initialValue, ...shown, opened: JSON.stringify(current) } } }, { status: 409 });
}

/** Validates the posted criteria with the browser's schema and saves them (matches follow); `saved` false when the customer is gone. */
export async function submitCriteria(
  services: Services,
  request: Request,
  form: FormData,
  { customerId, actor }: { customerId: number; actor: User },
) {
  const options = await criteriaOptions(services.content);
  const submission = parseWithZod(form, { schema: buyerCriteriaSchema(options) });
  if (submission.status !== "success") return { submission, saved: false, valid: false } as const;
  const opened = openedCriteria(options, submission.payload);
  const saved = await saveCriteria(services.db, { customerId, values: submission.value, opened, actor, address: clientAddress(request) });
  return { submission, saved, valid: true } as const;
}
