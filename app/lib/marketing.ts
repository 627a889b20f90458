/** Recipient lists, suppressions and campaigns (issue #14): the names shared by schema, forms and pages. */
import { formatNumber } from "./format";

export const LIST_CHANNELS = ["email", "sms", "both"] as const;
export type ListChannel = (typeof LIST_CHANNELS)[number];
export const LIST_CHANNEL_LABELS: Record<ListChannel, string> = { email: "E-mail", sms: "SMS", both: "E-mail and SMS" };

/** How a list names its members: picked rows, the /admin/customers filters, or the buyers a project fits. */
export const LIST_KINDS = ["selection", "filters", "project"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The frozen definition; members are resolved from it at send time. */
export type ListDefinition = { customerIds: number[] } | { query: string } | { projectId: number };

export const SUPPRESSION_CHANNELS = ["email", "sms"] as const;
export type SuppressionChannel = (typeof SUPPRESSION_CHANNELS)[number];
export const SUPPRESSION_REASONS = ["unsubscribed", "bounced", "complained", "stop"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** "cancelled": an admin stopped it while it was queued or sent; what went before stays sent. */
export const CAMPAIGN_STATUSES = ["draft", "sending", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a cancelled campaign's page and the cancel's notice say: how many went before it, and that the rest did not. */
export function cancelledSummary({ sent, cancelled }: { sent: number; cancelled: number }, nouns: string) {
  return `${formatNumber(sent)} ${nouns} sent before the cancel; the other ${formatNumber(cancelled)} ${cancelled === 1 ? "was" : "were"} not sent.`;
}

/** A campaign recipient's outbox row, as far as where its message stands goes. */
export type RecipientRowState = { status: "pending" | "sent" | "failed"; held: boolean; cancelled?: boolean; suppressedAs?: string | null };

/**
 * Where a recipient's message stands, the same on the campaign's page and in its CSV: a pending row is
 * held (not tried, due later: quiet hours or a schedule) or queued (due, being sent, or retrying); a row
 * given up by the campaign's cancel is cancelled.
 */
export function recipientState(row: RecipientRowState) {
  // the provider's bounce, complaint or unsubscribe comes after delivery and outranks it; a suppression
  // of a row not sent says nothing of it (the outbox still sends a queued one)
  if (row.status === "sent" && row.suppressedAs) return `sent, then ${row.suppressedAs}`;
  if (row.status === "pending") return row.held ? "held" : "queued";
  // given up unsent because an admin cancelled the campaign: nothing failed
  if (row.status === "failed" && row.cancelled) return "cancelled";
  return row.status;
}

/** Addresses are compared lower-cased and trimmed, here and in the suppression list. */
export const normalAddress = (address: string) => address.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

/** A list's size and who on it cannot be reached, on each channel it is for (null for the other). */
export type Reach = {
  size: number;
  email: { noAddress: number; suppressed: number; reachable: number } | null;
  sms: { noPhone: number; invalidPhone: number; suppressed: number; noAllowance: number; reachable: number } | null;
};
