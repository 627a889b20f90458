import { TERM_KEYS, type Project, type TermKey } from "./projects";
import type { ProjectKind } from "./project-kinds";

/** The columns the create form asks for: the key terms, the description and the borrower. */
const FORM_COLUMNS = [...TERM_KEYS, "fullDetails", "borrower"] as const;
export type FormColumn = (typeof FORM_COLUMNS)[number];

/** The fields of a project as the create form shows them (strings, as typed). */
type ProjectLike = Pick<Project, "kind" | TermKey | "fullDetails" | "borrower" | "details"> & Partial<Pick<Project, "latitude" | "longitude">>;

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
/** A column as the form shows it: Yes/No for a flag (the form's options), else its text. */
const formValue = (v: unknown) => (typeof v === "boolean" ? (v ? "Yes" : "No") : text(v));

export function formValuesOf(p: ProjectLike): Record<string, string> {
  const details = Object.fromEntries(Object.entries(p.details ?? {}).map(([k, v]) => [k, text(v)]));
  const point: Record<string, string> = p.kind === "real_estate" ? { latitude: text(p.latitude), longitude: text(p.longitude), locatedZip: p.latitude === null || p.latitude === undefined ? "" : text(p.details?.zip) } : {};
  return { ...details, ...point, ...Object.fromEntries(FORM_COLUMNS.map((key) => [key, formValue(p[key])])) };
}

/** Step 3 values: the loan pool's name is a column; everything else of the kind goes to `details`. */
export function detailsColumns(kind: ProjectKind, values: Record<string, unknown>, current: Record<string, unknown>) {
  if (kind === "loan_pool") {
    const { loanPool, ...rest } = values;
    return { loanPool: String(loanPool), details: { ...current, ...rest } };
  }
  if (kind === "real_estate") {
    // the place is columns: search filters by region, the maps read state and coordinates
    const { state, location, latitude, longitude, locatedZip, ...rest } = values;
    return {
      state: String(state ?? ""),
      location: String(location ?? ""),
      ...lookupPoint({ latitude, longitude, locatedZip, zip: rest.zip }),
      details: { ...current, ...rest },
    };
  }
  return { details: { ...current, ...values } };
}

/**
 * The address lookup's point as a property's columns: kept only when it was found for the ZIP code
 * the property has now (one changed since the lookup drops it: the map then draws the state's centre).
 */
export function lookupPoint({ latitude, longitude, locatedZip, zip }: { latitude: unknown; longitude: unknown; locatedZip: unknown; zip: unknown }) {
  const located = typeof latitude === "number" && typeof longitude === "number" && String(locatedZip ?? "").slice(0, 5) === String(zip ?? "").slice(0, 5);
  return { latitude: located ? latitude : null, longitude: located ? longitude : null };
}
