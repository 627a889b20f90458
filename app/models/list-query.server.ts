import { and, gte, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { dayBound } from "~/lib/admin-tables";

/** The SQL the paged admin tables share: a text search over some columns, a day range, a sort with NULLs last. */

const pattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of these columns contains the text (case-insensitive); nothing to match when the text is blank. */
export function textMatch(q: string | undefined, columns: readonly SQLWrapper[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const p = pattern(text);
  return or(...columns.map((c) => sql`lower(${c}) like ${p} escape '\\'`));
}

/** On or after the day `from` and on or before the day `to` (either may be blank). */
export function withinDays(column: SQLiteColumn, { from, to }: { from?: string; to?: string }): SQL | undefined {
  const start = dayBound(from);
  const end = dayBound(to, true);
  return and(start === undefined ? undefined : gte(column, new Date(start)), end === undefined ? undefined : lt(column, new Date(end)));
}

export const ordered = (by: SQLWrapper, desc: boolean) => (desc ? sql`${by} desc nulls last` : sql`${by} asc nulls last`);

export const offsetOf = (page: number, pageSize: number) => (Math.max(1, page) - 1) * pageSize;
