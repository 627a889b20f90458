import type { User } from "~/.server/db/schema";
import { notFound } from "~/.server/http";
import type { Services } from "~/.server/services";
import { redirectWithNotification } from "~/auth/session.server";
import { primaryRole } from "~/lib/roles";
import { describeFilters, filtersOf, searchPathOf } from "~/lib/saved-searches";
import { deleteSavedSearch, listSavedSearches, setSearchAlerts } from "~/models/saved-searches.server";

/** The member's saved searches as the page lists them: the filters in words and the link that runs each. */
export async function savedSearchRows(services: Services, user: User) {
  const section = primaryRole(user.roles) === "broker" ? "brokers" : "buyers";
  const rows = await listSavedSearches(services.db, { userId: user.id });
  return rows.map((r) => ({ id: r.id, name: r.name, alerts: r.alerts, description: describeFilters(filtersOf(r.query)), href: searchPathOf(section, r.query) }));
}

type Step = { intent: "search-alerts"; searchId: number; alerts: "on" | "off" } | { intent: "delete-search"; searchId: number };

/** What the page says when alerts are switched on a search deleted meanwhile (another tab). */
const SEARCH_GONE = "This saved search was deleted: it sends no e-mail alerts.";

/**
 * Alerts on or off, or delete: only the member's own search (anyone else's is not found). A search
 * already deleted (a second click, another tab) lands back on the page: deleted, as the first said,
 * or, for its alerts, a word that it is gone.
 */
export async function changeSavedSearch(services: Services, request: Request, { user, step }: { user: User; step: Step }) {
  const ids = { userId: user.id, searchId: step.searchId };
  if (step.intent === "delete-search") {
    if (!(await deleteSavedSearch(services.db, ids))) throw notFound();
    return redirectWithNotification(services, request, "/preferences", "The saved search is deleted.");
  }
  const outcome = await setSearchAlerts(services.db, { ...ids, alerts: step.alerts === "on" });
  if (outcome === "not-found") throw notFound();
  if (outcome === "gone") return redirectWithNotification(services, request, "/preferences", SEARCH_GONE, "warning");
  return redirectWithNotification(services, request, "/preferences", step.alerts === "on" ? "E-mail alerts are on." : "E-mail alerts are off.");
}
