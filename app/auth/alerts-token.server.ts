import { notFound } from "~/.server/http";
import { readAlertsUnsubscribeToken } from "~/.server/unsubscribe-token";
import { allowAnyone, type GuardArgs } from "./guards.server";

/**
 * A saved-search alerts link: it works signed out (the signed token is the authority,
 * naming one search or one member's alerts), and a forged one is not found.
 */
export async function requireAlertsToken(args: GuardArgs) {
  const { services } = await allowAnyone(args);
  const claim = await readAlertsUnsubscribeToken(services.env.SESSION_SECRET, args.params?.token ?? "");
  if (!claim) throw notFound();
  return { services, claim };
}
