import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { suppressions } from "~/.server/db/schema";
import { normalAddress, type SuppressionChannel, type SuppressionReason } from "~/lib/marketing";
import { inList } from "~/.server/db/in-list";
import { preparedQuery } from "~/.server/db/prepared";

/** Puts an address (or number) on the suppression list; suppressing it again keeps the first reason. */
export async function suppress(db: Database, { channel, address, reason, now = Date.now() }: { channel: SuppressionChannel; address: string; reason: SuppressionReason; now?: number }) {
  await db
    .insert(suppressions)
    .values({ channel, address: normalAddress(address), reason, at: new Date(now) })
    .onConflictDoNothing();
}

// built once: /preferences asks it on every request
const SUPPRESSION = preparedQuery((db) =>
  db
    .select({ reason: suppressions.reason, at: suppressions.at })
    .from(suppressions)
    .where(and(eq(suppressions.channel, sql.placeholder("channel")), eq(suppressions.address, sql.placeholder("address"))))
    .limit(1)
    .prepare(),
);

export async function isSuppressed(db: Database, { channel, address }: { channel: SuppressionChannel; address: string }) {
  const [row] = await SUPPRESSION(db).all({ channel, address: normalAddress(address) });
  return row ?? null;
}

/** Which of these addresses are suppressed (one statement whatever their number: they travel as one JSON parameter). */
export async function suppressedAmong(db: Database, { channel, addresses }: { channel: SuppressionChannel; addresses: string[] }) {
  if (!addresses.length) return new Set<string>();
  const rows = await db
    .select({ address: suppressions.address })
    .from(suppressions)
    .where(
      and(
        eq(suppressions.channel, channel),
        inList(suppressions.address, addresses.map(normalAddress)),
      ),
    );
  return new Set(rows.map((r) => r.address));
}
