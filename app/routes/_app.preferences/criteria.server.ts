import { parseWithZod } from "@conform-to/zod/v4";
import type { User } from "~/.server/db/schema";
import { clientAddress } from "~/.server/http";
import type { Services } from "~/.server/services";
import { buyerCriteriaSchema } from "~/lib/schemas/buyer-criteria";
import { criteriaOf, criteriaOptions, saveCriteria } from "~/models/buyer-criteria.server";
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
  return { options, defaultValue, choices: criteriaChoicesMarkup(formId, options, defaultValue) };
}

/** Validates the posted criteria with the browser's schema and saves them (matches follow); `saved` false when the customer is gone. */
export async function submitCriteria(
  services: Services,
  request: Request,
  form: FormData,
  { customerId, actor }: { customerId: number; actor: User },
) {
  const submission = parseWithZod(form, { schema: buyerCriteriaSchema(await criteriaOptions(services.content)) });
  if (submission.status !== "success") return { submission, saved: false, valid: false } as const;
  const saved = await saveCriteria(services.db, { customerId, values: submission.value, actor, address: clientAddress(request) });
  return { submission, saved, valid: true } as const;
}
