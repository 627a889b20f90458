DROP INDEX `projects_status_published_idx`;--> statement-breakpoint
DROP INDEX `projects_status_industry_idx`;--> statement-breakpoint
DROP INDEX `projects_status_location_idx`;--> statement-breakpoint
DROP INDEX `projects_status_size_idx`;--> statement-breakpoint
CREATE INDEX `projects_visible_published_idx` ON `projects` (`published_at`,`id`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_size_idx` ON `projects` (`size`,`id`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_rate_idx` ON `projects` (`wa_interest`,`id`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_industry_idx` ON `projects` (`industry`,`published_at`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_location_idx` ON `projects` (`location`,`published_at`) WHERE "projects"."status" in ('published', 'under_offer');--> statement-breakpoint
CREATE INDEX `projects_visible_term_idx` ON `projects` (`term`,`published_at`) WHERE "projects"."status" in ('published', 'under_offer');