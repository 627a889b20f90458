import type { OutboxMessage } from "./db/schema";
import type { Env } from "./env";
import type { Services } from "./services";

/**
 * Where links in e-mails point: the configured origin, resolved once at boot. Never
 * the request's Host or X-Forwarded-Host, which a client chooses.
 */
export function siteOrigin(services: Pick<Services, "env">) {
  return services.env.APP_URL;
}

export type Send = (message: OutboxMessage, env: Env) => Promise<void>;

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
      ...(message.headers ? { headers: message.headers } : {}),
      idempotencyKey: `outbox-${message.id}`,
    }),
  });
  if (!response.ok) throw new Error(`provider answered ${response.status}`);
};
