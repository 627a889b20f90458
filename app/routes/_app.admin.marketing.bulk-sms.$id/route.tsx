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
import { SmsCountLine } from "~/components/sms-count-line";
import { formatNumber } from "~/lib/format";
import { cancelledSummary } from "~/lib/marketing";
import { titleMeta } from "~/lib/meta";
import { cancelCampaign, changeDraftProject, PROJECT_OFF_MARKET, sendCampaign, sendTestToSelf } from "~/models/campaigns.server";
import { campaignPage, requireChannelCampaign, testPhoneOf } from "~/models/campaign-page.server";
import { CampaignOutcomes } from "~/components/campaign-outcomes";
import { parseWithZod, campaignActionSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Bulk SMS");

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const campaign = await requireChannelCampaign(services.db, args.params, "sms");
  return { ...(await campaignPage(services, { campaign, request: args.request, pageSize: PAGE_SIZE })), myPhone: testPhoneOf(user.phone) };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const campaign = await requireChannelCampaign(services.db, args.params, "sms");
  const submission = parseWithZod(await readForm(args.request), { schema: campaignActionSchema() });
  if (submission.status !== "success") return invalid(submission);
  const here = `/admin/marketing/bulk-sms/${campaign.id}`;
  if (submission.value.intent === "test") {
    const phone = testPhoneOf(user.phone);
    if (!phone) return redirectWithNotification(services, args.request, here, "Add an international phone number to your profile to send yourself a test.", "error");
    await sendTestToSelf(services, { campaign, to: phone });
    return redirectWithNotification(services, args.request, here, `A test is on its way to ${phone}.`);
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
    return redirectWithNotification(services, args.request, here, `Campaign cancelled: ${cancelledSummary(stopped, "texts")}`);
  }
  const sent = await sendCampaign(services, { campaignId: campaign.id, actor: user, address: clientAddress(args.request) });
  if (sent && "offMarket" in sent) return refuse(submission, PROJECT_OFF_MARKET, 409);
  const queued = sent?.queued ?? 0;
  const to = `${formatNumber(queued)} number${queued === 1 ? "" : "s"}`;
  // "Finish queueing" after a restart cut the queueing off: the rest was written and paid for, none twice
  const message = sent?.started ? `Sending to ${to}.` : sent && "resumed" in sent ? `Queueing finished: ${to} in all, nobody twice.` : "This text was sent already: nothing was sent twice.";
  return redirectWithNotification(services, args.request, here, message);
}

export default function SmsCampaignPage() {
  const { campaign, progress, recipientTotal, recipients, members, preview, picker, page, myPhone, outcomes, offMarket, cancelled } = useLoaderData<typeof loader>();
  const draft = campaign.status === "draft";
  // progress while it is queued and sent; without JavaScript (ReloadWithoutScript) the page showed the counts of the
  // moment it was opened, and nothing said to reload it
  const going = !draft && (campaign.status === "sending" || progress.queued > 0);
  useRefreshWhile(going);
  const done = recipientTotal ? Math.round(((progress.sent + progress.failed) / recipientTotal) * 100) : 100;
  return (
    <>
      <ReloadWithoutScript active={going} />
      <PageHeader title="Bulk SMS">
        <Link to="/admin/marketing/bulk-sms" className="link">
          All texts
        </Link>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        To the list <Link to={`/admin/marketing/lists/${campaign.listId}`} className="link">{campaign.listName}</Link>
        {campaign.projectName ? `, promoting ${campaign.projectName}` : ""}.{" "}
        {draft ? "Not sent yet." : cancelled ? null : campaign.status === "sending" ? "Queueing its texts." : `${campaign.scheduledFor ? `Scheduled for ${formatDateTime(campaign.scheduledFor)}` : `Sent ${formatDateTime(campaign.sentAt)}`}; texts that would arrive between 21:00 and 08:00 at a company's headquarters are held until 08:00 there.`}
      </p>
      {cancelled ? (
        <p className="mb-4 text-sm font-medium" data-testid="campaign-cancelled">
          Cancelled: {cancelledSummary(cancelled, "texts")}
        </p>
      ) : null}
      {draft ? null : (
        <>
          {/* while queueing, the rows written so far are not the list: a share of them is no "done" */}
          {campaign.status === "sending" ? null : (
            <p className="mb-2 text-sm font-medium" data-testid="progress-done">
              {done} % done
            </p>
          )}
          <CampaignProgress
            counts={[
              ["Queued", progress.queued, "queued"],
              [campaign.scheduledFor ? "Held until the schedule or quiet hours end" : "Held for quiet hours", progress.held, "held"],
              ["Sent", progress.sent, "sent"],
              ["Failed", progress.failed - (cancelled?.cancelled ?? 0), "failed"],
              ...(cancelled ? [["Cancelled", cancelled.cancelled, "cancelled"] as const] : []),
              ["Opted out", campaign.suppressed, "suppressed"],
              ["No valid phone", campaign.unreachable, "unreachable"],
              ["No allowance", campaign.noAllowance, "no-allowance"],
            ]}
          />
        </>
      )}
      <section className="card mb-6" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h2>
        <PreviewPicker members={members} selected={preview?.customerId} picker={picker} />
        {preview ? (
          <div data-testid="campaign-preview" className="space-y-2">
            <div className="max-w-sm whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">{preview.body}</div>
            {preview.count ? <SmsCountLine count={preview.count} merged /> : null}
          </div>
        ) : (
          <p>Nobody is on this list now.</p>
        )}
      </section>
      <CampaignSendForms status={campaign.status} offMarket={offMarket} unsent={progress.queued + progress.held} test={{ label: "Send a test to my phone", disabledReason: myPhone ? undefined : "Your profile has no international phone number" }} />
      {outcomes ? <CampaignOutcomes outcomes={outcomes} /> : null}
      {draft ? null : (
        <>
          <CampaignRecipients
            campaignId={campaign.id}
            rows={recipients}
            page={page}
            pageSize={PAGE_SIZE}
            total={recipientTotal}
           
            extra={{ header: "Segments", value: (i) => recipients[i]?.segments ?? "" }}
          />
        </>
      )}
    </>
  );
}
