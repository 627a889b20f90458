import type { User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { answer, type Replier } from "~/.server/replies";
import { redirectWithNotification } from "~/auth/session.server";
import { canonicalQuery, savedSearchMessages } from "~/lib/saved-searches";
import { saveSearch } from "~/models/saved-searches.server";
import { tableView } from "~/models/table-view.server";

/** "Save this search": the filters the page shows (the URL over the member's saved view), under the name given. */
export async function saveThisSearch(services: Services, request: Request, { user, name, submission }: { user: User; name: string; submission: Replier }) {
  const view = await tableView(services, user.id, "projectSearch", request);
  const outcome = await saveSearch(services.db, { userId: user.id, name, query: canonicalQuery(view.filters) });
  if (!outcome.saved) return answer(submission.reply({ fieldErrors: { name: [savedSearchMessages[outcome.problem]] } }), 409);
  const url = new URL(request.url);
  return redirectWithNotification(services, request, url.pathname + url.search, `Search saved as “${name}”. New matches come in a daily e-mail.`);
}
