import { CONSTANT_LISTS } from "../../cms/seed/constants";
import type { BuyerCriteria } from "~/lib/buyer-criteria";

/**
 * The criteria forms offer the CMS labels ("Illinois", "$5-$10m"); projects store
 * state codes and size in USD, and older rows (and the demo market) hold codes and
 * band keys. Both spellings are read; matching uses codes, forms use labels.
 * The two lists are fixed by spec §9, so their values do not come from Sanity.
 */
const pairs = (key: string) => CONSTANT_LISTS.find((l) => l.key === key)?.items ?? [];
const toValue = (key: string) => new Map(pairs(key).flatMap((i) => [[i.label, i.value], [i.value, i.value]] as const));
const toLabel = (key: string) => new Map(pairs(key).flatMap((i) => [[i.value, i.label], [i.label, i.label]] as const));

const STATE_CODE = toValue("usStates");
const BAND_KEY = toValue("transactionScales");
const STATE_LABEL = toLabel("usStates");
const BAND_LABEL = toLabel("transactionScales");

const translate = (list: string[], map: Map<string, string>) => [...new Set(list.map((v) => map.get(v) ?? v))];

/** Criteria in the projects table's vocabulary: what the match score compares. */
export function criteriaForMatching(c: BuyerCriteria): BuyerCriteria {
  return {
    ...c,
    statePreferences: translate(c.statePreferences, STATE_CODE),
    transactionScalePreferences: translate(c.transactionScalePreferences, BAND_KEY),
  };
}

/** Criteria as the forms show them (labels), whichever spelling was stored. */
export function criteriaForForm(c: BuyerCriteria): BuyerCriteria {
  return {
    ...c,
    statePreferences: translate(c.statePreferences, STATE_LABEL),
    transactionScalePreferences: translate(c.transactionScalePreferences, BAND_LABEL),
  };
}

/** USPS codes to state names ("TX" → "Texas"): the matchmaking assistant reads codes as buyers type them. */
export const stateNamesByCode = (): Record<string, string> => Object.fromEntries(pairs("usStates").map((i) => [i.value, i.label]));

/**
 * A project's state as the listing form offers it ("IL" → "Illinois"), a value of no state as it is: the
 * wizard's review named the state, the project's page its code.
 */
export const stateNameOf = (code: string) => STATE_LABEL.get(code) ?? code;
