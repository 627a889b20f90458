/** An outbox message's states (the admin's status filter). */
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** How the admin's pages name each state: the outbox's filter and a customer's timeline. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "Sent", failed: "Failed" };
