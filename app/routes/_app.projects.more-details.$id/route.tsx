import { useActionData, useLoaderData, type MetaFunction, type ShouldRevalidateFunction } from "@remix-run/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { closedDealOf } from "~/auth/project-guards.server";
import { closedListingAnswer } from "../_app.buyers.myprojects.$id/closed-listing.server";
import { feedbackToken } from "~/.server/feedback-token";
import { notFound, idParam, onlyAsks } from "~/.server/http";
import { loadTeaser } from "~/models/teaser.server";
import { projectSummaryMarkup } from "~/components/project-facts.server";
import { TeaserView } from "~/components/teaser";
import { workspacePath } from "~/lib/deal";
import { pageTitle } from "~/lib/meta";
import { errorMeta } from "~/components/error-boundary";
import { askForNda } from "~/models/contracts.server";
import { ndaBlockedReason } from "~/models/customer-accounts.server";
import { dealServices } from "~/models/notifications.server";
import { findVisibleProject, isCompanyListing, mayDealOnProject, sellerCustomerOf } from "~/models/projects.server";
import { readForm } from "~/.server/body";
import { redirectWithNotification } from "~/auth/session.server";
import { resultFor } from "~/lib/action-result";
import { invalid, refuse } from "~/.server/replies";
import { receiveInbound } from "~/models/inbound.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { AskQuestion } from "./ask-question";
import { parseWithZod, teaserIntentSchema } from "~/lib/schemas/index.server";

// with a boundary of its own, the route's meta titles its error pages too
export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? errorMeta(error) : [{ title: pageTitle(data?.project.projectName ?? "Project") }]);

/** A company before the NDA (spec: more-details). */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const teaser = await loadTeaser(services, { id: user.id, role, roles: user.roles, customerId: user.customerId }, idParam(args.params), { counted: !onlyAsks(args.request) });
  return { ...teaser, summary: projectSummaryMarkup(teaser.project) };
}

/** From the teaser a buyer or broker opens an NDA envelope or passes on the project; any member who sees it may ask about it. */
export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const id = idParam(args.params);
  const project = await findVisibleProject(services.db, { id: user.id, role }, id);
  if (!project) {
    // a listing that left the market since the teaser was read: a buyer with a deal on it is told, and keeps the question typed
    const closed = await closedDealOf(services.db, user, id);
    if (!closed) throw notFound();
    const submission = parseWithZod(await readForm(args.request), { schema: teaserIntentSchema() });
    if (submission.payload.intent !== "ask") throw notFound();
    return closedListingAnswer(args.request, submission, closed, "question");
  }
  const submission = parseWithZod(await readForm(args.request), { schema: teaserIntentSchema() });
  if (submission.status !== "success") return invalid(submission);
  if (submission.value.intent === "ask") {
    // each question is an e-mail to every admin: a member's form is limited as the public forms are (20 an hour)
    if (!(await hitRateLimit(services.db, `question:${user.id}`, QUESTIONS_PER_MEMBER)).allowed) return refuse(submission, TOO_MANY_QUESTIONS, 429);
    await receiveInbound(services, {
      kind: "inquiry",
      name: user.name,
      email: user.email,
      company: user.company,
      phone: user.phone,
      message: submission.value.question,
      userId: user.id,
      projectId: project.id,
    });
    return redirectWithNotification(services, args.request, `/projects/more-details/${project.id}`, "Thank you. Our team will answer under Messages.");
  }
  if (!mayDealOnProject({ id: user.id, role }, project)) throw notFound();
  // the teaser offers a colleague's listing nothing to sign or pass on: a form posted by hand is told why
  if (isCompanyListing(user, await sellerCustomerOf(services.db, project.id))) return refuse(submission, COMPANY_LISTING_MESSAGE, 403);
  switch (submission.value.intent) {
    case "request-nda": {
      if (project.status !== "published") return refuse(submission, "This project is no longer open for NDAs.", 409);
      // a customer not yet verified reads teasers but signs no NDA (the teaser says why)
      const blocked = await ndaBlockedReason(services.db, { customerId: user.customerId });
      if (blocked) return refuse(submission, blocked, 403);
      const contract = await askForNda(dealServices(services), project, user);
      if (contract === "project-closed") return refuse(submission, "This project is no longer open for NDAs.", 409);
      return redirect(`${workspacePath(user.roles, project.id)}/${contract.envelopeId}`);
    }
    case "pass":
      return redirect(`/nda-feedback/${await feedbackToken(services.env.SESSION_SECRET, project.id, user.id)}`);
  }
}

const QUESTIONS_PER_MEMBER = { limit: 20, windowMs: 60 * 60_000 };
const TOO_MANY_QUESTIONS = "Too many questions from your account. Please try again in an hour, or write to us under Messages.";

const COMPANY_LISTING_MESSAGE = "Your company lists this project: its NDA and offers are for other companies.";

/** After a question refused because the listing left the market, the page stays as it is: reading it again would answer 404, and lose the question. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => (actionResult?.closed ? false : defaultShouldRevalidate);

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";

export default function MoreDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = resultFor(useActionData<typeof action>()?.result, "ask");
  return (
    <>
      <TeaserView {...data} />
      {data.project.own ? null : <AskQuestion projectId={data.project.id} lastResult={lastResult} />}
    </>
  );
}
