import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import * as z from "zod";
import { apiError, apiJson, beginApiRequest, readSignedWebhookJson } from "~/auth/api.server";
import { applyMailEvents } from "~/models/mail-events.server";
import { once } from "~/lib/once";

const event = once(() => z.object({
  // any kind the provider reports (opened, deferred, ...): those we do not act on are acknowledged, so a
  // batch that carries one beside a bounce is not refused whole, and retried, with the bounce in it
  type: z.string().min(1).max(60),
  outboxId: z.number().int().positive().optional(),
  messageId: z.string().max(100).optional(),
  email: z.string().email().max(320).optional(),
}));
const payload = once(() => z.union([z.object({ events: z.array(event()).min(1).max(100) }), event().transform((e) => ({ events: [e] }))]));

/**
 * The mail provider's event webhook: bounced, complained and unsubscribed addresses go
 * on the e-mail suppression list; other kinds of event are counted as ignored. Signed with
 * MAIL_WEBHOOK_SECRET (401 otherwise).
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "mail-webhook");
  const read = await readSignedWebhookJson(services, args.request, services.env.MAIL_WEBHOOK_SECRET);
  if ("refused" in read) return read.refused;
  const parsed = payload().safeParse(read.json);
  if (!parsed.success) return apiError(services, 400, 'Expected {"events": [{"type": delivered|bounced|complained|unsubscribed, "outboxId" or "messageId"}]}');
  return apiJson(services, { data: await applyMailEvents(services.db, { events: parsed.data.events }) });
}

/** A GET (a person checking the URL, a provider's probe): the webhook takes posts only. */
export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "mail-webhook");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
