import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { suppressions } from "~/.server/db/schema";
import { normalAddress, type SuppressionChannel, type SuppressionReason } from "~/lib/marketing";
import { inList } from "~/.server/db/in-list";
import { preparedQuery } from "~/.server/db/prepared";
import { recordAudit, type AuditEntry } from "./audit.server";

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

/** What a member's "Subscribe again" did: lifted their own unsubscribe, found none, or left a stop they may not lift. */
export type Resubscribed = { ok: true; lifted: boolean } | { ok: false; reason: Exclude<SuppressionReason, "unsubscribed"> };

/**
 * The member subscribes again (decision 142): only a suppression they asked for ("unsubscribed", from our link
 * or through the provider's) is lifted, in one conditional delete, so a bounce, a spam complaint or a STOP stays
 * whatever the member presses. The lift is the proof of consent: the audit log keeps who (the signed-in member,
 * or the holder of the address's signed link), how, when and from where.
 */
export async function subscribeAgain(
  db: Database,
  { address, actor, via, clientAddress, now = Date.now() }: { address: string; actor: AuditEntry["actor"]; via: "link" | "preferences"; clientAddress?: string; now?: number },
): Promise<Resubscribed> {
  const normal = normalAddress(address);
  const lifted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.channel, "email"), eq(suppressions.address, normal), eq(suppressions.reason, "unsubscribed")))
    .returning({ at: suppressions.at });
  if (!lifted.length) {
    const kept = await isSuppressed(db, { channel: "email", address: normal });
    return kept && kept.reason !== "unsubscribed" ? { ok: false, reason: kept.reason as Exclude<SuppressionReason, "unsubscribed"> } : { ok: true, lifted: false };
  }
  await recordAudit(
    db,
    {
      actor,
      action: "email.resubscribe",
      subjectType: "email-address",
      subjectId: normal,
      detail:
        via === "link"
          ? `Subscribed again to marketing e-mail and saved-search alerts through the signed unsubscribe link sent to this address (unsubscribed ${lifted[0]!.at.toISOString()})`
          : `Subscribed again to marketing e-mail and saved-search alerts from /preferences, signed in with this address (unsubscribed ${lifted[0]!.at.toISOString()})`,
      address: clientAddress,
    },
    now,
  );
  return { ok: true, lifted: true };
}
