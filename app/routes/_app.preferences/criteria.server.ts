import { parseWithZod } from "@conform-to/zod/v4";
import type { User } from "~/.server/db/schema";
import { clientAddress } from "~/.server/http";
import type { Services } from "~/.server/services";
import { json } from "@remix-run/server-runtime";
import { buyerCriteriaSchema, type CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import type { SubmissionResult } from "~/components/form-state";
import { CRITERIA_CHANGED_MEANWHILE, criteriaOf, criteriaOptions, saveCriteria } from "~/models/buyer-criteria.server";
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

/** A criterion changed since the page was opened, to something else than this post: 409 with why, on its list. */
export function criteriaClash(submission: { reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> }, field: string) {
  return json({ result: submission.reply({ fieldErrors: { [field]: [CRITERIA_CHANGED_MEANWHILE] } }) }, { status: 409 });
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
