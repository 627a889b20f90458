/** A bulk upload of listings. What the imported listings become: drafts the seller submits, or listings buyers find at once. */
export const IMPORT_TARGETS = ["draft", "published"] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
/** "cancelled": an admin stopped it before its end; nothing of it was imported. */
export const IMPORT_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
