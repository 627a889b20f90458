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

/** Alerts on or off, or delete: only the member's own search (anyone else's is not found). */
export async function changeSavedSearch(services: Services, request: Request, { user, step }: { user: User; step: Step }) {
  const ids = { userId: user.id, searchId: step.searchId };
  const done =
    step.intent === "delete-search"
      ? await deleteSavedSearch(services.db, ids)
      : await setSearchAlerts(services.db, { ...ids, alerts: step.alerts === "on" });
  if (!done) throw notFound();
  const message = step.intent === "delete-search" ? "The saved search is deleted." : step.alerts === "on" ? "E-mail alerts are on." : "E-mail alerts are off.";
  return redirectWithNotification(services, request, "/preferences", message);
}
