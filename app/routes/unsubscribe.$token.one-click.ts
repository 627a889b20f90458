import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { readForm } from "~/.server/body";
import { notFound } from "~/.server/http";
import { readUnsubscribeToken } from "~/.server/unsubscribe-token";
import { suppress } from "~/models/suppressions.server";
import { parseWithZod, unsubscribeSchema } from "~/lib/schemas/index.server";

/**
 * A mail client without one-click opens the header's link in a browser (a GET, RFC 2369):
 * it lands on the unsubscribe page, whose button posts. A GET writes nothing (mail
 * scanners open every link of a message, RFC 8058 §3.2); a forged token is not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  const token = args.params.token ?? "";
  if (!(await readUnsubscribeToken(services.env.SESSION_SECRET, token))) throw notFound();
  return redirect(`/unsubscribe/${encodeURIComponent(token)}`);
}

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
  const submission = parseWithZod(await readForm(args.request), { schema: unsubscribeSchema() });
  if (submission.status !== "success") return json({ error: "The body must be List-Unsubscribe=One-Click" }, { status: 400 });
  await suppress(services.db, { channel: "email", address, reason: "unsubscribed" });
  return json({ unsubscribed: true });
}
