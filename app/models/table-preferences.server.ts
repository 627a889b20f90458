import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { tablePreferences, type User } from "~/.server/db/schema";
import { tablePreferencesLoadedWith } from "./sessions.server";
import { diffPreferences, resolvePreferences, TABLES, type ResolvedPreferences, type StoredPreferences, type TableKey } from "~/lib/table-preferences";

/**
 * Whose preferences: the signed-in user, whose preferences came with their session (a page's
 * loader), or a user id, read afresh (an action about to change them).
 */
export type PreferencesReader = Pick<User, "id"> | number;

export async function loadPreferences(db: Database, reader: PreferencesReader, table: TableKey) {
  const loaded = typeof reader === "number" ? undefined : tablePreferencesLoadedWith(reader);
  const stored = ((loaded ? loaded[table] : await storedPreferences(db, typeof reader === "number" ? reader : reader.id, table)) ?? null) as StoredPreferences | null;
  return { stored, resolved: resolvePreferences(TABLES[table], stored) };
}

async function storedPreferences(db: Database, userId: number, table: TableKey) {
  const row = await db.query.tablePreferences.findFirst({
    where: and(eq(tablePreferences.userId, userId), eq(tablePreferences.tableKey, table)),
  });
  return row?.preferences;
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
