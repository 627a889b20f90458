import { and, eq, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { inList } from "~/.server/db/in-list";
import { projects } from "~/.server/db/schema";

/**
 * The projects a seller reaches: their own; or their team's too (the first member, or grants on all
 * of them); or their own and some of the team's.
 */
export type Reach =
  | { kind: "own"; userId: number }
  | { kind: "team"; userId: number; customerId: number }
  | { kind: "granted"; userId: number; customerId: number; ids: number[] };

/** A reach as a condition on `projects`. */
export function reachSql(reach: Reach): SQL {
  return reachCondition(reach.kind, reach.userId, reach.kind === "own" ? null : reach.customerId, reach.kind === "granted" ? inList(projects.id, reach.ids) : null);
}

/**
 * The same for a query built once per kind of reach: its values are bound by name (userId,
 * customerId, and the granted ids as one JSON list, as inList binds them).
 */
export function reachWithPlaceholders(kind: Reach["kind"]): SQL {
  return reachCondition(kind, sql.placeholder("userId"), sql.placeholder("customerId"), grantedWithPlaceholder);
}

/** The values a reach binds in such a query, beside the seller's own id (`userId`). */
export const reachValues = (reach: Reach) => ({
  customerId: "customerId" in reach ? reach.customerId : null,
  ids: JSON.stringify("ids" in reach ? reach.ids : []),
});

/**
 * The colleagues' part of a reach (what it holds beyond the seller's own projects), for a query built
 * once per kind as above: a list of sellers alone, which the sellers' index can be searched by.
 */
export function colleaguesWithPlaceholders(kind: Exclude<Reach["kind"], "own">): SQL {
  const colleagues = sql`${projects.sellerId} in (${matesOf(sql.placeholder("customerId"))}) and ${projects.sellerId} <> ${sql.placeholder("userId")}`;
  return kind === "team" ? colleagues : sql`${colleagues} and ${grantedWithPlaceholder}`;
}

const matesOf = (customerId: number | Placeholder | null) => sql`select mate.id from users mate where mate.customer_id = ${customerId}`;
const grantedWithPlaceholder = sql`${projects.id} in (select value from json_each(${sql.placeholder("ids")}))`;

function reachCondition(kind: Reach["kind"], userId: number | Placeholder, customerId: number | Placeholder | null, granted: SQL | null): SQL {
  const own = eq(projects.sellerId, userId);
  if (kind === "own") return own;
  const mates = matesOf(customerId);
  // one list of sellers, the seller among them: "own or the team's" as two terms tested every
  // project against both (a colleagues' list of 34 projects: 214 µs, now 144), and only one list
  // can be looked up in the sellers' index, where the planner finds that cheaper than a scan
  if (kind === "team") return sql`${projects.sellerId} in (${mates} union select ${userId})`;
  return or(own, and(sql`${projects.sellerId} in (${mates})`, granted!))!;
}
