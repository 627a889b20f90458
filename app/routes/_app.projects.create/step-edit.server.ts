import type { ProjectKind } from "~/lib/project-kinds";
import { detailsColumns, formValuesOf } from "~/lib/project-values";
import { formatNumber } from "~/lib/format";

type StepSchema = { shape: Record<string, { safeParse: (value: unknown) => { success: boolean; data?: unknown } }> };
type Read = Parameters<typeof formValuesOf>[0];

/** The address lookup's fields: the point is written (or dropped) as one, when any of them changed. */
const POINT = ["latitude", "longitude", "locatedZip", "zip"];
const HIDDEN = ["latitude", "longitude", "locatedZip"];

/**
 * The values a step's page was opened with (its hidden `opened`, as the form showed them); undefined when
 * missing or unreadable (an older page, a client): the save then writes every field of the step, as before.
 */
export function openedStep(payload: Record<string, unknown>): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(String(payload.opened ?? ""));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  } catch {
    return undefined;
  }
}

/**
 * What a step's save writes, given the listing as it is now and as the page showed it (`opened`): only the
 * fields the seller changed on the page, so that a tab opened before another tab's save (step 1's state
 * shown again on a property's details, step 2's amounts a loan tape's import set meanwhile) does not put
 * the old values back. `clash`: a field changed both there and meanwhile, to different values (the seller
 * decides, having seen the other's). Fields are compared as the step's schema reads them ("12,500,000" is
 * 12500000).
 */
export function stepEdit(
  { kind, step, schema, values, typed, opened, now }: {
    kind: ProjectKind;
    step: number;
    schema: StepSchema;
    /** The step's fields as the schema read them from the post. */
    values: Record<string, unknown>;
    /** The post's fields as sent. */
    typed: Record<string, unknown>;
    opened?: Record<string, string>;
    now: Read;
  },
): { columns: Record<string, unknown> } | { clash: string; shown: Record<string, string> } {
  const fields = Object.keys(schema.shape);
  if (!opened) return { columns: step === 3 ? detailsColumns(kind, values, now.details ?? {}) : values };
  const current = formValuesOf(now);
  const read = (field: string, text: unknown) => {
    const parsed = schema.shape[field]?.safeParse(text ?? "");
    return JSON.stringify(parsed?.success ? parsed.data : String(text ?? "").trim());
  };
  const same = (field: string, a: unknown, b: unknown) => read(field, a) === read(field, b);
  // changed on the page, and not already so (the same change made in two tabs)
  const changed = fields.filter((field) => !same(field, typed[field], opened[field]) && !same(field, typed[field], current[field]));
  // the lookup's hidden fields have no place on the page to say so: the zip code they go with does
  const clash = changed.find((field) => !HIDDEN.includes(field) && !same(field, current[field], opened[field]));
  if (clash) {
    // the step as it is now, with what this seller changed kept as they typed it
    const shown = Object.fromEntries(fields.map((field) => [field, same(field, typed[field], opened[field]) ? groupedAmount(field, current[field] ?? "") : String(typed[field] ?? "")]));
    return { clash, shown };
  }
  const written = new Set(changed);
  if (changed.some((field) => POINT.includes(field))) for (const field of POINT) written.add(field);
  const picked = Object.fromEntries(Object.entries(values).filter(([field]) => written.has(field)));
  if (step !== 3) return { columns: picked };
  // the kind's columns beside its details (a pool's name, a property's place) only when changed
  const columns = detailsColumns(kind, picked, now.details ?? {}) as Record<string, unknown>;
  return { columns: Object.fromEntries(Object.entries(columns).filter(([column]) => column === "details" || written.has(column))) };
}

/** The steps' dropdowns and the list of options each shows its choices from. */
const LISTED: Record<string, string> = { industry: "industries", saleType: "saleTypes", location: "locations", state: "usStates", term: "loanStatus", propertyType: "propertyTypes", policyType: "policyTypes" };
/** The steps' amounts in dollars, typed and shown grouped ("12,500,000"). */
const AMOUNTS = ["loanAmount", "size", "noi", "faceAmount", "cashSurrenderValue", "revenue", "ebitda", "totalDebt"];

/**
 * A field's stored value as the step's page shows it, for the message on a field changed meanwhile: a dropdown's
 * choice by its label (the state's name, not its code), an amount grouped. "Someone changed this to “3000000”"
 * or "“TX”" named the other's value in a form the seller saw nowhere on the page.
 */
export function shownValue(field: string, value: string, options: Record<string, ReadonlyArray<{ value: string; label: string }>>) {
  const list = LISTED[field];
  if (list) return options[list]?.find((o) => o.value === value)?.label ?? value;
  return groupedAmount(field, value);
}

/** An amount as the seller types it ("45,000,000"), any other field's value as it is. */
const groupedAmount = (field: string, value: string) => (AMOUNTS.includes(field) && /^-?\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value)) : value);

/**
 * A listing's values as the steps' inputs are filled with them: a saved amount grouped as it was typed, where
 * "45000000" came back into the field (the action reads either; a save untouched compares equal as the schema reads them).
 */
export const formValuesShown = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([field, value]) => [field, groupedAmount(field, value)]));

/** Every field as the steps show it (the review's list). */
export const shownValues = (values: Record<string, string>, options: Parameters<typeof shownValue>[2]) =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, shownValue(field, value, options)]));
