import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { idParam, notFound } from "~/.server/http";
import { csvAttachment } from "~/.server/csv-download";
import { csvLine } from "~/lib/csv";
import { recipientState } from "~/lib/marketing";
import { campaignRecipients, findCampaign } from "~/models/campaigns.server";

const CHUNK = 500;
const iso = (value: Date | null) => (value ? value.toISOString() : "");

/** Every recipient of an e-mail or SMS campaign and where its message stands, streamed a chunk at a time. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const campaign = await findCampaign(services.db, { campaignId: idParam(args.params) });
  if (!campaign) throw notFound();
  const encoder = new TextEncoder();
  let page = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (page === 0) {
          page = 1;
          controller.enqueue(encoder.encode(csvLine(["recipient", "status", "attempts", "segments", "due", "sent", "last error"])));
          return;
        }
        const rows = await campaignRecipients(services.db, { campaignId: campaign.id, page: page++, pageSize: CHUNK });
        if (!rows.length) return controller.close();
        controller.enqueue(
          encoder.encode(rows.map((r) => csvLine([r.recipient, recipientState(r), r.attempts, r.segments ?? "", iso(r.dueAt), iso(r.sentAt), r.lastError ?? ""])).join("")),
        );
      } catch (error) {
        console.error("campaign recipients.csv: the export stopped", error);
        controller.error(error);
      }
    },
  });
  return csvAttachment(services.env, stream, `campaign-${campaign.id}-recipients.csv`);
}
