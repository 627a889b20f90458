import { json, type ActionFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { notFound } from "~/.server/http";
import { readUnsubscribeToken } from "~/.server/unsubscribe-token";
import { suppress } from "~/models/suppressions.server";
import { parseWithZod, unsubscribeSchema } from "~/lib/schemas/index.server";

/**
 * The List-Unsubscribe header's target (RFC 8058): the mail provider posts
 * `List-Unsubscribe=One-Click` from its own servers, with whatever Origin, no cookie
 * and no page to show. A resource route, so Remix's document CSRF check (which a
 * foreign Origin trips) does not apply; the signed token is the authority.
 */
export async function action(args: ActionFunctionArgs) {
  const { services } = await allowAnyone(args);
  const address = await readUnsubscribeToken(services.env.SESSION_SECRET, args.params.token ?? "");
  if (!address) throw notFound();
  const submission = parseWithZod(await readForm(args.request), { schema: unsubscribeSchema });
  if (submission.status !== "success") return json({ error: "The body must be List-Unsubscribe=One-Click" }, { status: 400 });
  await suppress(services.db, { channel: "email", address, reason: "unsubscribed" });
  return json({ unsubscribed: true });
}
