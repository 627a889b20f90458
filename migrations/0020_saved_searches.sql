CREATE TABLE `saved_search_alerts` (
	`search_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`project_updated_at` integer NOT NULL,
	PRIMARY KEY(`search_id`, `project_id`),
	FOREIGN KEY (`search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text DEFAULT '' NOT NULL,
	`alerts` integer DEFAULT true NOT NULL,
	`last_digest_at` integer,
	`checked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_name_idx` ON `saved_searches` (`user_id`,lower("name"));--> statement-breakpoint
CREATE INDEX `saved_searches_due_idx` ON `saved_searches` (`alerts`,`checked_at`);--> statement-breakpoint
CREATE INDEX `projects_visible_updated_idx` ON `projects` (`updated_at`,`id`) WHERE "projects"."status" in ('published', 'under_offer');