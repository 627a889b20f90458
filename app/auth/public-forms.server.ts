import { clientAddress } from "~/.server/http";
import type { Services } from "~/.server/services";
import { passesCaptcha } from "./captcha.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { HONEYPOT_FIELD } from "~/lib/inbound";


export const PUBLIC_FORM_MESSAGES = {
  captcha: "Please complete the check that you are not a robot.",
  rateLimited: "Too many messages from your address. Please try again later.",
} as const;

/**
 * The checks every public form makes before it keeps anything: the honeypot (a bot
 * is thanked and nothing is kept), Turnstile when it is keyed, and a rate limit per
 * client address and form.
 */
export async function checkPublicForm(services: Services, request: Request, formData: FormData, form: string) {
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return { ok: false as const, bot: true as const };
  const address = clientAddress(request);
  if (!(await passesCaptcha(services.env, formData, address))) {
    return { ok: false as const, status: 400, message: PUBLIC_FORM_MESSAGES.captcha };
  }
  const limit = await hitRateLimit(services.db, `${form}:${address}`, { limit: 20, windowMs: 60 * 60_000 });
  if (!limit.allowed) return { ok: false as const, status: 429, message: PUBLIC_FORM_MESSAGES.rateLimited };
  return { ok: true as const };
}
