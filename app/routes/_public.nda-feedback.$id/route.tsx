import { getFormProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { eq } from "drizzle-orm";
import { allowAnyone, type GuardArgs } from "~/auth/guards.server";
import { projects, users, WITHOUT_SECRETS } from "~/.server/db/schema";
import { readFeedbackToken } from "~/.server/feedback-token";
import { notFound } from "~/.server/http";
import { FieldErrors, FormErrors, TextAreaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { FEEDBACK_REASONS } from "~/lib/deal";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { feedbackSchema } from "~/lib/schemas/index.server";
import { customerAllowsSignin } from "~/models/customer-accounts.server";
import { findPass, PASS_PROBLEMS, savePass } from "~/models/feedback.server";
import { dealServices } from "~/models/notifications.server";
import { readForm } from "~/.server/body";
import { answer, refuse } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Your feedback");

/**
 * The link in an e-mail names one buyer and one project with a signed token that
 * expires, so it works without signing in; a tampered or stale token is not found, nor one
 * whose buyer can no longer sign in.
 */
async function requireFeedbackToken(args: GuardArgs) {
  const { services } = await allowAnyone(args);
  const claim = await readFeedbackToken(services.env.SESSION_SECRET, args.params?.id ?? "");
  if (!claim) throw notFound();
  const [project, buyer] = await Promise.all([
    services.db.query.projects.findFirst({ where: eq(projects.id, claim.projectId) }),
    services.db.query.users.findFirst({ columns: WITHOUT_SECRETS, where: eq(users.id, claim.buyerId) }),
  ]);
  if (!project || !buyer || project.status === "draft" || project.sellerId === buyer.id) throw notFound();
  // the link stands in for the buyer's sign-in: not for an account that can no longer sign in (disabled,
  // its company deleted or locked), whose pass would reach the seller in the name of no active member
  if (!buyer.enabled || !(await customerAllowsSignin(services.db, { customerId: buyer.customerId }))) throw notFound();
  return { services, project, buyer };
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, project, buyer } = await requireFeedbackToken(args);
  const given = await findPass(services.db, { projectId: project.id, buyerId: buyer.id });
  return {
    projectName: project.projectName,
    buyerName: buyer.name,
    given: given ? { reasons: given.reasons, comment: given.comment, createdAt: given.createdAt } : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, project, buyer } = await requireFeedbackToken(args);
  const submission = parseWithZod(await readForm(args.request), { schema: feedbackSchema() });
  if (submission.status !== "success") return answer(submission.reply(), 400, { saved: false });
  const problem = await savePass(dealServices(services), project, buyer, submission.value);
  // an old tab, or the approval e-mail's link after an offer: the page shows why, and nothing is saved
  if (problem) return refuse(submission, PASS_PROBLEMS[problem], 409, { extra: { saved: false } });
  return answer(submission.reply(), 200, { saved: true });
}

export default function FeedbackPage() {
  const { projectName, buyerName, given } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "feedback",
    lastResult: data?.result,
    defaultValue: given ? { reasons: given.reasons, comment: given.comment } : undefined,
    schema: () => import("~/lib/schemas/deal").then((m) => m.feedbackSchema()),
    shouldValidate: "onSubmit",
  });
  if (data?.saved) {
    return (
      <div className="mx-auto max-w-2xl py-8">
        <PageHeader title="Thank you" />
        <p role="status">Your feedback on {projectName} is with the seller. Thank you, {buyerName}.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl py-8">
      <PageHeader title={`Passing on ${projectName}`} />
      <p className="mb-4 text-sm text-slate-600">
        {buyerName}, tell the seller why this project is not for you. They use it to price and present their next listing.
        {given ? ` You sent feedback on ${formatDate(given.createdAt)}; sending again replaces it.` : ""}
      </p>
      <Form method="post" className="card space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset aria-describedby={fields.reasons.errorId}>
          <legend className="label">Reasons</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {FEEDBACK_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.reasons.name}
                  value={reason}
                  defaultChecked={given?.reasons.includes(reason) ?? false}
                />
                {reason}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.reasons.errorId} errors={fields.reasons.errors} />
        </fieldset>
        <TextAreaField meta={fields.comment} label="Comment (optional)" rows={4} />
        <button type="submit" className="btn-primary">
          Send feedback
        </button>
      </Form>
    </div>
  );
}
