import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { feedbackToken } from "~/.server/feedback-token";
import { notFound, idParam } from "~/.server/http";
import { loadTeaser } from "~/models/teaser.server";
import { TeaserView } from "~/components/teaser";
import { workspacePath } from "~/lib/deal";
import { pageTitle } from "~/lib/meta";
import { requestNda } from "~/models/contracts.server";
import { dealServices } from "~/models/notifications.server";
import { findVisibleProject, mayDealOnProject } from "~/models/projects.server";
import { readForm } from "~/.server/body";
import { redirectWithNotification } from "~/auth/session.server";
import { askSchema } from "~/lib/schemas/inbound";
import { receiveInbound } from "~/models/inbound.server";
import { AskQuestion } from "./ask-question";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** A company before the NDA (spec: more-details). */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  return loadTeaser(services, { id: user.id, role, roles: user.roles }, idParam(args.params));
}

/** From the teaser a buyer or broker opens an NDA envelope, or passes on the project. */
export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const project = await findVisibleProject(services.db, { id: user.id, role }, idParam(args.params));
  if (!project) throw notFound();
  const form = await readForm(args.request);
  const intent = form.get("intent");
  // any member who may see the teaser may ask about it; the deal steps are for those who may deal
  if (intent !== "ask" && !mayDealOnProject({ id: user.id, role }, project)) throw notFound();
  if (intent === "ask") {
    const submission = parseWithZod(form, { schema: askSchema });
    if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
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
  if (intent === "request-nda") {
    if (project.status !== "published") return json({ error: "This project is no longer open for NDAs." }, { status: 409 });
    const contract = await requestNda(dealServices(services), project, user);
    return redirect(`${workspacePath(user.roles, project.id)}/${contract.envelopeId}`);
  }
  if (intent === "pass") {
    return redirect(`/nda-feedback/${await feedbackToken(services.env.SESSION_SECRET, project.id, user.id)}`);
  }
  return json({ error: "Unknown request" }, { status: 400 });
}

export default function MoreDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = (useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined)?.result;
  return (
    <>
      <TeaserView {...data} />
      {data.project.own ? null : <AskQuestion projectId={data.project.id} lastResult={lastResult} />}
    </>
  );
}
