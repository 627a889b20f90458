-- The buyer search sorts by any of its columns: name, maturity and amount had no index to walk, so
-- a page of 25 sorted every visible listing (40–105 ms at 100,000). A buyer's deals and home read
-- their own passes, which had only the project's index.
CREATE INDEX `feedback_buyer_idx` ON `feedback` (`buyer_id`);--> statement-breakpoint
CREATE INDEX `projects_visible_name_idx` ON `projects` (`project_name`,`id`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_maturity_idx` ON `projects` (`maturity_date`,`id`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_amount_idx` ON `projects` (`loan_amount`,`id`) WHERE "projects"."status" in ('published', 'under_offer');