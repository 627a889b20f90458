import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { tablePreferences } from "~/.server/db/schema";
import { diffPreferences, resolvePreferences, TABLES, type ResolvedPreferences, type StoredPreferences, type TableKey } from "~/lib/table-preferences";

export async function loadPreferences(db: Database, userId: number, table: TableKey) {
  const row = await db.query.tablePreferences.findFirst({
    where: and(eq(tablePreferences.userId, userId), eq(tablePreferences.tableKey, table)),
  });
  const stored = (row?.preferences ?? null) as StoredPreferences | null;
  return { stored, resolved: resolvePreferences(TABLES[table], stored) };
}

/** Keeps only what differs from the table's defaults; nothing at all when that is nothing. */
export async function savePreferences(db: Database, userId: number, table: TableKey, state: Partial<ResolvedPreferences>) {
  const diff = diffPreferences(TABLES[table], state);
  if (!Object.keys(diff).length) return resetPreferences(db, userId, table);
  await db
    .insert(tablePreferences)
    .values({ userId, tableKey: table, preferences: diff, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [tablePreferences.userId, tablePreferences.tableKey],
      set: { preferences: diff, updatedAt: new Date() },
    });
  return diff;
}

export async function resetPreferences(db: Database, userId: number, table: TableKey) {
  await db.delete(tablePreferences).where(and(eq(tablePreferences.userId, userId), eq(tablePreferences.tableKey, table)));
  return {};
}
