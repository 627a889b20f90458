import { Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { errorMeta, ListPageErrorBoundary } from "~/components/error-boundary";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { grantedReads } from "~/.server/platform/granted-reads";
import { invalid, refuse } from "~/.server/replies";
import { requireProjectSection } from "~/auth/project-guards.server";
import { FormErrors } from "~/components/forms";
import { WithdrawButton } from "~/components/withdraw-button";
import { StaticHtml } from "~/components/static-html";
import { useStaticForms } from "~/components/static-forms";
import { sellerOverviewMarkup } from "./overview.server";
import { formErrorsOf, resultFor } from "~/lib/action-result";
import { pageTitle } from "~/lib/meta";
import { sellerMatchesFor } from "~/models/matches.server";
import { afterListingStep, listingStepRefusal } from "~/models/listing-steps.server";
import { matchedBuyersMarkup } from "~/components/matched-buyers.server";
import { EDITABLE, seenByBuyers, sellerOfProject } from "~/models/projects.server";
import { withdrawProject } from "~/models/project-withdrawal.server";
import { markProjectSold, NOT_UNDER_OFFER, reopenProject } from "~/models/project-sale.server";
import { saleFormsMarkup } from "~/components/sale-forms.server";
import { dealServices } from "~/models/notifications.server";
import { tapeCompletenessOf } from "~/models/loan-tapes.server";
import type { ProjectStatus } from "~/lib/project-kinds";
import { findTeamProject, findTeamProjectFor } from "~/models/seller-permissions.server";
import { permissionFlags, type SellerPermission } from "~/lib/seller-permissions";
import { DESK_PERMISSION, deskAction, deskData, deskForViewer, readDeskForm } from "./desk.server";
import { DealDesk } from "./desk";
import { likelyBidders } from "~/models/likely-bidders.server";
import { parseWithZod, sellerProjectSchema } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [{ title: pageTitle(data?.project.projectName || "Project") }]);

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const id = idParam(args.params);
  const url = new URL(args.request.url);
  const page = pageNumber(url.searchParams.get("page"));
  // a listed project's reads, bound to its seller by a query (nothing of them is sent unless the
  // project is the member's): on D1 they start beside the project's own, on Node after it
  const listedReads = grantedReads(services, () =>
    Promise.all([deskData(services, { id, sellerId: sellerOfProject(id) }, user, role, url), sellerMatchesFor(services.db, { projectId: id, page })]),
  );
  const found = await findTeamProjectFor(services.db, user, id);
  if (!found) throw notFound();
  const { project } = found;
  const pool = project.kind === "loan_pool";
  const listed = showsDesk(project.status);
  const [desk, matched] = listed ? await listedReads() : [null, null];
  // kept on the project by triggers (migration 0043)
  const counts = listed ? { ndas: project.ndaCount, negotiations: project.negotiationCount, bids: project.bidCount } : null;
  // before it is listed, a project has no stored matches: its likely bidders are scored on the fly
  const bidders = listed ? null : await likelyBidders(services.db, { project });
  const may = permissionFlags(found.may);
  const buyersSee = seenByBuyers(project);
  return {
    project: { id: project.id, projectName: project.projectName, status: project.status, buyersSee },
    overview: sellerOverviewMarkup({ project, loans: pool ? project.tapeLoans : 0, completeness: pool ? tapeCompletenessOf(project) : null, counts }),
    editable: EDITABLE.includes(project.status),
    desk: desk && deskForViewer(desk, project.id, { admin: false, decide: may.ndas, dataRoom: may.dataRoom, approvable: buyersSee }),
    matched: matched ? matchedBuyersMarkup(matched, url) : null,
    bidders: bidders
      ? matchedBuyersMarkup(
          {
            rows: bidders,
            page: 1,
            pageSize: bidders.length,
            total: bidders.length,
            id: "likely-bidders",
            title: "Buyers likely to bid",
            intro: "The buyer companies whose criteria this project fits best, as it stands now. Their names stay hidden until one signs the NDA.",
          },
          url,
        )
      : null,
    // the sale's ends are for those who may answer its offers
    sale: may.offers ? saleFormsMarkup(project.status) : null,
    may,
    ownsDraft: project.sellerId === user.id,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const id = idParam(args.params);
  const found = await findTeamProject(services.db, { userId: user.id, projectId: id });
  if (!found) throw notFound();
  const { project, may } = found;
  const form = await readDeskForm(args.request);
  if (!(form instanceof FormData)) return form;
  // a colleague without the permission is told nothing more than a stranger would be, whatever else
  // the form holds: the intent alone names the permission, so it is weighed before the fields (whose
  // errors would tell what the step takes), every intent sent so that a repeated field cannot pass on
  // one and act on another. The NDA template is the admin's step (their page alone offers it): a
  // seller who posts it gets the same 404
  const needed = form.getAll("intent").map(permissionForIntent);
  if (needed.some((p) => p === "admin" || (p && !may.has(p)))) throw notFound();
  const submission = parseWithZod(form, { schema: sellerProjectSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  // the desk's steps where the page shows it: a draft's (or a returned or submitted listing's) data
  // room took files posted by hand, which no page lists and buyers would find once it is published
  if (!LISTING_STEPS.has(step.intent) && !showsDesk(project.status)) {
    const dataRoom = step.intent === "upload-document" || step.intent === "delete-document";
    return refuse(submission, `The ${dataRoom ? "data room opens" : "deal desk opens"} once the project is published.`, 409);
  }
  // back to the page as it was: which page of each of the desk's lists (`?ndas=3&offers=2`)
  const here = `/sellers/myprojects/${id}${new URL(args.request.url).search}`;
  switch (step.intent) {
    case "withdraw": {
      const withdrawn = await withdrawProject(dealServices(services), { projectId: id, actorId: user.id, sellerId: project.sellerId });
      if (!withdrawn) return refuse(submission, await listingStepRefusal(services.db, id, "withdraw"), 409);
      await afterListingStep(services.db, { actor: user, projectId: id, step: "project.withdraw", detail: project.projectName, address: clientAddress(args.request), from: project.status });
      return redirectWithNotification(services, args.request, here, "The project is withdrawn.");
    }
    case "mark-sold":
    case "fell-through": {
      const sold = step.intent === "mark-sold";
      const done = await (sold ? markProjectSold : reopenProject)(dealServices(services), { projectId: id, actorId: user.id, sellerId: project.sellerId });
      if (!done) return refuse(submission, NOT_UNDER_OFFER, 409);
      await afterListingStep(services.db, { actor: user, projectId: id, step: sold ? "project.sold" : "project.reopen", detail: project.projectName, address: clientAddress(args.request), from: project.status });
      return redirectWithNotification(services, args.request, here, sold ? "The project is sold." : "The accepted offer is closed and the project is published again.");
    }
    default:
      return deskAction(services, args.request, { project, user, role, here }, submission, step);
  }
}

/** The listing's own steps, not the desk's: what they may act on is the model's to say. */
const LISTING_STEPS = new Set(["withdraw", "mark-sold", "fell-through"]);

/** Whether the page shows the deal desk (pipeline, NDAs, data room, offers): once the project has been listed, not before. */
function showsDesk(status: ProjectStatus) {
  return !EDITABLE.includes(status) && status !== "submitted";
}

/** What a step named by the form's intent needs; null for no step of this page (the parse refuses it). */
function permissionForIntent(intent: FormDataEntryValue | null): SellerPermission | "admin" | null {
  if (intent === "withdraw") return "edit";
  // the same people who accept offers close the sale that follows
  if (intent === "mark-sold" || intent === "fell-through") return "offers";
  if (intent === "nda-template") return "admin";
  return typeof intent === "string" && Object.hasOwn(DESK_PERMISSION, intent) ? DESK_PERMISSION[intent as keyof typeof DESK_PERMISSION] : null;
}

/** The seller's own project: its status, what buyers see, and their engagement. */
export default function SellerProjectPage() {
  const { project, overview, editable, desk, matched, bidders, may, ownsDraft, sale } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const submitStatic = useStaticForms();
  return (
    <div className="max-w-6xl space-y-6">
      <StaticHtml markup={overview} />
      <div className="flex flex-wrap gap-3">
        {/* the wizard opens to its seller and to a colleague given "Edit the listing" alike */}
        {editable && (ownsDraft || may.edit) ? (
          <Link to={`/projects/create?draft=${project.id}&step=1`} className="btn-primary">
            Edit and submit
          </Link>
        ) : null}
        <Link to={`/projects/company/${project.id}`} className="btn-secondary">
          Full listing
        </Link>
        {may.edit ? <WithdrawButton status={project.status} /> : null}
        {sale ? <div className="contents" onSubmit={submitStatic}><StaticHtml markup={sale} /></div> : null}
      </div>
      <FormErrors errors={formErrorsOf(resultFor(result, ["withdraw", "mark-sold", "fell-through"]))} />
      {desk ? <DealDesk projectId={project.id} projectOpen={project.status === "published"} buyersSee={project.buyersSee} desk={desk} result={result} may={may} /> : null}
      {matched ? <StaticHtml markup={matched} /> : null}
      {bidders ? <StaticHtml markup={bidders} /> : null}
    </div>
  );
}

/** An error here shows in the members' layout, with the way back to the list. */
export const ErrorBoundary = () => <ListPageErrorBoundary back={{ to: "/sellers/myprojects", label: "Back to my projects" }} />;
