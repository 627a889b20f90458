import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import * as z from "zod";
import { apiError, apiJson, beginApiRequest, readSignedWebhookJson } from "~/auth/api.server";
import { e164, isStopMessage } from "~/lib/sms";
import { suppress } from "~/models/suppressions.server";
import { once } from "~/lib/once";

const inbound = once(() => z.object({ from: z.string().max(40), text: z.string().max(2000) }));

/**
 * The SMS provider's inbound-message webhook: a reply of STOP (or a carrier synonym)
 * puts the number on the SMS suppression list, so no later campaign texts it. Other
 * replies are acknowledged and dropped. Signed with SMS_WEBHOOK_SECRET (401 otherwise).
 */
export async function action(args: ActionFunctionArgs) {
  const services = await beginApiRequest(args, "sms-webhook");
  const read = await readSignedWebhookJson(services, args.request, services.env.SMS_WEBHOOK_SECRET);
  if ("refused" in read) return read.refused;
  const parsed = inbound().safeParse(read.json);
  const from = parsed.success ? e164(parsed.data.from) : null;
  if (!parsed.success || !from) return apiError(services, 400, 'Expected {"from": an international number, "text"}');
  const stop = isStopMessage(parsed.data.text);
  if (stop) await suppress(services.db, { channel: "sms", address: from, reason: "stop" });
  return apiJson(services, { data: { from, suppressed: stop } });
}

/** A GET (a person checking the URL, a provider's probe): the webhook takes posts only. */
export async function loader(args: LoaderFunctionArgs) {
  const services = await beginApiRequest(args, "sms-webhook");
  return apiError(services, 405, "Method not allowed", { Allow: "POST" });
}
