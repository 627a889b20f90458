import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { feedbackToken } from "~/.server/feedback-token";
import { notFound, idParam } from "~/.server/http";
import { loadTeaser } from "~/models/teaser.server";
import { TeaserView } from "~/components/teaser";
import { workspacePath } from "~/lib/deal";
import { pageTitle } from "~/lib/meta";
import { requestNda } from "~/models/contracts.server";
import { ndaBlockedReason } from "~/models/customer-accounts.server";
import { dealServices } from "~/models/notifications.server";
import { findVisibleProject, mayDealOnProject } from "~/models/projects.server";
import { readForm } from "~/.server/body";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.project.projectName ?? "Project") }];

/** A company before the NDA (spec: more-details). */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  return loadTeaser(services, { id: user.id, role, roles: user.roles, customerId: user.customerId }, idParam(args.params));
}

/** From the teaser a buyer or broker opens an NDA envelope, or passes on the project. */
export async function action(args: ActionFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const project = await findVisibleProject(services.db, { id: user.id, role }, idParam(args.params));
  if (!project) throw notFound();
  if (!mayDealOnProject({ id: user.id, role }, project)) throw notFound();
  const intent = (await readForm(args.request)).get("intent");
  if (intent === "request-nda") {
    if (project.status !== "published") return json({ error: "This project is no longer open for NDAs." }, { status: 409 });
    // a customer not yet verified reads teasers but signs no NDA (the teaser says why)
    const blocked = await ndaBlockedReason(services.db, { customerId: user.customerId });
    if (blocked) return json({ error: blocked }, { status: 403 });
    const contract = await requestNda(dealServices(services), project, user);
    return redirect(`${workspacePath(user.roles, project.id)}/${contract.envelopeId}`);
  }
  if (intent === "pass") {
    return redirect(`/nda-feedback/${await feedbackToken(services.env.SESSION_SECRET, project.id, user.id)}`);
  }
  return json({ error: "Unknown request" }, { status: 400 });
}

export default function MoreDetailsPage() {
  return <TeaserView {...useLoaderData<typeof loader>()} />;
}
