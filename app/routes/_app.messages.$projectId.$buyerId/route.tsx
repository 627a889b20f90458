import { Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { notFound, idParam, onlyAsks } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { ThreadView } from "~/components/deal/thread";
import { PageHeader } from "~/components/page-header";
import { dealsPath, NDA_APPROVED } from "~/lib/deal";
import { pageTitle } from "~/lib/meta";
import { errorMeta } from "~/components/error-boundary";
import { messageSchema } from "~/lib/schemas/index.server";
import { findContract } from "~/models/contracts.server";
import { markThreadRead, postMessage, readMarkerOf, threadMessages, threadPageOf } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { mayManageProject, projectWithId, seenByBuyers } from "~/models/projects.server";
import { boughtIt, findDealProject } from "~/models/buyer-deal.server";
import { findUserById } from "~/models/users.server";
import { permissionsOnProject } from "~/models/seller-permissions.server";
import { readForm } from "~/.server/body";
import { randomToken } from "~/.server/crypto";
import type { Database } from "~/.server/db";
import { parseWithZod } from "~/lib/schemas/index.server";
import type { ClosedListing } from "~/components/closed-listing.server";
import { closedListingAnswer } from "../_app.buyers.myprojects.$id/closed-listing.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [{ title: pageTitle(data ? `Messages: ${data.project.projectName}` : "Messages") }]);

/**
 * A thread is the buyer's (with an approved NDA), the project's seller's and the
 * admins'; the seller's colleagues read it with "view" and write with "offers"
 * (decision 027); for anyone else it does not exist. On a sold listing its buyer's thread stays for
 * both sides to read, and takes no new message (decision 092).
 */
async function requireThread<Extra = undefined>(
  args: GuardArgs,
  needs: "view" | "offers",
  beside?: (thread: { db: Database; projectId: number; buyerId: number; userId: number }) => Promise<Extra>,
) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const projectId = idParam(args.params, "projectId");
  const buyerId = idParam(args.params, "buyerId");
  const isBuyer = user.id === buyerId;
  // what the check needs and the page's own reads go together (on D1, one call); what they found is
  // used only once the check has passed
  const [deal, colleague, contract, buyer, extra] = await Promise.all([
    findDealProject(services.db, { id: user.id, role }, projectId),
    // a member who buys and sells acts here as a buyer: a colleague's thread is theirs to read as a seller all the same
    isBuyer || !user.roles.includes("ROLE_SELLER") ? null : permissionsOnProject(services.db, { userId: user.id, projectId }),
    findContract(services.db, { projectId, buyerId }),
    findUserById(services.db, buyerId),
    beside ? beside({ db: services.db, projectId, buyerId, userId: user.id }) : (undefined as Extra),
  ]);
  // a colleague who may view a teammate's project reads its threads in any status, as its desk (whose
  // links lead here) shows it: a withdrawn or sold one is not among the projects a seller sees; and the
  // buyer reads their own past conversation on a listing that left the market for them (withdrawn, sold
  // to another): it takes no new message, and says why
  const project = deal?.project ?? (colleague?.has("view") || isBuyer ? await projectWithId(services.db, projectId) : null);
  if (!project || (!deal && isBuyer && !LEFT_MARKET.includes(project.status))) throw notFound();
  const manages = mayManageProject({ id: user.id, role }, project);
  const may = manages ? null : colleague;
  if (!isBuyer && !manages && !may?.has(needs)) throw notFound();
  if (contract?.ndaStatus !== NDA_APPROVED || !buyer) throw notFound();
  // on a project buyers no longer see (withdrawn, sold) the buyer cannot open the thread, unless the
  // sale was theirs (decision 092): the seller's side still reads it, and writes nothing the buyer
  // could not answer; nor does the buyer of a sold listing write in it
  const open = seenByBuyers(project);
  // the buyer who bought it was told so by their own guard (findDealProject); the seller's side asks
  const soldToBuyer = project.status === "sold" && (deal?.soldToViewerAt != null || (await boughtIt(services.db, { projectId, buyerId })));
  const closedNote = open
    ? null
    : soldToBuyer
      ? (isBuyer ? "The listing is sold to you" : "The listing is sold to this buyer") + SOLD
      : isBuyer
        ? `${project.projectName} ${project.status === "withdrawn" ? "was withdrawn" : "is no longer available to you"}${GONE}`
        : NOT_OPEN;
  // what a step refused to its buyer names (decision 116): the listing, why, and their deals
  const gone: ClosedListing | null = isBuyer && !open && !soldToBuyer ? { projectName: project.projectName, withdrawn: project.status === "withdrawn", dealsPath: dealsPath(user.roles) } : null;
  return { services, user, project, buyer, open, soldToBuyer, gone, closedNote, canWrite: open && (!may || may.has("offers")), extra };
}

/** Where the buyer's thread stays theirs to read once the listing left the market for them. */
const LEFT_MARKET: readonly string[] = ["withdrawn", "sold"];
const NOT_OPEN = "The project is no longer open to buyers: the thread stays for both sides to read, and takes no new messages.";
const SOLD = ": the thread stays for both sides to read, and takes no new messages.";
const GONE = ": your conversation stays for you to read, and takes no new messages.";

export async function loader(args: LoaderFunctionArgs) {
  const before = threadPageOf(args.request);
  const { services, user, project, buyer, open, closedNote, canWrite, extra } = await requireThread(args, "view", ({ db, projectId, buyerId, userId }) =>
    Promise.all([threadMessages(db, { projectId, buyerId, before }), readMarkerOf(db, { projectId, buyerId, userId })]),
  );
  const [{ messages, earlier }, readUpTo] = extra;
  // read as far as it is shown: written only when that moves the reader's marker, so an earlier
  // page never takes it back, nor marks the newer messages it did not show
  const shownUpTo = messages.at(-1)?.id ?? 0;
  if (shownUpTo > readUpTo && !onlyAsks(args.request)) services.waitUntil(markThreadRead(services.db, { projectId: project.id, buyerId: buyer.id, userId: user.id, shownUpTo }));
  return {
    project: { id: project.id, projectName: project.projectName },
    buyer: { name: buyer.name, company: buyer.company },
    messages,
    earlier,
    paged: before !== undefined,
    me: user.id,
    canWrite,
    closed: !open,
    closedNote,
    // the message form's one-time key (decision 083): a new one each showing, so after a send the next message is a new one
    submissionKey: randomToken(16),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, project, buyer, open, soldToBuyer, gone } = await requireThread(args, "offers");
  const submission = parseWithZod(await readForm(args.request), { schema: messageSchema() });
  // the buyer's message to a listing gone since their page was read: 410, what they typed kept (decision 116)
  if (gone) return closedListingAnswer(args.request, submission, gone, "message");
  if (submission.status !== "success") return invalid(submission);
  if (!open) return refuse(submission, soldToBuyer ? "The listing is sold: this thread takes no new messages." : "The project is no longer open to buyers: this thread takes no new messages.", 409);
  // a repeat of the same form (its key) stores and tells nothing more, and lands where the first did
  await postMessage(dealServices(services), project, buyer, user, submission.value.body, submission.value.key || null);
  return redirectWithNotification(services, args.request, `/messages/${project.id}/${buyer.id}`, "Message sent.");
}

export default function ThreadPage() {
  const { project, buyer, messages, earlier, paged, me, canWrite, closedNote, submissionKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader title={project.projectName} />
      <p className="text-sm text-slate-600">
        Negotiation with {buyer.name} ({buyer.company}) · <Link to="/messages" className="link">All messages</Link>
      </p>
      {closedNote ? (
        <p role="status" className="text-sm text-slate-600">
          {closedNote}
        </p>
      ) : null}
      <section className="card">
        <ThreadView messages={messages} earlier={earlier} paged={paged} me={me} submissionKey={submissionKey} lastResult={result} schema={() => import("~/lib/schemas/deal").then((m) => m.messageSchema())} readOnly={!canWrite} />
      </section>
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";
