/** A bulk upload of listings. What the imported listings become: drafts the seller submits, or listings buyers find at once. */
export const IMPORT_TARGETS = ["draft", "published"] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export const IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
