import type { MetaFunction, ShouldRevalidateFunction } from "@remix-run/react";
import { loanTapeMarkup } from "~/components/loan-tape-table.server";
import { offersWithSummaries } from "~/components/deal/offers.server";
import { projectSummaryMarkup } from "~/components/project-facts.server";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireWorkspace, requireWorkspaceStep } from "~/auth/project-guards.server";
import { clientAddress, onlyAsks } from "~/.server/http";
import { randomToken } from "~/.server/crypto";
import { dealSectionOf } from "~/lib/deal-section.server";
import { pageTitle } from "~/lib/meta";
import { errorMeta } from "~/components/error-boundary";
import { projectDocumentsPage } from "~/models/data-room.server";
import { listPageOf } from "~/models/list-query.server";
import { dataRoomPagerMarkup } from "./data-room-pager.server";
import { soldNoticeMarkup } from "./sold-notice.server";
import { findPass } from "~/models/feedback.server";
import { readMarkerOf, threadMessages, threadPageOf } from "~/models/negotiations.server";
import { offersOnProject } from "~/models/offers.server";
import { loanTape } from "~/models/loan-tapes.server";
import { workspaceIntent } from "./intents.server";
import { recordWorkspaceVisit } from "./visit.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [{ title: pageTitle(data?.project.projectName ?? "Project") }]);

/**
 * The buyer's side of a deal (a broker's at /brokers/myprojects/{id}): the full listing,
 * the data room, the thread with the seller, offers; only with an approved NDA. On a sold listing,
 * its buyer's alone, to read: it takes no new step (decision 092).
 */
export async function loader(args: LoaderFunctionArgs) {
  const section = dealSectionOf(args.request);
  const before = threadPageOf(args.request);
  const url = new URL(args.request.url);
  // the data room a page at a time (`?documents=`), as the seller's desk lists it
  const documentsPage = listPageOf(url, "documents");
  // the page's reads start with the guard's: only the member's own thread, offers and pass, and
  // what the data room and the tape hold, shown only once the NDA is found approved
  const { services, user, project, soldToViewerAt, contract, extra } = await requireWorkspace(args, section, ({ db, projectId, buyerId }) =>
    Promise.all([
      projectDocumentsPage(db, { projectId, page: documentsPage }),
      threadMessages(db, { projectId, buyerId, before }),
      offersOnProject(db, { projectId, buyerId }),
      loanTape(db, projectId, { limit: 500 }),
      findPass(db, { projectId, buyerId }),
      readMarkerOf(db, { projectId, buyerId, userId: buyerId }),
    ]),
  );
  const [roomDocuments, { messages: thread, earlier }, offers, tape, pass, readUpTo] = extra;
  const { rows: documents, ...documentsPaging } = contract.dataRoomBlocked ? { rows: [], total: 0, page: 1, pageSize: roomDocuments.pageSize } : roomDocuments;
  // the tape's loan-level lines are the data room's (the teaser promises them there after the NDA): a closed room hides them too
  const tapeShown = project.kind === "loan_pool" && !contract.dataRoomBlocked;
  const loans = tapeShown ? tape : [];
  if (!onlyAsks(args.request)) {
    recordWorkspaceVisit(services, {
      projectId: project.id,
      buyerId: user.id,
      ipAddress: clientAddress(args.request),
      dataRoomOpen: !contract.dataRoomBlocked,
      lastShownMessage: thread.at(-1)?.id ?? 0,
      readUpTo,
    });
  }
  return {
    // what the page names; the listing is in its summary: a buyer's data carries no seller's figures
    // (views, the project's NDAs and bids), which other buyers make
    project: { id: project.id, projectName: project.projectName, status: project.status, kind: project.kind },
    summary: projectSummaryMarkup(project),
    // the sale, drawn on the server; and the page offers no step: no message, offer or pass
    sale: soldToViewerAt ? soldNoticeMarkup(soldToViewerAt) : null,
    readOnly: soldToViewerAt !== null,
    contract: { envelopeId: contract.envelopeId, signedAt: contract.signedAt, dataRoomBlocked: contract.dataRoomBlocked },
    documents,
    documentsPager: dataRoomPagerMarkup(documentsPaging, url),
    thread,
    earlier,
    paged: before !== undefined,
    offers: offersWithSummaries(offers, "buyer"),
    loanTape: tapeShown ? loanTapeMarkup({ loans, count: project.tapeLoans }) : null,
    passedAt: pass?.createdAt ?? null,
    me: user.id,
    // the message form's one-time key (decision 083): a new one each showing, so after a send the next message is a new one
    submissionKey: randomToken(16),
    dealsPath: `/${section}/myprojects/index_new`,
  };
}

export async function action(args: ActionFunctionArgs) {
  return workspaceIntent(args, await requireWorkspaceStep(args, dealSectionOf(args.request)));
}

/** After a step refused because the listing left the market, the page stays as it is: reading it again would leave it, and the text typed with it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => (actionResult?.closed ? false : defaultShouldRevalidate);

export { WorkspacePage as default } from "./workspace";

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";
