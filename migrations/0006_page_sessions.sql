CREATE TABLE `page_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`route` text NOT NULL,
	`page_type` text NOT NULL,
	`project_id` integer,
	`session_start` integer NOT NULL,
	`session_end` integer NOT NULL,
	`total_duration` integer NOT NULL,
	`active_time` integer NOT NULL,
	`scroll_depth_max` real NOT NULL,
	`record` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_sessions_project_idx` ON `page_sessions` (`project_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `page_sessions_user_idx` ON `page_sessions` (`user_id`,`session_start`);--> statement-breakpoint
CREATE INDEX `page_sessions_type_idx` ON `page_sessions` (`page_type`,`session_start`);