CREATE TABLE `daily_project_looks` (
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`counted` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`kind`, `user_id`, `day`, `project_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_project_looks_day_idx` ON `daily_project_looks` (`day`);