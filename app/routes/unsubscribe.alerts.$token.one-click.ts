import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireAlertsToken } from "~/auth/alerts-token.server";
import { readForm } from "~/.server/body";
import { stopAlerts } from "~/models/saved-searches.server";
import { parseWithZod, unsubscribeSchema } from "~/lib/schemas/index.server";

/**
 * A mail client without one-click opens the header's link in a browser (a GET): it lands
 * on the stop-alerts page, whose button posts; a GET stops nothing. A forged token is not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireAlertsToken(args);
  return redirect(`/unsubscribe/alerts/${encodeURIComponent(args.params.token ?? "")}`);
}

/**
 * A digest's List-Unsubscribe target (RFC 8058), posted by the mail provider with no
 * cookie and a foreign Origin: a resource route, the signed token the authority.
 */
export async function action(args: ActionFunctionArgs) {
  const { services, claim } = await requireAlertsToken(args);
  const submission = parseWithZod(await readForm(args.request), { schema: unsubscribeSchema() });
  if (submission.status !== "success") return json({ error: "The body must be List-Unsubscribe=One-Click" }, { status: 400 });
  await stopAlerts(services.db, claim);
  return json({ unsubscribed: true });
}
