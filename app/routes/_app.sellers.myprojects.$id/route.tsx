import { Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { requireProjectSection } from "~/auth/project-guards.server";
import { FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/project-cells";
import { ProjectSummary, WithdrawButton } from "~/components/project-facts";
import { formErrorsOf, resultFor } from "~/lib/action-result";
import { pageTitle } from "~/lib/meta";
import { recordAudit } from "~/models/audit.server";
import { projectMatchesFor, recomputeProjectMatches } from "~/models/matches.server";
import { MatchedBuyers } from "~/components/matched-buyers";
import { countLoans, EDITABLE, loanTapeCompleteness, withdrawOwnProject } from "~/models/projects.server";
import { findTeamProject } from "~/models/seller-permissions.server";
import { permissionFlags } from "~/lib/seller-permissions";
import { DESK_PERMISSION, deskAction, deskData, readDeskForm } from "./desk.server";
import { DealDesk } from "./desk";
import { dealCounts } from "~/models/pipeline.server";
import { TapeCompletenessNote } from "~/components/tape-completeness";
import { likelyBidders } from "~/models/likely-bidders.server";
import { parseWithZod, sellerProjectSchema } from "~/lib/schemas/index.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName || "Project") }];

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const found = await findTeamProject(services.db, { userId: user.id, projectId: idParam(args.params) });
  if (!found) throw notFound();
  const { project } = found;
  const [loans, completeness] = project.kind === "loan_pool" ? await Promise.all([countLoans(services.db, project.id), loanTapeCompleteness(services.db, project.id)]) : [0, null];
  const listed = !EDITABLE.includes(project.status) && project.status !== "submitted";
  const [desk, counts] = listed
    ? await Promise.all([deskData(services, project, user, role), dealCounts(services.db, [project.id])])
    : [null, null];
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get("page")) || 1);
  const matched = listed ? await projectMatchesFor(services.db, { projectId: project.id, admin: false, page }) : null;
  // before it is listed, a project has no stored matches: its likely bidders are scored on the fly
  const bidders = listed ? null : await likelyBidders(services.db, { project });
  return json({
    project,
    loans,
    completeness,
    editable: EDITABLE.includes(project.status),
    desk,
    counts: counts?.get(project.id) ?? null,
    matched,
    bidders,
    may: permissionFlags(found.may),
    ownsDraft: project.sellerId === user.id,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const id = idParam(args.params);
  const found = await findTeamProject(services.db, { userId: user.id, projectId: id });
  if (!found) throw notFound();
  const { project, may } = found;
  const form = await readDeskForm(args.request);
  if (!(form instanceof FormData)) return form;
  const submission = parseWithZod(form, { schema: sellerProjectSchema });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  // a colleague without the permission is told nothing more than a stranger would be
  if (!may.has(step.intent === "withdraw" ? "edit" : DESK_PERMISSION[step.intent])) throw notFound();
  const here = `/sellers/myprojects/${id}`;
  switch (step.intent) {
    case "withdraw": {
      if (!(await withdrawOwnProject(services.db, { sellerId: project.sellerId, projectId: id }))) return refuse(submission, "This project cannot be withdrawn now.", 409);
      await recomputeProjectMatches(services.db, { projectId: id });
      await recordAudit(services.db, { actor: user, action: "project.withdraw", subjectType: "project", subjectId: id, detail: project.projectName, address: clientAddress(args.request) });
      return redirectWithNotification(services, args.request, here, "The project is withdrawn.");
    }
    default:
      return deskAction(services, args.request, { project, user, role, here }, submission, step);
  }
}

/** The seller's own project: its status, what buyers see, and their engagement. */
export default function SellerProjectPage() {
  const { project, loans, completeness, editable, desk, counts, matched, bidders, may, ownsDraft } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title={project.projectName || "Untitled draft"}>
        <StatusBadge status={project.status} />
      </PageHeader>
      {project.status === "rejected" && project.rejectionReason ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Returned by our team: {project.rejectionReason}
        </p>
      ) : null}
      <section className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Engagement">
        <div className="card">
          <p className="text-sm text-slate-500">Views</p>
          <p className="text-2xl font-semibold" data-testid="views">{project.views}</p>
        </div>
        <div className="card">
          <p className="text-sm text-slate-500">Impressions in search</p>
          <p className="text-2xl font-semibold" data-testid="impressions">{project.impressions}</p>
        </div>
        <div className="card">
          <p className="text-sm text-slate-500">Loans on the tape</p>
          <p className="text-2xl font-semibold">{project.kind === "loan_pool" ? loans : "—"}</p>
        </div>
        {(["ndas", "negotiations", "bids"] as const).map((key) => (
          <div key={key} className="card">
            <p className="text-sm text-slate-500">{{ ndas: "NDAs", negotiations: "Negotiations", bids: "Bids" }[key]}</p>
            <p className="text-2xl font-semibold" data-testid={key}>{counts?.[key] ?? 0}</p>
          </div>
        ))}
      </section>
      <TapeCompletenessNote completeness={completeness} forSeller />
      <ProjectSummary project={project} />
      <div className="flex flex-wrap gap-3">
        {editable && ownsDraft ? (
          <Link to={`/projects/create?draft=${project.id}&step=1`} className="btn-primary">
            Edit and submit
          </Link>
        ) : null}
        <Link to={`/projects/company/${project.id}`} className="btn-secondary">
          Full listing
        </Link>
        {may.edit ? <WithdrawButton status={project.status} /> : null}
      </div>
      <FormErrors errors={formErrorsOf(resultFor(result, "withdraw"))} />
      {desk ? <DealDesk projectId={project.id} projectOpen={project.status === "published"} desk={desk} result={result} may={may} /> : null}
      {matched ? <MatchedBuyers {...matched} /> : null}
      {bidders ? (
        <MatchedBuyers
          rows={bidders}
          page={1}
          pageSize={bidders.length}
          total={bidders.length}
          id="likely-bidders"
          title="Buyers likely to bid"
          intro="The buyer companies whose criteria this project fits best, as it stands now. Their names stay hidden until one signs the NDA."
        />
      ) : null}
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
