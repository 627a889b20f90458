import { Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { requireProjectSection } from "~/auth/project-guards.server";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/project-cells";
import { ProjectSummary, WithdrawButton } from "~/components/project-facts";
import { pageTitle } from "~/lib/meta";
import { recordAudit } from "~/models/audit.server";
import { EDITABLE, findOwnProject, loanTape, withdrawOwnProject } from "~/models/projects.server";
import { deskAction, deskData, readDeskForm } from "./desk.server";
import { DealDesk, type DeskProps } from "./desk";
import { dealCounts } from "~/models/pipeline.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName || "Project") }];

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const project = await findOwnProject(services.db, user.id, idParam(args.params));
  if (!project) throw notFound();
  const loans = project.kind === "loan_pool" ? (await loanTape(services.db, project.id)).length : 0;
  const listed = !EDITABLE.includes(project.status) && project.status !== "submitted";
  const [desk, counts] = listed
    ? await Promise.all([deskData(services, project, user, role), dealCounts(services.db, [project.id])])
    : [null, null];
  return json({ project, loans, editable: EDITABLE.includes(project.status), desk, counts: counts?.get(project.id) ?? null });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "sellers");
  const id = idParam(args.params);
  const project = await findOwnProject(services.db, user.id, id);
  if (!project) throw notFound();
  const form = await readDeskForm(args.request);
  if (form instanceof Response) return form;
  const step = await deskAction(services, args.request, project, user, role, form);
  if (step && "done" in step) return redirectWithNotification(services, args.request, `/sellers/myprojects/${id}`, step.done);
  if (step) return step;
  if (form.get("intent") !== "withdraw") return json({ intent: "", error: "Unknown request" }, { status: 400 });
  if (!(await withdrawOwnProject(services.db, user.id, id))) {
    return json({ intent: "withdraw", error: "This project cannot be withdrawn now." }, { status: 409 });
  }
  await recordAudit(services.db, { actor: user, action: "project.withdraw", subjectType: "project", subjectId: id, detail: project.projectName, address: clientAddress(args.request) });
  return redirectWithNotification(services, args.request, `/sellers/myprojects/${id}`, "The project is withdrawn.");
}

/** The seller's own project: its status, what buyers see, and their engagement. */
export default function SellerProjectPage() {
  const { project, loans, editable, desk, counts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DeskProps["actionData"];
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
      <ProjectSummary project={project} />
      <div className="flex flex-wrap gap-3">
        {editable ? (
          <Link to={`/projects/create?draft=${project.id}&step=1`} className="btn-primary">
            Edit and submit
          </Link>
        ) : null}
        <Link to={`/projects/company/${project.id}`} className="btn-secondary">
          Full listing
        </Link>
        <WithdrawButton status={project.status} />
      </div>
      {actionData?.intent === "withdraw" && actionData.error ? <p role="alert" className="text-sm text-red-700">{actionData.error}</p> : null}
      {desk ? <DealDesk projectId={project.id} projectOpen={project.status === "published"} desk={desk} actionData={actionData} /> : null}
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
