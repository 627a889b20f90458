import { Link, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { invalid, refuse } from "~/.server/replies";
import { CampaignProgress, CampaignRecipients, CampaignSendForms, PreviewPicker } from "~/components/campaign";
import { useRefreshWhile } from "~/components/refresh-while";
import { ReloadWithoutScript } from "~/components/reload-without-script";
import { formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { formatNumber } from "~/lib/format";
import { cancelledSummary } from "~/lib/marketing";
import { titleMeta } from "~/lib/meta";
import { cancelCampaign, changeDraftProject, PROJECT_OFF_MARKET, sendCampaign, sendTestToSelf } from "~/models/campaigns.server";
import { campaignPage, requireChannelCampaign } from "~/models/campaign-page.server";
import { CampaignOutcomes } from "~/components/campaign-outcomes";
import { parseWithZod, campaignActionSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Campaign");

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const campaign = await requireChannelCampaign(services.db, args.params, "email");
  return await campaignPage(services, { campaign, request: args.request, pageSize: PAGE_SIZE });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const campaign = await requireChannelCampaign(services.db, args.params, "email");
  const submission = parseWithZod(await readForm(args.request), { schema: campaignActionSchema() });
  if (submission.status !== "success") return invalid(submission);
  const here = `/admin/marketing/bulk-email/${campaign.id}`;
  if (submission.value.intent === "test") {
    await sendTestToSelf(services, { campaign, to: user.email });
    return redirectWithNotification(services, args.request, here, `A test is on its way to ${user.email}.`);
  }
  if (submission.value.intent === "project") {
    const projectId = submission.value.projectId ?? null;
    const changed = await changeDraftProject(services.db, { campaign, projectId, actor: user, address: clientAddress(args.request) });
    if (!changed.ok) return refuse(submission, changed.message, 409);
    return redirectWithNotification(services, args.request, here, projectId === null ? "The draft promotes no project now." : "The draft promotes the project chosen.");
  }
  if (submission.value.intent === "cancel") {
    const stopped = await cancelCampaign(services.db, { campaignId: campaign.id, actor: user, address: clientAddress(args.request) });
    if (!stopped) return redirectWithNotification(services, args.request, here, "Nothing was cancelled: the campaign had nothing left to send.", "error");
    return redirectWithNotification(services, args.request, here, `Campaign cancelled: ${cancelledSummary(stopped, "e-mails")}`);
  }
  const sent = await sendCampaign(services, { campaignId: campaign.id, actor: user, address: clientAddress(args.request) });
  if (sent && "offMarket" in sent) return refuse(submission, PROJECT_OFF_MARKET, 409);
  const queued = sent?.queued ?? 0;
  const to = `${formatNumber(queued)} recipient${queued === 1 ? "" : "s"}`;
  // "Finish queueing" after a restart cut the queueing off: the rest was written, none twice
  const message = sent?.started ? `Sending to ${to}.` : sent && "resumed" in sent ? `Queueing finished: ${to} in all, nobody twice.` : "This campaign was sent already: nothing was sent twice.";
  return redirectWithNotification(services, args.request, here, message);
}

export default function CampaignPage() {
  const { campaign, progress, recipientTotal, recipients, members, preview, picker, page, outcomes, offMarket, cancelled } = useLoaderData<typeof loader>();
  const draft = campaign.status === "draft";
  // progress while it is queued and sent; without JavaScript (ReloadWithoutScript) the page showed the counts of the
  // moment it was opened, and nothing said to reload it
  const going = !draft && (campaign.status === "sending" || progress.queued > 0);
  useRefreshWhile(going);
  return (
    <>
      <ReloadWithoutScript active={going} />
      <PageHeader title={campaign.subject} back={{ to: "/admin/marketing/bulk-email", label: "Bulk e-mail" }} />
      <p className="mb-4 text-sm text-slate-600">
        To the list <Link to={`/admin/marketing/lists/${campaign.listId}`} className="link">{campaign.listName}</Link>
        {campaign.projectName ? `, promoting ${campaign.projectName}` : ""}.{" "}
        {draft ? "Not sent yet." : cancelled ? null : campaign.status === "sending" ? "Queueing its e-mails." : campaign.scheduledFor ? `Scheduled for ${formatDateTime(campaign.scheduledFor)}: its e-mails are held until then.` : `Sent ${formatDateTime(campaign.sentAt)}.`}
      </p>
      {cancelled ? (
        <p className="mb-4 text-sm font-medium" data-testid="campaign-cancelled">
          Cancelled: {cancelledSummary(cancelled, "e-mails")}
        </p>
      ) : null}
      {draft ? null : (
        <CampaignProgress
          counts={[
            ["Queued", progress.queued + progress.held, "queued"],
            ["Sent", progress.sent, "sent"],
            ["Failed", progress.failed - (cancelled?.cancelled ?? 0), "failed"],
            ...(cancelled ? [["Cancelled", cancelled.cancelled, "cancelled"] as const] : []),
            ["Suppressed", campaign.suppressed, "suppressed"],
            ["Unreachable", campaign.unreachable, "unreachable"],
          ]}
        />
      )}
      <section className="card mb-6" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h2>
        <PreviewPicker members={members} selected={preview?.customerId} picker={picker} />
        {preview ? (
          <div data-testid="campaign-preview">
            <p className="mb-2 font-medium">{preview.subject}</p>
            {/* the HTML part as a mail app draws it: in a frame of its own, where nothing of it can run */}
            <iframe title="The e-mail as sent (HTML)" srcDoc={"html" in preview ? preview.html : ""} sandbox="" className="h-96 w-full rounded border border-slate-200 bg-white" />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-slate-600">As text, for mail apps that show text only</summary>
              <div className="mt-2 whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-3 text-sm">{preview.body}</div>
            </details>
          </div>
        ) : (
          <p>Nobody is on this list now.</p>
        )}
      </section>
      <CampaignSendForms status={campaign.status} offMarket={offMarket} unsent={progress.queued + progress.held} test={{ label: "Send a test to me" }} />
      {outcomes ? <CampaignOutcomes outcomes={outcomes} /> : null}
      {draft ? null : <CampaignRecipients campaignId={campaign.id} rows={recipients} page={page} pageSize={PAGE_SIZE} total={recipientTotal} />}
    </>
  );
}
