DROP INDEX `projects_status_idx`;--> statement-breakpoint
CREATE INDEX `projects_status_term_idx` ON `projects` (`status`,`term`);--> statement-breakpoint
CREATE INDEX `projects_visible_industry_size_idx` ON `projects` (`industry`,`size`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_location_size_idx` ON `projects` (`location`,`size`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_term_size_idx` ON `projects` (`term`,`size`) WHERE "projects"."status" in ('published', 'under_offer');