import type { Services } from "~/.server/services";
import type { Project, User } from "~/.server/db/schema";
import { clientAddress } from "~/.server/http";
import { refuse, type Replier } from "~/.server/replies";
import { redirectWithNotification } from "~/auth/session.server";
import { isProjectBuyerSort } from "~/lib/project-buyers";
import type { ProjectBuyersIntent } from "~/lib/schemas/project-buyers";
import { projectMatchesFor } from "~/models/matches.server";
import { pageOrLast } from "~/models/list-query.server";
import { allInvitable, INVITE_BUYERS_ONLY, invitationNotice, inviteToView } from "~/models/project-invitations.server";
import { handleTableAction, listView } from "~/models/table-view.server";
import { buyerPagerMarkup, buyerRowsBody } from "./buyer-rows.server";

/** The project's matched buyers as this admin sees the table: their columns and sort, a page at a time. */
export async function buyerTable(services: Services, { user, projectId, request }: { user: User; projectId: number; request: Request }) {
  const { view, query } = await listView(services, { reader: user, table: "projectBuyers", request });
  // a page past the last (a stale link after matches dropped away, a made-up `?page=`) is the last, as the
  // seller's list of the same buyers is: not "No buyer's criteria match" under "2,451–269 of 269"
  const matched = await pageOrLast(
    (page) =>
      projectMatchesFor(services.db, {
        projectId,
        admin: true,
        page,
        pageSize: query.pageSize,
        sort: isProjectBuyerSort(view.sortBy) ? view.sortBy : "score",
        desc: view.sortDesc,
      }),
    query.page,
  );
  const { rows, page, pageSize, total } = matched;
  return { pager: buyerPagerMarkup({ page, pageSize, total }, new URL(request.url)), body: buyerRowsBody(rows, view), count: rows.length, view };
}

/** The buyer table's forms: its columns, and "Invite to view" for the ticked companies. */
export async function buyerTableAction(
  services: Services,
  request: Request,
  { user, project }: { user: User; project: Project },
  submission: Replier,
  step: ProjectBuyersIntent,
) {
  if (step.intent !== "invite") return handleTableAction(services, user.id, step, request);
  if (project.status !== "published") return refuse(submission, "Only a published project can be sent to buyers.", 409);
  if (!(await allInvitable(services.db, step.customerId))) return refuse(submission, INVITE_BUYERS_ONLY, 400);
  const outcome = await inviteToView(services, { project, customerIds: step.customerId, actor: user, address: clientAddress(request) });
  // back to the page as it was (its page and sort)
  const url = new URL(request.url);
  return redirectWithNotification(services, request, url.pathname + url.search, invitationNotice(outcome), outcome.invited.length ? "success" : "info");
}
