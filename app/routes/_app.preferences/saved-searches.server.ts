import type { User } from "~/.server/db/schema";
import { hmacSha256, timingSafeEqual, toBase64Url } from "~/.server/crypto";
import { clientAddress, notFound } from "~/.server/http";
import { answer, type Replier } from "~/.server/replies";
import type { Services } from "~/.server/services";
import { redirectWithNotification } from "~/auth/session.server";
import { primaryRole } from "~/lib/roles";
import { describeFilters, filtersOf, searchPathOf } from "~/lib/saved-searches";
import { deleteSavedSearch, listSavedSearches, setSearchAlerts } from "~/models/saved-searches.server";
import { isSuppressed, subscribeAgain } from "~/models/suppressions.server";

/**
 * Why the member's address gets no saved-search e-mail whatever their searches' switches say: it is on the
 * suppression list (unsubscribed from our e-mail, bounced, marked it as spam), which digests respect (decision 020).
 * The page said "Daily e-mail on" and nothing came.
 */
export async function digestsStopped(services: Services, user: User) {
  const row = await isSuppressed(services.db, { channel: "email", address: user.email });
  return row ? { address: user.email, reason: row.reason as "unsubscribed" | "bounced" | "complained", at: row.at.toISOString() } : null;
}

const STOPPED_HOW = { bounced: "mail to it bounced", complained: "our e-mail to it was marked as spam", stop: "it was stopped" } as const;

/**
 * "Subscribe again": the signed-in member lifts their own address's unsubscribe (decision 142). A bounce or a
 * spam complaint stays: the page says so and offers no button, and a post that comes anyway is refused (409).
 */
export async function resubscribeMember(services: Services, request: Request, { user, submission }: { user: User; submission: Replier }) {
  const outcome = await subscribeAgain(services.db, { address: user.email, actor: user, via: "preferences", clientAddress: clientAddress(request) });
  if (!outcome.ok) return answer(submission.reply({ formErrors: [`${user.email} cannot be subscribed again here: ${STOPPED_HOW[outcome.reason]}. To get our e-mail there again, contact us.`] }), 409);
  return redirectWithNotification(services, request, "/preferences", "You are subscribed again: our e-mail, and your saved searches' alerts, come to you once more.");
}

/**
 * The page's proof, in each search's forms, that it listed this search to this member: an HMAC of
 * both ids, nothing stored. A search a member deleted (a second click, another tab) comes back with
 * it and reads as done; any other id the member has no search of is not found, whether another
 * member has it or nobody does, so that walking ids tells nothing.
 */
const shownKey = (secret: string) => `saved-search-shown:${secret}`;
const proofOf = async (secret: string, userId: number, searchId: number) => toBase64Url(await hmacSha256(shownKey(secret), `${userId}:${searchId}`));

async function wasShown(services: Services, userId: number, searchId: number, shown: string | undefined) {
  if (!shown) return false;
  return timingSafeEqual(new TextEncoder().encode(shown), new TextEncoder().encode(await proofOf(services.env.SESSION_SECRET, userId, searchId)));
}

/** The member's saved searches as the page lists them: the filters in words, the link that runs each, and its forms' proof. */
export async function savedSearchRows(services: Services, user: User) {
  const section = primaryRole(user.roles) === "broker" ? "brokers" : "buyers";
  const rows = await listSavedSearches(services.db, { userId: user.id });
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      alerts: r.alerts,
      description: describeFilters(filtersOf(r.query)),
      href: searchPathOf(section, r.query),
      shown: await proofOf(services.env.SESSION_SECRET, user.id, r.id),
    })),
  );
}

type Step = { intent: "search-alerts"; searchId: number; shown?: string; alerts: "on" | "off" } | { intent: "delete-search"; searchId: number; shown?: string };

/** What the page says when alerts are switched on a search deleted meanwhile (another tab). */
const SEARCH_GONE = "This saved search was deleted: it sends no e-mail alerts.";

/**
 * Alerts on or off, or delete: only the member's own search. One the member no longer has lands back
 * on the page when the page had listed it to them (deleted, as the first click said, or, for its
 * alerts, a word that it is gone); any other is not found.
 */
export async function changeSavedSearch(services: Services, request: Request, { user, step }: { user: User; step: Step }) {
  const ids = { userId: user.id, searchId: step.searchId };
  const done =
    step.intent === "delete-search" ? await deleteSavedSearch(services.db, ids) : await setSearchAlerts(services.db, { ...ids, alerts: step.alerts === "on" });
  if (!done && !(await wasShown(services, user.id, step.searchId, step.shown))) throw notFound();
  if (step.intent === "delete-search") return redirectWithNotification(services, request, "/preferences", "The saved search is deleted.");
  if (!done) return redirectWithNotification(services, request, "/preferences", SEARCH_GONE, "warning");
  return redirectWithNotification(services, request, "/preferences", step.alerts === "on" ? "E-mail alerts are on." : "E-mail alerts are off.");
}
