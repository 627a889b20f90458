import { Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser, type GuardArgs } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { notFound, idParam } from "~/.server/http";
import { invalid } from "~/.server/replies";
import { ThreadView } from "~/components/deal/thread";
import { PageHeader } from "~/components/page-header";
import { NDA_APPROVED } from "~/lib/deal";
import { pageTitle } from "~/lib/meta";
import { messageSchema } from "~/lib/schemas/index.server";
import { findContract } from "~/models/contracts.server";
import { markThreadRead, postMessage, threadMessages } from "~/models/negotiations.server";
import { dealServices } from "~/models/notifications.server";
import { findVisibleProject, mayManageProject } from "~/models/projects.server";
import { findUserById } from "~/models/users.server";
import { permissionsOnProject } from "~/models/seller-permissions.server";
import { readForm } from "~/.server/body";
import { parseWithZod } from "~/lib/schemas/index.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Messages: ${data.project.projectName}` : "Messages") }];

/**
 * A thread is the buyer's (with an approved NDA), the project's seller's and the
 * admins'; the seller's colleagues read it with "view" and write with "offers"
 * (decision 027); for anyone else it does not exist.
 */
async function requireThread(args: GuardArgs, needs: "view" | "offers") {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const project = await findVisibleProject(services.db, { id: user.id, role }, idParam(args.params, "projectId"));
  const buyerId = idParam(args.params, "buyerId");
  if (!project || !Number.isSafeInteger(buyerId)) throw notFound();
  const isBuyer = user.id === buyerId;
  const manages = mayManageProject({ id: user.id, role }, project);
  const may = isBuyer || manages || role !== "seller" ? null : await permissionsOnProject(services.db, { userId: user.id, projectId: project.id });
  if (!isBuyer && !manages && !may?.has(needs)) throw notFound();
  const [contract, buyer] = await Promise.all([findContract(services.db, { projectId: project.id, buyerId }), findUserById(services.db, buyerId)]);
  if (contract?.ndaStatus !== NDA_APPROVED || !buyer) throw notFound();
  return { services, user, project, buyer, canWrite: !may || may.has("offers") };
}

export async function loader(args: LoaderFunctionArgs) {
  const { services, user, project, buyer, canWrite } = await requireThread(args, "view");
  const messages = await threadMessages(services.db, { projectId: project.id, buyerId: buyer.id });
  services.waitUntil(markThreadRead(services.db, { projectId: project.id, buyerId: buyer.id, userId: user.id, shownUpTo: messages.at(-1)?.id ?? 0 }));
  return {
    project: { id: project.id, projectName: project.projectName },
    buyer: { name: buyer.name, company: buyer.company },
    messages,
    me: user.id,
    canWrite,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user, project, buyer } = await requireThread(args, "offers");
  const submission = parseWithZod(await readForm(args.request), { schema: messageSchema });
  if (submission.status !== "success") return invalid(submission);
  await postMessage(dealServices(services), project, buyer, user, submission.value.body);
  return redirectWithNotification(services, args.request, `/messages/${project.id}/${buyer.id}`, "Message sent.");
}

export default function ThreadPage() {
  const { project, buyer, messages, me, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader title={project.projectName} />
      <p className="text-sm text-slate-600">
        Negotiation with {buyer.name} ({buyer.company}) · <Link to="/messages" className="link">All messages</Link>
      </p>
      <section className="card">
        <ThreadView messages={messages} me={me} lastResult={result} schema={() => import("~/lib/schemas/deal").then((m) => m.messageSchema)} readOnly={!canWrite} />
      </section>
    </div>
  );
}

export { DealErrorBoundary as ErrorBoundary } from "~/components/deal-error-boundary";
