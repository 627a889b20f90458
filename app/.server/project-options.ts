import type { Services } from "./services";
import type { ProjectOptions } from "~/lib/schemas/project";

const KEYS = ["industries", "saleTypes", "locations", "usStates", "loanStatus", "propertyTypes", "policyTypes"] as const;

/** The dropdown lists of the project forms and filters, from the content source. */
export async function projectOptions(services: Services) {
  const lists = await services.content.constantLists();
  const items = Object.fromEntries(KEYS.map((key) => [key, lists[key]?.items ?? []])) as Record<
    (typeof KEYS)[number],
    Array<{ value: string; label: string; icon?: string }>
  >;
  const values = Object.fromEntries(KEYS.map((key) => [key, items[key].map((i) => i.value)])) as unknown as ProjectOptions;
  return { items, values };
}

/** The lists a property-assumption row is checked against: the property types and the regions (locations). */
export async function propertyOptions(services: Services) {
  const { values } = await projectOptions(services);
  return { propertyTypes: values.propertyTypes, regions: values.locations };
}
