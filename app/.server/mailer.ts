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

/** The channels whose provider is configured; the others' messages wait in the outbox. */
export function configuredChannels(env: Pick<Env, "MAIL_API_URL" | "SMS_API_URL">) {
  return [...(env.MAIL_API_URL ? (["email"] as const) : []), ...(env.SMS_API_URL ? (["sms"] as const) : [])];
}

/** The provider refused this message for good (a 4xx other than 429): retrying would be refused again. */
export class ProviderRefused extends Error {
  name = "ProviderRefused";
}

/**
 * The provider boundary: one JSON POST per message, e-mail to MAIL_API_URL and SMS
 * to SMS_API_URL; the outbox id as idempotency key, so a retry after a lost answer is
 * not delivered twice by a provider that honours it.
 */
export const sendThroughProvider: Send = async (message, env) => {
  const sms = message.channel === "sms";
  const url = sms ? env.SMS_API_URL : env.MAIL_API_URL;
  const key = sms ? env.SMS_API_KEY : env.MAIL_API_KEY;
  if (!url) throw new Error("no provider configured");
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(
      sms
        ? { channel: "sms", to: message.recipient, text: message.body, idempotencyKey: `outbox-${message.id}` }
        : {
            channel: message.channel,
            from: env.MAIL_FROM,
            to: message.recipient,
            subject: message.subject,
            text: message.body,
            // a campaign's body drawn from its Markdown: the provider sends both parts (multipart/alternative)
            ...(message.html ? { html: message.html } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
            idempotencyKey: `outbox-${message.id}`,
          },
    ),
  });
  if (response.ok) return;
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
  throw new (permanent ? ProviderRefused : Error)(`provider answered ${response.status}`);
};
