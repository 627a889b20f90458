import { inArray } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { outbox } from "~/.server/db/schema";
import type { SuppressionReason } from "~/lib/marketing";
import { suppress } from "./suppressions.server";

export const MAIL_EVENT_TYPES = ["delivered", "bounced", "complained", "unsubscribed"] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];
/** `type` is whatever the provider reported: the kinds not in MAIL_EVENT_TYPES (opened, deferred, ...) are ignored. */
export type MailEvent = { type: string; outboxId?: number; messageId?: string; email?: string };

const REASONS: Record<MailEventType, SuppressionReason | null> = { delivered: null, bounced: "bounced", complained: "complained", unsubscribed: "unsubscribed" };
const isKnown = (type: string): type is MailEventType => Object.hasOwn(REASONS, type);

/** The provider knows our message by the idempotency key we sent it, `outbox-<id>`. */
export function outboxIdOf(event: MailEvent) {
  if (event.outboxId) return event.outboxId;
  const match = /^outbox-(\d{1,12})$/.exec(event.messageId ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * Applies the provider's events: a bounce, complaint or unsubscribe suppresses the
 * address the message went to (our own record, not what the event claims, when we
 * know the message), so every later send skips it. Delivered events are acknowledged, and
 * events of other kinds counted as ignored.
 */
export async function applyMailEvents(db: Database, { events, now = Date.now() }: { events: MailEvent[]; now?: number }) {
  const ids = [...new Set(events.map(outboxIdOf).filter((id): id is number => id !== null))].slice(0, 100);
  const rows = ids.length
    ? await db.select({ id: outbox.id, recipient: outbox.recipient, channel: outbox.channel }).from(outbox).where(inArray(outbox.id, ids))
    : [];
  const recipientOf = new Map(rows.filter((r) => r.channel === "email").map((r) => [r.id, r.recipient]));
  let suppressed = 0;
  let unknown = 0;
  let ignored = 0;
  for (const event of events) {
    const type = event.type;
    if (!isKnown(type)) {
      ignored++;
      continue;
    }
    const id = outboxIdOf(event);
    const address = (id !== null ? recipientOf.get(id) : undefined) ?? (id === null ? event.email : undefined);
    if (!address) {
      unknown++;
      continue;
    }
    const reason = REASONS[type];
    if (!reason) continue;
    await suppress(db, { channel: "email", address, reason, now });
    suppressed++;
  }
  return { received: events.length, suppressed, unknown, ignored };
}
