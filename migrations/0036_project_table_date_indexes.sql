-- The seller's and the admin's project tables open sorted by a project's date (published, else
-- submitted, else created). Without an index on that expression every page sorted every project
-- it could show. drizzle-kit generated these with the expression split at its commas; written by hand.
CREATE INDEX `projects_table_date_idx` ON `projects` (coalesce(`published_at`, `submitted_at`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `projects_seller_date_idx` ON `projects` (`seller_id`, coalesce(`published_at`, `submitted_at`, `created_at`), `id`);
