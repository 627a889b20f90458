import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { z } from "zod";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { requireProjectSection } from "~/auth/project-guards.server";
import { siteOrigin } from "~/.server/mailer";
import { sendEmail } from "~/models/outbox.server";
import { FormErrors, TextAreaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/project-cells";
import { ProjectSummary, WithdrawButton } from "~/components/project-facts";
import { pageTitle } from "~/lib/meta";
import { field } from "~/lib/validation";
import { recordAudit } from "~/models/audit.server";
import { findProjectWithSeller, loanTape, reviewProject } from "~/models/projects.server";
import { deskAction, deskData, readDeskForm } from "~/routes/_app.sellers.myprojects.$id/desk.server";
import { DealDesk, type DeskProps } from "~/routes/_app.sellers.myprojects.$id/desk";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName || "Project") }];

const reviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({ intent: z.literal("reject"), reason: field.text({ min: 10, max: 1000 }) }),
]);

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "admin");
  const found = await findProjectWithSeller(services.db, idParam(args.params));
  if (!found || found.project.status === "draft") throw notFound();
  const loans = found.project.kind === "loan_pool" ? (await loanTape(services.db, found.project.id)).length : 0;
  const desk = await deskData(services, found.project, user, role);
  return json({ project: found.project, seller: found.seller, loans, desk });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "admin");
  const found = await findProjectWithSeller(services.db, idParam(args.params));
  if (!found || found.project.status === "draft") throw notFound();
  const form = await readDeskForm(args.request);
  if (form instanceof Response) return form;
  const step = await deskAction(services, args.request, found.project, user, role, form);
  if (step && "done" in step) return redirectWithNotification(services, args.request, `/admin/projects/${found.project.id}`, step.done);
  if (step) return step;
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const decision = submission.value;
  const reason = decision.intent === "reject" ? decision.reason : undefined;
  if (!(await reviewProject(services.db, found.project.id, decision.intent, reason))) {
    return json(submission.reply({ formErrors: ["The project is not in a state that allows this."] }), { status: 409 });
  }
  await recordAudit(services.db, {
    actor: user,
    action: { publish: "project.publish", reject: "project.return", withdraw: "project.withdraw" }[decision.intent],
    subjectType: "project",
    subjectId: found.project.id,
    detail: reason ? `${found.project.projectName}. Reason: ${reason}` : found.project.projectName,
    address: clientAddress(args.request),
  });
  const link = `${siteOrigin(services)}/sellers/myprojects/${found.project.id}`;
  const name = found.project.projectName;
  const mail = {
    publish: { subject: `Published: ${name}`, body: `Your project "${name}" is now visible to buyers.\n${link}\n` },
    reject: { subject: `Returned: ${name}`, body: `Our team returned "${name}" to you:\n\n${reason}\n\nEdit and resubmit: ${link}\n` },
    withdraw: { subject: `Withdrawn: ${name}`, body: `"${name}" is withdrawn from the marketplace.\n${link}\n` },
  }[decision.intent];
  await sendEmail(services, { to: found.seller.email, ...mail });
  const done = { publish: "published", reject: "returned to the seller", withdraw: "withdrawn" }[decision.intent];
  return redirectWithNotification(services, args.request, `/admin/projects/${found.project.id}`, `The project is ${done}.`);
}

export default function AdminProjectPage() {
  const { project, seller, loans, desk } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as object | undefined;
  const deskResult = data && "intent" in data ? (data as DeskProps["actionData"]) : null;
  const lastResult = data && !("intent" in data) ? (data as SubmissionResult<string[]>) : undefined;
  const [form, fields] = useForm({
    id: "reject",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title={project.projectName}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <p className="text-sm text-slate-600">
        Listed by {seller.name}, {seller.company} · <a className="link" href={`mailto:${seller.email}`}>{seller.email}</a> ·{" "}
        <Link to={`/projects/company/${project.id}`} className="link">Full listing</Link>
      </p>
      <ProjectSummary project={project}>
        {project.kind === "loan_pool" ? <p className="text-sm">Loans on the tape: {loans}</p> : null}
      </ProjectSummary>
      <section className="card space-y-4" aria-label="Review">
        <h2 className="font-semibold">Review</h2>
        <FormErrors errors={form.errors} />
        <div className="flex flex-wrap gap-3">
          {project.status === "submitted" ? (
            <Form method="post">
              <button type="submit" name="intent" value="publish" className="btn-primary">
                Publish
              </button>
            </Form>
          ) : null}
          <WithdrawButton status={project.status} />
        </div>
        {project.status === "submitted" ? (
          <Form method="post" className="space-y-3" {...getFormProps(form)}>
            <TextAreaField meta={fields.reason} label="Reason for returning it to the seller" rows={3} />
            <button type="submit" name="intent" value="reject" className="btn-secondary">
              Return to seller
            </button>
          </Form>
        ) : null}
      </section>
      <DealDesk projectId={project.id} projectOpen={project.status === "published"} desk={desk} admin actionData={deskResult} />
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
