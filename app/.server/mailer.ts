import type { Services } from "./services";
import { deliverDueMessages, enqueueMessage } from "~/models/outbox.server";

/** Where links in e-mails point: APP_URL when set, else the origin the request came to. */
export function siteOrigin(services: Services, request: Request) {
  return services.env.APP_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}

/** Queues the e-mail and tries to send it after the response; the outbox keeps it until it is sent. */
export async function sendEmail(
  services: Services,
  message: { to: string; subject: string; body: string },
) {
  const queued = await enqueueMessage(services.db, {
    channel: "email",
    recipient: message.to,
    subject: message.subject,
    body: message.body,
  });
  services.waitUntil(deliverDueMessages(services.db, services.env));
  return queued;
}
