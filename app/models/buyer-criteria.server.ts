import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers } from "~/.server/db/schema";
import type { ContentService } from "~/.server/content";
import { ANY_INDUSTRY, criteriaFrom, criteriaToRead, type BuyerCriteria } from "~/lib/buyer-criteria";
import { SIZE_BAND_LABELS } from "~/lib/match-score";
import type { BuyerCriteriaValues, CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import { recordAudit, type AuditEntry } from "./audit.server";
import { recomputeCustomerMatches } from "./matches.server";

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

/**
 * Replaces a customer's criteria with what a form posted (already validated with
 * buyerCriteriaSchema). The change is audited: criteria drive who is shown what.
 */
export async function saveCriteria(
  db: Database,
  {
    customerId,
    values,
    actor,
    address,
    rematch = true,
  }: { customerId: number; values: BuyerCriteriaValues; actor: AuditEntry["actor"]; address?: string; rematch?: boolean },
) {
  const { buyerType, ...rest } = values;
  const criteria: BuyerCriteria = criteriaFrom(rest);
  const updated = await db
    .update(customers)
    .set({ preferences: criteria, investorType: buyerType, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning({ id: customers.id });
  if (!updated.length) return false;
  await recordAudit(db, { actor, action: "customer.criteria", subjectType: "customer", subjectId: customerId, address });
  // the customer's matches follow its criteria at once, whichever page saved them; a caller
  // saving answer by answer (the on-boarding chat) recomputes once, at its end
  if (rematch) await recomputeCustomerMatches(db, { customerId });
  return true;
}

/** A customer's criteria as the admin reads them, size bands by their labels. */
export const customerCriteriaToRead = (stored: Parameters<typeof criteriaFrom>[0]) => criteriaToRead(stored, SIZE_BAND_LABELS);
