/**
 * The spec's regions (§9 locations) by state: the Census Bureau's regions, with its South split
 * into Southeast and Southwest (Texas, Oklahoma, New Mexico, Arizona) and the territories placed
 * with their neighbours. The demo market's cities follow the same split.
 */
const STATES_BY_REGION = {
  Northeast: ["CT", "DC", "DE", "MA", "MD", "ME", "NH", "NJ", "NY", "PA", "RI", "VT"],
  Southeast: ["AL", "AR", "FL", "GA", "KY", "LA", "MS", "NC", "PR", "SC", "TN", "VA", "VI", "WV"],
  Midwest: ["IA", "IL", "IN", "KS", "MI", "MN", "MO", "ND", "NE", "OH", "SD", "WI"],
  Southwest: ["AZ", "NM", "OK", "TX"],
  West: ["AK", "AS", "CA", "CO", "GU", "HI", "ID", "MP", "MT", "NV", "OR", "UT", "WA", "WY"],
} as const;

export type UsRegion = keyof typeof STATES_BY_REGION;

const REGION_BY_STATE = new Map<string, UsRegion>(
  Object.entries(STATES_BY_REGION).flatMap(([region, states]) => states.map((s) => [s, region as UsRegion] as const)),
);

/** The region of a state's postal code, or null for a code outside the list (military mail, a typo). */
export function regionOfState(state: string): UsRegion | null {
  return REGION_BY_STATE.get(state.trim().toUpperCase()) ?? null;
}
