import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { chunkedCsv, csvAttachment, csvDateTime } from "~/.server/csv-download";
import { recipientState } from "~/lib/marketing";
import { campaignRecipients, findCampaign } from "~/models/campaigns.server";

const CHUNK = 500;

/** Every recipient of an e-mail or SMS campaign and where its message stands, streamed a chunk at a time. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const campaign = await findCampaign(services.db, { campaignId: idParam(args.params) });
  if (!campaign) throw notFound();
  let page = 1;
  const stream = chunkedCsv(
    ["recipient", "status", "attempts", "segments", "due", "sent", "last error"],
    async () => {
      const rows = await campaignRecipients(services.db, { campaignId: campaign.id, page: page++, pageSize: CHUNK });
      return rows.map((r) => [r.recipient, recipientState(r), r.attempts, r.segments ?? "", csvDateTime(r.dueAt), csvDateTime(r.sentAt), r.lastError ?? ""]);
    },
    "campaign recipients.csv",
  );
  return csvAttachment(services.env, stream, `campaign-${campaign.id}-recipients.csv`);
}
