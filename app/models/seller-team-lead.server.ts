import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A seller company's first member (the lowest user id of the customer): the one who holds every
 * permission on the team's projects. A fragment, so that the session's query and `sellerReach`
 * read it the same way in the query they already make.
 */
export function teamLeadIdOf(customerId: SQLiteColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select min(lead.id) from users lead where lead.customer_id = ${customerId})`;
}
