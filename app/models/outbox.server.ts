import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { outbox, type OutboxMessage } from "~/.server/db/schema";
import type { Env } from "~/.server/env";

export const MAX_ATTEMPTS = 8;

export type NewMessage = {
  channel: "email" | "sms";
  recipient: string;
  subject?: string;
  body: string;
};

/** Writes the message; sending happens later (deliverDueMessages), so a provider outage loses nothing. */
export async function enqueueMessage(db: Database, message: NewMessage, now = Date.now()) {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, subject: message.subject ?? "", nextAttemptAt: new Date(now) })
    .returning();
  return row!;
}

/** Exponential back-off: 1 min, 2, 4 ... capped at 6 hours. */
export function nextAttemptDelayMs(attempts: number) {
  return Math.min(6 * 60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

type Send = (message: OutboxMessage, env: Env) => Promise<void>;

/** The provider boundary: one JSON POST per message to MAIL_API_URL. */
export const sendThroughProvider: Send = async (message, env) => {
  if (!env.MAIL_API_URL) throw new Error("no provider configured");
  const response = await fetch(env.MAIL_API_URL, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(env.MAIL_API_KEY ? { authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      channel: message.channel,
      from: env.MAIL_FROM,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      idempotencyKey: `outbox-${message.id}`,
    }),
  });
  if (!response.ok) throw new Error(`provider answered ${response.status}`);
};

/**
 * Sends what is due. Without a provider, messages simply wait in the outbox
 * (admins can read them there). Returns how many were sent.
 */
export async function deliverDueMessages(
  db: Database,
  env: Env,
  { now = Date.now(), limit = 20, send = sendThroughProvider }: { now?: number; limit?: number; send?: Send } = {},
) {
  if (!env.MAIL_API_URL) return 0;
  const due = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date(now))))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
  let sent = 0;
  for (const message of due) {
    const attempts = message.attempts + 1;
    try {
      await send(message, env);
      await db
        .update(outbox)
        .set({ status: "sent", attempts, sentAt: new Date(now), lastError: null })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (error) {
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(now + nextAttemptDelayMs(attempts)),
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}

export async function listOutbox(db: Database, { limit = 100 } = {}) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}
