import { getFormProps, useForm } from "~/components/form-state";
import { errorMeta, ListPageErrorBoundary } from "~/components/error-boundary";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound, idParam } from "~/.server/http";
import { invalid, refuse, type Replier } from "~/.server/replies";
import type { Services } from "~/.server/services";
import type { User } from "~/.server/db/schema";
import { requireProjectSection } from "~/auth/project-guards.server";
import { siteOrigin } from "~/.server/mailer";
import { sendEmail } from "~/models/outbox.server";
import { FormErrors, TextAreaField } from "~/components/forms";
import { WithdrawButton } from "~/components/withdraw-button";
import { StaticHtml } from "~/components/static-html";
import { useStaticForms } from "~/components/static-forms";
import { adminOverviewMarkup } from "./overview.server";
import { type AdminProjectIntent } from "~/lib/schemas/deal";
import { adminProjectSchema } from "~/lib/schemas/index.server";
import { intentOf, resultFor, type ActionResult } from "~/lib/action-result";
import { pageTitle } from "~/lib/meta";
import { afterListingStep, listingStepRefusal } from "~/models/listing-steps.server";
import { BuyerTable } from "./buyer-table";
import { buyerTable, buyerTableAction } from "./buyers.server";
import { findProjectWithSeller, reviewProject, seenByBuyers, sellerOfProject } from "~/models/projects.server";
import { withdrawProject } from "~/models/project-withdrawal.server";
import { markProjectSold, NOT_UNDER_OFFER, reopenProject } from "~/models/project-sale.server";
import { saleFormsMarkup } from "~/components/sale-forms.server";
import { dealServices, mailableAddress } from "~/models/notifications.server";
import { deskAction, deskData, deskForViewer, readDeskForm } from "~/routes/_app.sellers.myprojects.$id/desk.server";
import { DealDesk } from "~/routes/_app.sellers.myprojects.$id/desk";
import { parseWithZod } from "~/lib/schemas/index.server";
import { backWithin, withBack } from "~/lib/table-back.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [{ title: pageTitle(data?.project.projectName || "Project") }]);

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "admin");
  const id = idParam(args.params);
  // the desk's reads start beside the project's (its seller named by a query): on D1 reads started
  // at once go as one call; nothing of them is sent unless the project is one the admin may see
  const [found, desk, matched] = await Promise.all([
    findProjectWithSeller(services.db, id),
    deskData(services, { id, sellerId: sellerOfProject(id) }, user, role, new URL(args.request.url)),
    buyerTable(services, { user, projectId: id, request: args.request }),
  ]);
  if (!found || found.project.status === "draft") throw notFound();
  const loans = found.project.kind === "loan_pool" ? found.project.tapeLoans : undefined;
  const url = new URL(args.request.url);
  const back = backWithin(url.search, ["/admin/projects"]);
  const overview = adminOverviewMarkup({ project: found.project, seller: found.seller, loans, back });
  const buyersSee = seenByBuyers(found.project);
  return {
    project: { id: found.project.id, projectName: found.project.projectName, status: found.project.status, buyersSee },
    overview,
    desk: deskForViewer(desk, found.project.id, { admin: true, decide: true, dataRoom: true, approvable: buyersSee }),
    matched,
    sale: saleFormsMarkup(found.project.status),
    // this page as it is (the projects table's way back in it), for the permissions page's way back
    permissions: withBack(`/admin/projects/permission/${found.project.id}`, url.pathname + url.search, url.pathname),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireProjectSection(args, "admin");
  const found = await findProjectWithSeller(services.db, idParam(args.params));
  if (!found || found.project.status === "draft") throw notFound();
  const form = await readDeskForm(args.request);
  if (!(form instanceof FormData)) return form;
  const submission = parseWithZod(form, { schema: adminProjectSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  // back to the page as it was: which page of each of the desk's lists (`?ndas=3&offers=2`)
  const here = `/admin/projects/${found.project.id}${new URL(args.request.url).search}`;
  switch (step.intent) {
    case "publish":
    case "reject":
    case "withdraw":
    case "mark-sold":
    case "fell-through":
      return review(services, args.request, { user, ...found, here }, submission, step);
    case "invite":
    case "columns":
    case "save-view":
    case "reset":
      return buyerTableAction(services, args.request, { user, project: found.project }, submission, step);
    default:
      return deskAction(services, args.request, { project: found.project, user, role, here }, submission, step);
  }
}

type Found = NonNullable<Awaited<ReturnType<typeof findProjectWithSeller>>>;

/** The review: publish, return to the seller with a reason, withdraw, or close a sale; the seller is told by e-mail. */
async function review(
  services: Services,
  request: Request,
  { user, project, seller, here }: Found & { user: User; here: string },
  submission: Replier,
  decision: Extract<AdminProjectIntent, { intent: "publish" | "reject" | "withdraw" | "mark-sold" | "fell-through" }>,
) {
  const reason = decision.intent === "reject" ? decision.reason : undefined;
  const by = { projectId: project.id, actorId: user.id };
  const done =
    decision.intent === "withdraw"
      ? await withdrawProject(dealServices(services), by)
      : decision.intent === "mark-sold"
        ? await markProjectSold(dealServices(services), by)
        : decision.intent === "fell-through"
          ? await reopenProject(dealServices(services), by)
          : await reviewProject(services.db, project.id, decision.intent, reason);
  if (!done) {
    return refuse(submission, decision.intent === "mark-sold" || decision.intent === "fell-through" ? NOT_UNDER_OFFER : await listingStepRefusal(services.db, project.id, decision.intent), 409);
  }
  await afterListingStep(services.db, {
    actor: user,
    projectId: project.id,
    step: ({ publish: "project.publish", reject: "project.return", withdraw: "project.withdraw", "mark-sold": "project.sold", "fell-through": "project.reopen" } as const)[decision.intent],
    detail: reason ? `${project.projectName}. Reason: ${reason}` : project.projectName,
    address: clientAddress(request),
    from: project.status,
  });
  const link = `${siteOrigin(services)}/sellers/myprojects/${project.id}`;
  const name = project.projectName;
  const mail = {
    publish: { subject: `Published: ${name}`, body: `Your project "${name}" is now visible to buyers.\n${link}\n` },
    reject: { subject: `Returned: ${name}`, body: `Our team returned "${name}" to you:\n\n${reason}\n\nEdit and resubmit: ${link}\n` },
    withdraw: { subject: `Withdrawn: ${name}`, body: `"${name}" is withdrawn from the marketplace.\n${link}\n` },
    "mark-sold": { subject: `Sold: ${name}`, body: `Our team marked "${name}" sold: the accepted offer's buyer is told.\n${link}\n` },
    "fell-through": { subject: `Back on the market: ${name}`, body: `Our team closed the accepted offer on "${name}" (the deal fell through) and published it again.\n${link}\n` },
  }[decision.intent];
  // a seller who may not sign in (disabled, or their company disabled or locked) was mailed a link they could not follow
  const to = await mailableAddress(services.db, seller.id);
  if (to) await sendEmail(services, { to, ...mail });
  const outcome = { publish: "published", reject: "returned to the seller", withdraw: "withdrawn", "mark-sold": "sold", "fell-through": "published again" }[decision.intent];
  return redirectWithNotification(services, request, here, `The project is ${outcome}.`);
}

/** The review's own forms; every other answer is the desk's or the buyer table's. */
const REVIEW_INTENTS = ["publish", "reject", "withdraw", "mark-sold", "fell-through"];

export default function AdminProjectPage() {
  const { project, overview, desk, matched, sale, permissions } = useLoaderData<typeof loader>();
  const result: ActionResult | undefined = useActionData<typeof action>()?.result;
  const submitStatic = useStaticForms();
  // the review's answers, and any other that is not the desk's
  const intent = intentOf(result);
  const reviewAnswer = !intent || REVIEW_INTENTS.includes(intent);
  const inviteResult = resultFor(result, "invite");
  const [form, fields] = useForm({
    id: "reject",
    lastResult: reviewAnswer ? result : undefined,
    schema: () => import("~/lib/schemas/deal").then((m) => m.adminProjectSchema()),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="max-w-6xl space-y-6">
      <StaticHtml markup={overview} />
      <section className="card space-y-4" aria-label="Review">
        <h2 className="font-semibold">Review</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-3">
          {project.status === "submitted" ? (
            <Form method="post">
              <button type="submit" name="intent" value="publish" className="btn-primary">
                Publish
              </button>
            </Form>
          ) : null}
          <WithdrawButton status={project.status} />
          {sale ? <div className="contents" onSubmit={submitStatic}><StaticHtml markup={sale} /></div> : null}
        </div>
        {project.status === "submitted" ? (
          <Form method="post" className="space-y-3" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="reject" />
            <TextAreaField meta={fields.reason} label="Reason for returning it to the seller" rows={3} />
            <button type="submit" className="btn-secondary">
              Return to seller
            </button>
          </Form>
        ) : null}
      </section>
      <DealDesk projectId={project.id} projectOpen={project.status === "published"} buyersSee={project.buyersSee} desk={desk} admin={{ permissions }} result={reviewAnswer || inviteResult ? undefined : result} />
      <BuyerTable {...matched} canInvite={project.status === "published"} result={inviteResult} />
    </div>
  );
}

/** An error here shows in the members' layout, with the way back to the list. */
export const ErrorBoundary = () => <ListPageErrorBoundary back={{ to: "/admin/projects", label: "Back to all projects" }} />;
