import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useEffect } from "react";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { readForm } from "~/.server/body";
import { clientAddress, idParam, notFound } from "~/.server/http";
import { invalid } from "~/.server/replies";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { formatNumber } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { campaignActionSchema } from "~/lib/schemas/marketing";
import { campaignProgress, campaignRecipients, findCampaign, previewCampaign, sendCampaign, sendTestToSelf } from "~/models/campaigns.server";

export const meta = () => titleMeta("Campaign");

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const campaign = await findCampaign(services.db, { campaignId: idParam(args.params) });
  if (!campaign) throw notFound();
  const params = new URL(args.request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  const [progress, recipients, { members, preview }] = await Promise.all([
    campaignProgress(services.db, { campaignId: campaign.id }),
    campaignRecipients(services.db, { campaignId: campaign.id, page, pageSize: PAGE_SIZE }),
    previewCampaign(services, { campaign, customerId: Number(params.get("customerId")) || undefined }),
  ]);
  return json({
    campaign: {
      id: campaign.id,
      subject: campaign.subject,
      status: campaign.status,
      listId: campaign.listId,
      listName: campaign.listName,
      projectName: campaign.projectName,
      total: campaign.total,
      suppressed: campaign.suppressed,
      unreachable: campaign.unreachable,
      sentAt: campaign.sentAt,
    },
    progress,
    recipients,
    members,
    preview,
    page,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const campaign = await findCampaign(services.db, { campaignId: idParam(args.params) });
  if (!campaign) throw notFound();
  const submission = parseWithZod(await readForm(args.request), { schema: campaignActionSchema });
  if (submission.status !== "success") return invalid(submission);
  const here = `/admin/marketing/bulk-email/${campaign.id}`;
  if (submission.value.intent === "test") {
    await sendTestToSelf(services, { campaign, to: user.email });
    return redirectWithNotification(services, args.request, here, `A test is on its way to ${user.email}.`);
  }
  const sent = await sendCampaign(services, { campaignId: campaign.id, actor: user, address: clientAddress(args.request) });
  const queued = sent?.queued ?? 0;
  const message = sent?.started ? `Sending to ${formatNumber(queued)} recipient${queued === 1 ? "" : "s"}.` : "This campaign was sent already: nothing was sent twice.";
  return redirectWithNotification(services, args.request, here, message);
}

/** With JavaScript, progress refreshes itself while messages wait; without, a reload shows it. */
function useRefreshWhile(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => state === "idle" && revalidate(), 3000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

export default function CampaignPage() {
  const { campaign, progress, recipients, members, preview, page } = useLoaderData<typeof loader>();
  const draft = campaign.status === "draft";
  useRefreshWhile(!draft && (campaign.status === "sending" || progress.queued > 0));
  const n = formatNumber;
  return (
    <>
      <PageHeader title={campaign.subject} back={{ to: "/admin/marketing/bulk-email", label: "Bulk e-mail" }} />
      <p className="mb-4 text-sm text-slate-600">
        To the list <Link to={`/admin/marketing/lists/${campaign.listId}`} className="link">{campaign.listName}</Link>
        {campaign.projectName ? `, promoting ${campaign.projectName}` : ""}.{" "}
        {draft ? "Not sent yet." : `Sent ${formatDateTime(campaign.sentAt)}.`}
      </p>
      {draft ? null : (
        <dl className="card mb-6 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="campaign-progress" aria-live="polite">
          {[
            ["Queued", progress.queued, "queued"],
            ["Sent", progress.sent, "sent"],
            ["Failed", progress.failed, "failed"],
            ["Suppressed", campaign.suppressed, "suppressed"],
            ["Unreachable", campaign.unreachable, "unreachable"],
          ].map(([label, value, key]) => (
            <div key={key}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold" data-testid={`progress-${key}`}>
                {n(Number(value))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <section className="card mb-6" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h2>
        {members.length ? (
          <Form method="get" className="mb-3 flex items-end gap-2">
            <label className="text-sm">
              <span className="label">As received by</span>
              <select name="customerId" defaultValue={preview?.customerId} className="input">
                {members.map((m) => (
                  <option key={m.customerId} value={m.customerId}>
                    {m.customerName}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-secondary">
              Show
            </button>
          </Form>
        ) : null}
        {preview ? (
          <div data-testid="campaign-preview">
            <p className="mb-2 font-medium">{preview.subject}</p>
            <div className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-3 text-sm">{preview.body}</div>
          </div>
        ) : (
          <p>Nobody is on this list now.</p>
        )}
      </section>
      {draft ? (
        <div className="mb-6 flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" name="intent" value="test" className="btn-secondary">
              Send a test to me
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="send" className="btn-primary">
              Send now
            </button>
          </Form>
        </div>
      ) : (
        <>
          {campaign.status === "sending" ? (
            // left half-queued by a crash: sending again adds only the missing rows
            <Form method="post" className="mb-4">
              <button type="submit" name="intent" value="send" className="btn-secondary">
                Finish queueing
              </button>
            </Form>
          ) : null}
          <h2 className="mb-2 text-lg font-semibold">Recipients</h2>
          <SimpleTable caption="Recipients" headers={["Recipient", "Status", "Attempts", "Sent", "Last error"]} count={recipients.length} empty="Nobody was reachable.">
            {recipients.map((r) => (
              <tr key={r.recipient}>
                <td className={cell}>{r.recipient}</td>
                <td className={cell}>{r.status === "pending" ? "Queued" : r.status === "sent" ? "Sent" : "Failed"}</td>
                <td className={cell}>{r.attempts}</td>
                <td className={cell}>{formatDateTime(r.sentAt)}</td>
                <td className={cell}>{r.lastError ?? ""}</td>
              </tr>
            ))}
          </SimpleTable>
          <Pager page={page} pageSize={PAGE_SIZE} total={progress.queued + progress.sent + progress.failed} noun="recipients" />
        </>
      )}
    </>
  );
}
