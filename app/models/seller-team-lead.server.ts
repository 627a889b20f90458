import { getTableName, sql, type SQL } from "drizzle-orm";
import { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A seller company's first member: the one who holds every permission on the team's projects and
 * invites and manages the colleagues (decision 027). That is the lowest user id among the company's
 * members who can act as its sellers: enabled (a deleted company's members are disabled) and acting
 * as sellers (holding Seller, and not Buyer, which comes first: such a member acts as a buyer). A
 * buyer or a disabled account with a lower id is passed over, so an enabled seller always holds
 * the lead's powers while the company has one. So is, while a colleague who came in can take it, one
 * invited who has not chosen a password yet (as invitedNotYetIn reads it): with the lead disabled, the
 * powers went to someone who could not sign in to use them. Deterministic, as the rest: once that
 * colleague comes in, the lowest id leads again (as when a disabled lead is enabled again).
 *
 * A fragment, so that the session's query and `sellerReach` read it the same way in the query they
 * already make: a correlated subquery read in users_customer_idx (the company's members), never
 * a walk of users (a test asks the plan). The roles are written out as holdsRole writes them. A
 * column is written with its table's name: Drizzle leaves it off in a query of one table, and
 * inside the subquery a bare customer_id is lead's own (every member would be a candidate).
 */
export function teamLeadIdOf(customerId: SQLiteColumn | SQL): SQL<number | null> {
  const outer = customerId instanceof SQLiteColumn ? sql`${sql.identifier(getTableName(customerId.table))}.${sql.identifier(customerId.name)}` : customerId;
  return sql<number | null>`(select lead.id from users lead indexed by users_customer_idx where lead.customer_id = ${outer} and lead.enabled = 1 and lead.roles like '%"ROLE_SELLER"%' and lead.roles not like '%"ROLE_BUYER"%'
    order by (exists (select 1 from invitations i where i.user_id = lead.id) and not exists (select 1 from invitations i where i.user_id = lead.id and i.used_at is not null)), lead.id limit 1)`;
}
