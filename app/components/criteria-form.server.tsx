import { CHOICE_LISTS, CheckboxOptions, type CriteriaDefaults, type DrawnChoices } from "./criteria-form";
import { fieldAsFirstDrawn, formValuesOf } from "./form-state";
import { staticMarkupOf } from "./static-html.server";
import type { CriteriaOptions } from "~/lib/schemas/buyer-criteria";

/**
 * The criteria form's checkboxes as it first shows for these values, drawn to markup here: the page
 * renders some hundred inputs without React, and a company's lists seen before are not drawn again.
 */
export function criteriaChoicesMarkup(formId: string, options: CriteriaOptions, defaultValue: CriteriaDefaults): DrawnChoices {
  const values = formValuesOf(defaultValue);
  const lists = Object.fromEntries(
    Object.entries(CHOICE_LISTS).map(([name, list]) => {
      const meta = fieldAsFirstDrawn(formId, name, values);
      return [name, staticMarkupOf(["criteria-choices", formId, name, options[list], meta.initialValue], () => <CheckboxOptions meta={meta} options={options[list]} />)];
    }),
  ) as DrawnChoices["lists"];
  return { formId, lists };
}
