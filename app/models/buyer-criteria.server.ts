import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers } from "~/.server/db/schema";
import type { ContentService } from "~/.server/content";
import { ANY_INDUSTRY, criteriaFrom, criteriaToRead, type BuyerCriteria } from "~/lib/buyer-criteria";
import { SIZE_BAND_LABELS } from "~/lib/match-score";
import type { BuyerCriteriaValues, CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import { recordAudit, type AuditEntry } from "./audit.server";
import { recomputeCustomerMatches } from "./matches.server";
import { criteriaForForm } from "./criteria-vocabulary.server";

/** The lists the criteria forms offer, from the CMS (spec §9). */
export async function criteriaOptions(content: ContentService): Promise<CriteriaOptions> {
  return criteriaOptionsOf(await content.constantLists());
}

/** The criteria forms' lists out of the CMS's constant lists. */
export function criteriaOptionsOf(lists: Record<string, { items: ReadonlyArray<{ label: string }> } | undefined>): CriteriaOptions {
  const labels = (key: string) => (lists[key]?.items ?? []).map((i) => i.label);
  const industries = labels("industries");
  return {
    // "No Preferred Industry" first: it is the answer that widens every other
    industries: industries.includes(ANY_INDUSTRY) ? [ANY_INDUSTRY, ...industries.filter((i) => i !== ANY_INDUSTRY)] : industries,
    states: labels("usStates"),
    locations: labels("locations"),
    transactionScales: labels("transactionScales"),
    investmentTypes: labels("investmentTypes"),
    transactionTypes: labels("transactionTypes"),
    investorTypes: labels("investorTypes"),
  };
}

// the preferences page opens on it: built once
const customerCriteria = preparedQuery((db) =>
  db
    .select({ preferences: customers.preferences, investorType: customers.investorType })
    .from(customers)
    .where(eq(customers.id, sql.placeholder("customerId")))
    .limit(1)
    .prepare(),
);

/** A customer's criteria and investor type (buyerType); null when there is no such customer. */
export async function criteriaOf(db: Database, { customerId }: { customerId: number }) {
  const [row] = await customerCriteria(db).all({ customerId });
  if (!row) return null;
  return { criteria: criteriaFrom(row.preferences), buyerType: row.investorType };
}

type CriteriaKey = keyof BuyerCriteriaValues;
/** The criteria as stored, the investor type beside them. */
const storedOf = ({ buyerType, ...rest }: { buyerType: string } & Parameters<typeof criteriaFrom>[0] & object) => ({ ...criteriaFrom(rest), buyerType });
type Stored = ReturnType<typeof storedOf>;
// a list in another order is the same list
const sameCriterion = (a: Stored[CriteriaKey], b: Stored[CriteriaKey]) => (Array.isArray(a) && Array.isArray(b) ? [...a].sort().join("\u001f") === [...b].sort().join("\u001f") : a === b);

/** The message on a criterion changed meanwhile, once the page shows the change (`now`, as the form shows it). */
export const criteriaChangedMeanwhileTo = (now: string | string[]) => {
  const text = [now].flat().join(", ");
  return `${text ? `Someone changed this to “${text}”` : "Someone emptied this"} since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`;
};

/** The criteria as the form shows them (state names, size bands' labels), the investor type beside them; null when the customer is gone. */
async function criteriaAsShown(db: Database, customerId: number) {
  const [row] = await db
    .select({ preferences: customers.preferences, raw: sql<string>`${customers.preferences}`, investorType: customers.investorType })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ? { row, current: { ...criteriaForForm(criteriaFrom(row.preferences)), buyerType: row.investorType } } : null;
}

/**
 * Replaces a customer's criteria with what a form posted (already validated with
 * buyerCriteriaSchema). The change is audited: criteria drive who is shown what.
 * Given `opened`, the criteria as the form showed them, only the criteria changed on it are written: a company's
 * criteria are edited by each of its members and by admins, and a page opened before another's save put every
 * other criterion back as it showed them. A criterion both changed, to different values, is `clash`, nothing written;
 * the write is conditioned on the criteria being still as read, so a save landing in between is a clash too.
 */
export async function saveCriteria(
  db: Database,
  {
    customerId,
    values,
    opened,
    actor,
    address,
    rematch = true,
  }: { customerId: number; values: BuyerCriteriaValues; opened?: BuyerCriteriaValues; actor: AuditEntry["actor"]; address?: string; rematch?: boolean },
): Promise<boolean | { clash: CriteriaKey; current: Record<string, unknown> }> {
  let { buyerType, ...criteria } = storedOf(values);
  let asRead: SQL | undefined;
  let changed: CriteriaKey[] = [];
  if (opened) {
    const read = await criteriaAsShown(db, customerId);
    if (!read) return false;
    const { row, current } = read;
    const [typed, was] = [storedOf(values), storedOf(opened)];
    const keys = Object.keys(typed) as CriteriaKey[];
    // changed on the page, and not already so (the same change made twice: a second click, two members alike)
    changed = keys.filter((key) => !sameCriterion(typed[key], was[key]) && !sameCriterion(current[key], typed[key]));
    const clash = changed.find((key) => !sameCriterion(current[key], was[key]));
    if (clash) return { clash, current };
    // saved as it is (a second click, a resent form): nothing written, audited or matched again
    if (!changed.length) return true;
    ({ buyerType, ...criteria } = { ...current, ...Object.fromEntries(changed.map((key) => [key, typed[key]])) } as Stored);
    asRead = and(sql`${customers.preferences} = ${row.raw}`, eq(customers.investorType, row.investorType));
  }
  const updated = await db
    .update(customers)
    .set({ preferences: criteria as BuyerCriteria, investorType: buyerType, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), asRead))
    .returning({ id: customers.id });
  if (!updated.length) {
    // another save landed between the read and this write: answered as one made before it, with the criteria as they are now
    const now = asRead ? await criteriaAsShown(db, customerId) : null;
    return now ? { clash: changed[0]!, current: now.current } : false;
  }
  await recordAudit(db, { actor, action: "customer.criteria", subjectType: "customer", subjectId: customerId, address });
  // the customer's matches follow its criteria at once, whichever page saved them; a caller
  // saving answer by answer (the on-boarding chat) recomputes once, at its end
  if (rematch) await recomputeCustomerMatches(db, { customerId });
  return true;
}

/** A customer's criteria as the admin reads them, size bands by their labels. */
export const customerCriteriaToRead = (stored: Parameters<typeof criteriaFrom>[0]) => criteriaToRead(stored, SIZE_BAND_LABELS);
