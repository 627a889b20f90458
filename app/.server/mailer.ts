import type { Services } from "./services";
import { deliverDueMessages, enqueueMessage } from "~/models/outbox.server";
export { secretPlaceholder } from "~/models/outbox.server";

/**
 * Where links in e-mails point: the configured origin, resolved once at boot. Never
 * the request's Host or X-Forwarded-Host, which a client chooses.
 */
export function siteOrigin(services: Pick<Services, "env">) {
  return services.env.APP_URL;
}

/** Queues the e-mail and tries to send it after the response; the outbox keeps it until it is sent. */
export async function sendEmail(
  services: Services,
  message: { to: string; subject: string; body: string; secrets?: Record<string, string> },
) {
  const queued = await enqueueMessage(services.db, services.env, {
    channel: "email",
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    secrets: message.secrets,
  });
  services.waitUntil(deliverDueMessages(services.db, services.env));
  return queued;
}
