/** On-boarding chats (issue #12): a member's guided first conversation, kept as a transcript. */

/** Which conversation a member has: buyers and brokers tell what they buy, sellers what they sell. */
export const ONBOARD_SIDES = ["buyer", "seller"] as const;
export type OnboardSide = (typeof ONBOARD_SIDES)[number];
export const ONBOARD_SIDE_LABELS: Record<OnboardSide, string> = { buyer: "Buyer", seller: "Seller" };

export const ONBOARD_STATUSES = ["in_progress", "completed"] as const;
export type OnboardStatus = (typeof ONBOARD_STATUSES)[number];
export const ONBOARD_STATUS_LABELS: Record<OnboardStatus, string> = { in_progress: "In progress", completed: "Completed" };

/**
 * One turn of the conversation, appended as it happens: going back and answering a
 * question again replaces that question's turn (decision 120), so the transcript is the
 * answers that count, in the order last given.
 */
export type TranscriptEntry = { step: string; question: string; answer: string; skipped?: boolean; at: string };

export const ONBOARD_PAGE_SIZE = 25;
