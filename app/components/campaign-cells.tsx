import { formatNumber } from "~/lib/format";
import type { CampaignStatus } from "~/lib/marketing";
import { DateTime, formatDateTime } from "./data-table";

const STATUS_LABELS: Record<CampaignStatus, string> = { draft: "Draft", sending: "Sending", sent: "Sent", cancelled: "Cancelled" };

/**
 * A compose page's campaign row after its first cell (the e-mail's subject, the text's start): its
 * list, status, members (once sent) and creation. Apart from campaign.tsx, which the compose pages
 * would otherwise load whole.
 */
export function CampaignCells({ campaign }: { campaign: { listName: string; status: CampaignStatus; scheduledFor: string | null; total: number; createdAt: string } }) {
  return (
    <>
      <td>{campaign.listName}</td>
      <td>{campaign.scheduledFor ? `Scheduled for ${formatDateTime(campaign.scheduledFor)}` : STATUS_LABELS[campaign.status]}</td>
      <td>{campaign.status === "draft" ? "—" : formatNumber(campaign.total)}</td>
      <td><DateTime at={campaign.createdAt} /></td>
    </>
  );
}
